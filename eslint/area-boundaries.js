import path from 'node:path';

/**
 * Areas talk through their index.ts: a file may import another area only as
 * `<areas>/<name>` or `<areas>/<name>/index`, never a file inside it. Areas are the folders of
 * `server/modules/` and `src/features/`; a client area's routes.tsx is its entry for the route
 * tree too. Tests may reach inside (they test internals).
 */
const AREA_ROOTS = ['server/modules', 'src/features'];
const ALIASES = { '@/': 'src/', '@server/': 'server/', '@contracts/': 'contracts/' };

function resolve(fromFile, source, root) {
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (source.startsWith(alias)) return path.join(root, target, source.slice(alias.length));
  }
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

function areaOf(file, root) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  for (const areas of AREA_ROOTS) {
    if (relative.startsWith(`${areas}/`)) {
      const [name, ...rest] = relative.slice(areas.length + 1).split('/');
      if (rest.length === 0) return { areas, name: null, rest: [] }; // e.g. server/modules/index.ts
      return { areas, name, rest };
    }
  }
  return null;
}

/** An area's entry: its index.ts; on the client also routes.tsx, the route seam of src/app. */
const isEntry = (areas, rest) =>
  rest.length === 0 ||
  (rest.length === 1 &&
    (/^index(\.tsx?)?$/.test(rest[0]) ||
      (areas === 'src/features' && /^routes(\.tsx)?$/.test(rest[0]))));

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import another area only through its index.ts' },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches inside the {{area}} area; import it from '{{entry}}' (its index.ts) or move the shared part to the core.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative.startsWith('tests/') || /\.test\.tsx?$/.test(relative)) return {};
    const here = areaOf(file, root);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolve(file, source, root);
      if (!target) return;
      const there = areaOf(target, root);
      if (!there || there.name === null) return;
      if (here && here.areas === there.areas && here.name === there.name) return;
      if (isEntry(there.areas, there.rest)) return;
      context.report({
        node,
        messageId: 'internal',
        data: { source, area: there.name, entry: `${there.areas}/${there.name}` },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
