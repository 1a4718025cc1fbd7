import type { Plugin, Rollup } from 'vite';

/**
 * Which modules a root (the app's entry, the signed-in frame ...) runs when it loads: the
 * modules whose bindings it imports statically, directly or through others, followed through
 * barrels (index files that only re-export) name by name. Following a barrel's imports
 * wholesale would count every component of `@fluentui/react-components` as needed because one
 * screen somewhere uses it. Dynamic imports end the walk: a lazily loaded screen is not needed.
 *
 * Groups are walked in order, and a module belongs to the first group that needs it, except
 * that a group named in `alone` (one that the pages of later groups never load, like sign-in)
 * gives what a later group needs too to the first group: otherwise the signed-in frame would
 * fetch the sign-in page's chunks for one shared helper. The walk
 * is module by module (a module some of whose exports are needed counts whole) and errs
 * towards counting: a name it cannot place counts every `export *` source that may hold it.
 */
export function loadGroups(
  groups: [name: string, roots: string[]][],
  { alone = [] }: { alone?: string[] } = {},
): {
  plugin: Plugin;
  groupOf: (id: string) => string | undefined;
} {
  let groupById = new Map<string, string>();
  const plugin: Plugin = {
    name: 'teamloop:load-groups',
    apply: 'build',
    buildStart() {
      groupById = new Map();
    },
    async buildEnd(error) {
      if (error) return;
      const found = new Map<string, string>();
      for (const [name, roots] of groups) {
        const ids: string[] = [];
        for (const root of roots) {
          const resolved = await this.resolve(root, groups[0][1][0]);
          if (resolved && !resolved.external) ids.push(resolved.id);
        }
        for (const id of await walk(this, ids)) {
          const earlier = found.get(id);
          if (earlier === undefined) found.set(id, name);
          else if (alone.includes(earlier)) found.set(id, groups[0][0]);
        }
      }
      groupById = found;
    },
  };
  return { plugin, groupOf: (id) => groupById.get(id) };
}

type Context = Rollup.PluginContext;

/** A minimal view of the ESTree nodes read here. */
interface Node {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: Node[];
  declaration?: Node | null;
  declarations?: Node[];
  id?: Node | null;
  imported?: Node;
  local?: Node;
  exported?: Node | null;
  name?: string;
  value?: unknown;
}

const nameOf = (node: Node | null | undefined) =>
  node ? (node.name ?? (typeof node.value === 'string' ? node.value : undefined)) : undefined;

interface Shape {
  /** Statements other than imports and re-exports: including the module runs code. */
  hasCode: boolean;
  imports: { source: string; names: (string | null)[] }[];
  locals: Set<string>;
  reexports: Map<string, { source: string; name: string }>;
  stars: string[];
}

/** Whether a module runs code of its own (a barrel only imports and re-exports). */
export function hasOwnCode(ast: unknown): boolean {
  const body = (ast as { body?: Node[] } | null)?.body;
  return body ? shapeOf(body).hasCode : true;
}

function shapeOf(body: Node[]): Shape {
  const shape: Shape = {
    hasCode: false,
    imports: [],
    locals: new Set(),
    reexports: new Map(),
    stars: [],
  };
  for (const node of body) {
    const source = typeof node.source?.value === 'string' ? node.source.value : undefined;
    if (node.type === 'ImportDeclaration' && source) {
      const names = (node.specifiers ?? []).map((specifier) =>
        specifier.type === 'ImportDefaultSpecifier'
          ? 'default'
          : specifier.type === 'ImportNamespaceSpecifier'
            ? '*'
            : (nameOf(specifier.imported) ?? null),
      );
      shape.imports.push({ source, names: names.length > 0 ? names : [null] });
    } else if (node.type === 'ExportAllDeclaration' && source) {
      const as = nameOf(node.exported);
      if (as) shape.reexports.set(as, { source, name: '*' });
      else shape.stars.push(source);
    } else if (node.type === 'ExportNamedDeclaration' && source) {
      for (const specifier of node.specifiers ?? []) {
        const as = nameOf(specifier.exported);
        const name = nameOf(specifier.local);
        if (as && name) shape.reexports.set(as, { source, name });
      }
    } else {
      shape.hasCode = true;
      if (node.type === 'ExportDefaultDeclaration') shape.locals.add('default');
      if (node.type === 'ExportNamedDeclaration') {
        const declared = node.declaration;
        for (const each of declared?.declarations ?? []) {
          const name = nameOf(each.id);
          if (name) shape.locals.add(name);
        }
        const name = nameOf(declared?.id);
        if (name) shape.locals.add(name);
        for (const specifier of node.specifiers ?? []) {
          const as = nameOf(specifier.exported);
          if (as) shape.locals.add(as);
        }
      }
    }
  }
  return shape;
}

async function walk(context: Context, roots: string[]): Promise<Set<string>> {
  const included = new Set<string>();
  const asked = new Set<string>();
  const shapes = new Map<string, Shape | null>();
  const resolved = new Map<string, Promise<string | null>>();

  const resolve = (source: string, importer: string) => {
    const key = `${importer}\n${source}`;
    let found = resolved.get(key);
    if (!found) {
      found = context
        .resolve(source, importer)
        .then((result) => (result && !result.external ? result.id : null));
      resolved.set(key, found);
    }
    return found;
  };
  const shape = (id: string) => {
    if (!shapes.has(id)) {
      const ast = context.getModuleInfo(id)?.ast as { body?: Node[] } | null | undefined;
      shapes.set(id, ast?.body ? shapeOf(ast.body) : null);
    }
    return shapes.get(id)!;
  };

  /** `name` of module `id` is used (`*`: all of it; null: only its side effects). */
  const need = async (id: string, name: string | null): Promise<void> => {
    const key = `${id}\n${name}`;
    if (asked.has(key)) return;
    asked.add(key);
    const module = shape(id);
    if (!module) {
      included.add(id);
      return;
    }
    // A name found nowhere (CommonJS interop, say) counts the module itself.
    const unplaced =
      name !== null &&
      name !== '*' &&
      !module.locals.has(name) &&
      !module.reexports.has(name) &&
      module.stars.length === 0;
    const runs = name === null || name === '*' || module.locals.has(name) || unplaced;
    if (runs && module.hasCode && !included.has(id)) {
      included.add(id);
      await Promise.all(
        module.imports.map(async ({ source, names }) => {
          const target = await resolve(source, id);
          if (target) await Promise.all(names.map((each) => need(target, each)));
        }),
      );
    }
    if (name === null || module.locals.has(name) || unplaced) return;
    const targets: [string, string][] =
      name === '*'
        ? [
            ...[...module.reexports.values()].map(
              ({ source }) => [source, '*'] as [string, string],
            ),
            ...module.stars.map((source) => [source, '*'] as [string, string]),
          ]
        : module.reexports.has(name)
          ? [[module.reexports.get(name)!.source, module.reexports.get(name)!.name]]
          : module.stars.map((source) => [source, name] as [string, string]);
    await Promise.all(
      targets.map(async ([source, wanted]) => {
        const target = await resolve(source, id);
        if (target) await need(target, wanted);
      }),
    );
  };

  await Promise.all(roots.map((root) => need(root, '*')));
  return included;
}
