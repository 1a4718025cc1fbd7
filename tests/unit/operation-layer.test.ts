import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The operation layer (docs/decisions/operations.md): rules live in
 * `server/modules/<area>/operations/`, which never sees Fastify, and route files only translate
 * HTTP to operations. Route files written before the layer still query the database; each may
 * only shrink (this list is lowered as they move to operations), and no other route file may.
 */
const LEGACY_QUERIES: Record<string, number> = {
  'account/routes.ts': 9,
  'assessments/routes.ts': 31,
  'auth/routes.ts': 16,
  'client-logs/routes.ts': 1,
  'lti/routes.ts': 21,
  'messaging/chat-routes.ts': 20,
  'messaging/core-routes.ts': 5,
  'notifications/meeting-routes.ts': 8,
  'notifications/routes.ts': 10,
  'profile/file-routes.ts': 4,
  'profile/lookup-routes.ts': 2,
  'profile/people-routes.ts': 4,
  'profile/settings-routes.ts': 6,
  'tasks/reminder-routes.ts': 3,
  'tasks/tag-routes.ts': 5,
  'tasks/task-routes.ts': 5,
  'tasks/work-routes.ts': 2,
  'team-formation/confirm-routes.ts': 4,
  'team-formation/routes.ts': 11,
  'workspaces/criteria/routes.ts': 17,
};

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

  it('has no route file that queries the database, beyond what older ones still do', () => {
    const found: Record<string, number> = {};
    for (const file of sources.filter((f) => /routes?\.ts$/.test(path.basename(f)))) {
      const calls = readFileSync(file, 'utf8').match(DATABASE_CALL)?.length ?? 0;
      if (calls > 0) found[relative(file)] = calls;
    }
    const grown = Object.entries(found).filter(([file, n]) => n > (LEGACY_QUERIES[file] ?? 0));
    expect(
      grown,
      'route files with database calls of their own: move them into operations',
    ).toEqual([]);
    // A file that moved its queries out lowers (or leaves) the list, so it cannot grow back.
    const shrunk = Object.entries(LEGACY_QUERIES).filter(([file, n]) => (found[file] ?? 0) < n);
    expect(shrunk, 'lower these counts in LEGACY_QUERIES').toEqual([]);
  });
});
