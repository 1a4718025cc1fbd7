import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The operation layer (docs/decisions/operations.md): rules live in
 * `server/modules/<area>/operations/`, which never sees Fastify, and route files only translate
 * HTTP to operations: none queries the database itself.
 */

const MODULES = 'server/modules';
const DATABASE_CALL =
  /\b(db|tx|database)\s*\.\s*(select|selectDistinct|insert|update|delete|transaction|execute|query|queryNamed)\b|\bqueryRows\s*\(/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}
const sources = filesUnder(MODULES).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const relative = (file: string) => path.relative(MODULES, file).split(path.sep).join('/');

describe('the operation layer', () => {
  it('has no operation that imports Fastify', () => {
    const offenders = sources
      .filter((file) => file.split(path.sep).includes('operations'))
      .filter((file) =>
        /from\s+['"](fastify|@fastify\/[^'"]+)['"]/.test(readFileSync(file, 'utf8')),
      )
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it('has no route file, nor any file that sees a request or reply, that queries the database', () => {
    const http = sources.filter(
      (file) =>
        /routes?\.ts$/.test(path.basename(file)) ||
        /\bFastify(Request|Reply)\b/.test(readFileSync(file, 'utf8')),
    );
    const offenders = http
      .filter((file) => (readFileSync(file, 'utf8').match(DATABASE_CALL)?.length ?? 0) > 0)
      .map(relative);
    expect(
      offenders,
      'HTTP code with database calls of its own: move them into operations',
    ).toEqual([]);
  });
});
