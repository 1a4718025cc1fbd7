import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every key in one language exists in the other, and every literal translation key the client
 * uses ('ns:key' in src/ and tabs/) exists in English. Plural forms count as their base key:
 * Vietnamese has only `_other` where English has `_one` and `_other`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LANGUAGES = ['en', 'vi'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = Record<string, unknown>;

function loadLanguage(language: string): Record<string, Tree> {
  const dir = path.join(root, 'locales', language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -'.json'.length),
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')),
      ]),
  );
}

/** Every leaf as `ns:path.to.key` with plural suffixes folded into the base key. */
function leafKeys(namespaces: Record<string, Tree>): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, `${prefix}.${key}`);
    } else {
      keys.add(prefix.replace(PLURAL_SUFFIX, ''));
    }
  };
  for (const [namespace, tree] of Object.entries(namespaces)) {
    for (const [key, child] of Object.entries(tree)) walk(child, `${namespace}:${key}`);
  }
  return keys;
}

/** Whether `ns:a.b` names a node (a text, or a group read with returnObjects) or a plural. */
function resolves(namespaces: Record<string, Tree>, namespace: string, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: unknown = namespaces[namespace];
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Tree)[part];
  }
  if (node === null || typeof node !== 'object') return false;
  const parent = node as Tree;
  return last in parent || `${last}_one` in parent || `${last}_other` in parent;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const catalogues = Object.fromEntries(LANGUAGES.map((l) => [l, loadLanguage(l)])) as Record<
  (typeof LANGUAGES)[number],
  Record<string, Tree>
>;

describe('locales', () => {
  it('have the same namespace files in every language', () => {
    expect(Object.keys(catalogues.vi).sort()).toEqual(Object.keys(catalogues.en).sort());
  });

  for (const [language, other] of [
    ['en', 'vi'],
    ['vi', 'en'],
  ] as const) {
    it(`have every ${language} key in ${other}`, () => {
      const theirs = leafKeys(catalogues[other]);
      const missing = [...leafKeys(catalogues[language])].filter((key) => !theirs.has(key));
      expect(missing, `keys of ${language} missing in ${other}`).toEqual([]);
    });
  }

  it('have every literal key the client uses in English', () => {
    const namespaces = new Set(Object.keys(catalogues.en));
    const missing: string[] = [];
    const unknownNamespace: string[] = [];
    const literal = /(['"`])([a-z][\w-]*):([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)\1/g;
    const translationCall = /(?:\bt\(|i18nKey=)\s*(['"`])([a-z][\w-]*):/g;
    for (const file of [
      ...sourceFiles(path.join(root, 'src')),
      ...sourceFiles(path.join(root, 'tabs')),
    ]) {
      const source = readFileSync(file, 'utf8');
      const where = path.relative(root, file);
      for (const [, , namespace, key] of source.matchAll(literal)) {
        if (namespaces.has(namespace) && !resolves(catalogues.en, namespace, key)) {
          missing.push(`${namespace}:${key} (${where})`);
        }
      }
      for (const [, , namespace] of source.matchAll(translationCall)) {
        if (!namespaces.has(namespace)) unknownNamespace.push(`${namespace}: (${where})`);
      }
    }
    expect(missing, 'keys used in the client but missing from locales/en').toEqual([]);
    expect(unknownNamespace, 'translation calls naming a namespace with no file').toEqual([]);
  });
});
