import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '@server/db/client';
import { users } from '@server/db/schema';

// On PGlite a query with values runs as EXECUTE of a prepared statement with its values written
// as quoted literals (server/db/client.ts): every value must come back exactly as bound.
describe('PGlite prepared statements', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({
      dataDir: mkdtempSync(path.join(tmpdir(), 'teamloop-prepared-')),
      inMemory: true,
    });
  });
  afterAll(() => handle.close());

  const strings = [
    '',
    "O'Brien",
    "''",
    '\\',
    "\\'",
    "'; drop table users; --",
    '$1 $2',
    "E'\\x41'",
    'line\nbreak\ttab\r',
    'Nguyễn Thị Hồng 🎉',
    '{"a": [1, 2]}',
  ];

  it.each(strings)('a string comes back as bound: %j', async (value) => {
    // Twice: the first run prepares, the second runs the prepared statement.
    for (let round = 0; round < 2; round += 1) {
      const [row] = await queryRows<{ v: string }>(handle.db, sql`select ${value}::text as v`);
      expect(row.v).toBe(value);
    }
  });

  it('numbers, booleans and null come back as bound', async () => {
    for (let round = 0; round < 2; round += 1) {
      const [row] = await queryRows<{ i: number; f: number; b: boolean; n: null; t: boolean }>(
        handle.db,
        sql`select ${-42}::int as i, ${1.5}::float8 as f, ${true}::boolean as b,
          ${null}::text as n, ${false}::boolean as t`,
      );
      expect(row).toEqual({ i: -42, f: 1.5, b: true, n: null, t: false });
    }
  });

  it('a written value matches in a WHERE clause, inside and outside a transaction', async () => {
    const email = "o'brien\\test@example.com";
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values({ email, firstName: "D'Arcy \\ O'Brien" });
    });
    for (let round = 0; round < 2; round += 1) {
      const found = await handle.db
        .select({ name: users.firstName })
        .from(users)
        .where(eq(users.email, email));
      expect(found).toEqual([{ name: "D'Arcy \\ O'Brien" }]);
    }
    await expect(
      handle.db.select().from(users).where(eq(users.email, "' or '1'='1")),
    ).resolves.toEqual([]);
  });
});
