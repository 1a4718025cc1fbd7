import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { rowAsJson } from '@server/db/json-row';
import { tasks, users, workspaces } from '@server/db/schema';
import { openTestDatabase } from '../support/database';

// A row read as one JSON column (server/db/json-row.ts) must be the row Drizzle reads column by
// column: dates with microseconds, JSON columns, nulls, enums and numbers alike.
describe('rows read as JSON', () => {
  let handle: DatabaseHandle;
  let userId: number;
  let workspaceId: number;
  beforeAll(async () => {
    handle = await openTestDatabase();
    const { db } = handle;
    const [user] = await db
      .insert(users)
      .values({
        email: 'json@example.com',
        firstName: "Hồng 'O",
        verifiedAt: sql`'2026-11-26 10:11:12.345678+07'`,
        preferences: { nested: { list: [1, 'a', null] }, timezone_confirmed: true },
        recoveryCodes: ['x', 'y'],
        totpLastStep: 12345,
      })
      .returning();
    userId = user.id;
    const [workspace] = await db
      .insert(workspaces)
      .values({
        name: 'JSON',
        workspaceType: 'course',
        createdBy: user.id,
        endDate: '2027-01-31',
        sections: ['tasks'],
      })
      .returning();
    workspaceId = workspace.id;
    await db.insert(tasks).values({
      workspaceId,
      name: 'Essay',
      type: 'owner',
      createdBy: userId,
      expiredAt: sql`'2026-12-01 23:59:59.999999+00'`,
      schema: { color: '#112233' },
    });
  });
  afterAll(() => handle.close());

  it('reads a user, a workspace and a task as their columns do', async () => {
    const { db } = handle;
    const cases = [
      [users, eq(users.id, userId)],
      [workspaces, eq(workspaces.id, workspaceId)],
      [tasks, eq(tasks.workspaceId, workspaceId)],
    ] as const;
    for (const [table, where] of cases) {
      const [byColumns] = await db.select().from(table).where(where);
      const [byJson] = await db
        .select({ row: rowAsJson(table) })
        .from(table)
        .where(where);
      expect(byJson.row).toEqual(byColumns);
      expect(byJson.row.createdAt).toBeInstanceOf(Date);
    }
  });

  it('gives null for a row an outer join did not find', async () => {
    const [row] = await handle.db
      .select({ id: users.id, workspace: rowAsJson(workspaces, { orNull: true }) })
      .from(users)
      .leftJoin(workspaces, eq(workspaces.id, -1))
      .where(eq(users.id, userId));
    expect(row).toEqual({ id: userId, workspace: null });
  });
});
