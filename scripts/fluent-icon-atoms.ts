import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const PACKAGE = '@fluentui/react-icons';

/** Every icon's family file (`svg/<family>`), read off the package's type declarations. */
function familiesByIcon(): Map<string, string> {
  const manifest = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
  const folder = path.join(path.dirname(manifest), 'lib', 'atoms', 'svg');
  const families = new Map<string, string>();
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.d.ts')) continue;
    const family = file.slice(0, -'.d.ts'.length);
    const declarations = readFileSync(path.join(folder, file), 'utf8');
    for (const [, name] of declarations.matchAll(/export declare const (\w+)/g))
      families.set(name, `${PACKAGE}/svg/${family}`);
  }
  return families;
}

interface ImportNode {
  type: string;
  start: number;
  end: number;
  source: { value: unknown };
  specifiers: { type: string; imported?: { name?: string }; local: { name: string } }[];
}

/**
 * Imports each icon from its family's file (`@fluentui/react-icons/svg/person`) instead of the
 * package's index. The index gathers icons in files of hundreds: a chunk that needs one of them
 * (the first load's, say) would carry every icon of that file any screen uses. App code and
 * Fluent's own packages (the presence badge's icons) are both rewritten.
 */
export function fluentIconAtoms(): Plugin {
  let families: Map<string, string> | undefined;
  return {
    name: 'teamloop:fluent-icon-atoms',
    apply: 'build',
    transform(code, id) {
      if (!code.includes(PACKAGE) || id.includes(`/node_modules/${PACKAGE}/`)) return null;
      families ??= familiesByIcon();
      const body = (this.parse(code) as unknown as { body: ImportNode[] }).body;
      let rewritten = '';
      let from = 0;
      for (const node of body) {
        if (node.type !== 'ImportDeclaration' || node.source.value !== PACKAGE) continue;
        const byFile = new Map<string, string[]>();
        for (const specifier of node.specifiers) {
          const name = specifier.imported?.name;
          const file = specifier.type === 'ImportSpecifier' && name && families.get(name);
          const binding =
            name === specifier.local.name ? name : `${name} as ${specifier.local.name}`;
          if (!file) {
            // Not an icon (bundleIcon, a default or namespace import): the statement stays.
            byFile.clear();
            break;
          }
          byFile.set(file, [...(byFile.get(file) ?? []), binding]);
        }
        if (byFile.size === 0) continue;
        const imports = [...byFile].map(
          ([file, bindings]) => `import { ${bindings.join(', ')} } from '${file}';`,
        );
        // As many lines as the statement had, so the source map of the rest still holds.
        const lines = code.slice(node.start, node.end).split('\n').length;
        rewritten += code.slice(from, node.start) + imports.join(' ') + '\n'.repeat(lines - 1);
        from = node.end;
      }
      return from === 0 ? null : { code: rewritten + code.slice(from), map: null };
    },
  };
}
