import { createHash } from 'node:crypto';
import type { DbOrTx } from './client';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A statement that runs at every request, built by Drizzle once per `shape` and database
 * instead of at each call (rebuilding the task list's two statements was a tenth of a request's
 * CPU, profiled). `build` must take every value that varies as a `sql.placeholder`, bound at
 * `execute`: a value written into it would stay that of the first call. The name it gets is
 * one per shape, so one text per name on every connection.
 */
export function preparedOnce<T>(db: DbOrTx, shape: string, build: (name: string) => T): T {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  let statement = byShape.get(shape) as T | undefined;
  if (statement === undefined) {
    statement = build(`p_${createHash('sha1').update(shape).digest('base64url')}`);
    byShape.set(shape, statement);
  }
  return statement;
}
