import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import {
  criteria,
  taskAssignments,
  taskKeyResults,
  taskReviewers,
  tasks,
  taskTags,
  teamMembers,
  teams,
  users,
  workspaceChanges,
  workspaceMembers,
  workspaces,
} from '@server/db/schema';
import { compactWorkspaceChanges, workspaceChangeCount } from '@server/core/workspace-changes';
import { openTestDatabase } from '../support/database';
import { personJsonFields } from '@server/core/people';
import { PgDialect } from 'drizzle-orm/pg-core';

// The change count of a workspace (migration 0015's triggers) is what kept answers are checked
// against: every write that changes what its lists show must move it, and only its own.
describe("a workspace's change count", () => {
  let handle: DatabaseHandle;
  let ids: { ann: number; bob: number; here: number; there: number; task: number };

  const countOf = async (workspaceId: number) => {
    const [row] = await handle.db
      .select({ count: workspaceChangeCount(sql`${workspaceId}`) })
      .from(sql`(select 1) as one`);
    return row.count;
  };
  /** How much each workspace's count moved while `write` ran. */
  const moved = async (write: () => Promise<unknown>) => {
    const before = [await countOf(ids.here), await countOf(ids.there)];
    await write();
    return {
      here: (await countOf(ids.here)) - before[0],
      there: (await countOf(ids.there)) - before[1],
    };
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    const { db } = handle;
    const [ann, bob] = await db
      .insert(users)
      .values([
        { email: 'ann@example.com', firstName: 'Ann' },
        { email: 'bob@example.com', firstName: 'Bob' },
      ])
      .returning();
    const [here, there] = await db
      .insert(workspaces)
      .values([
        { name: 'Here', workspaceType: 'course', createdBy: ann.id },
        { name: 'There', workspaceType: 'course', createdBy: bob.id },
      ])
      .returning();
    await db.insert(workspaceMembers).values([
      { workspaceId: here.id, userId: ann.id, role: 'owner' },
      { workspaceId: there.id, userId: bob.id, role: 'owner' },
    ]);
    const [task] = await db
      .insert(tasks)
      .values({ workspaceId: here.id, name: 'Essay', type: 'owner', createdBy: ann.id })
      .returning();
    ids = { ann: ann.id, bob: bob.id, here: here.id, there: there.id, task: task.id };
  });
  afterAll(() => handle.close());

  it('moves with the tasks, what they link to, the people and teams of that workspace only', async () => {
    const { db } = handle;
    const writes: [string, () => Promise<unknown>][] = [
      [
        'a task added',
        () =>
          db.insert(tasks).values({
            workspaceId: ids.here,
            name: 'Quiz',
            type: 'owner',
            createdBy: ids.ann,
          }),
      ],
      [
        'a task renamed',
        () => db.update(tasks).set({ name: 'Essay 2' }).where(eq(tasks.id, ids.task)),
      ],
      [
        'an assignee',
        () => db.insert(taskAssignments).values({ taskId: ids.task, userId: ids.bob }),
      ],
      ['a reviewer', () => db.insert(taskReviewers).values({ taskId: ids.task, userId: ids.ann })],
      [
        'a key result linked',
        () => db.insert(taskKeyResults).values({ taskId: ids.task, keyResultId: 1 }),
      ],
      [
        'a tag made and put on',
        async () => {
          const [tag] = await db
            .insert(criteria)
            .values({ workspaceId: ids.here, type: 'task', name: 'Lab' })
            .returning();
          await db.insert(taskTags).values({ taskId: ids.task, tagId: tag.id });
        },
      ],
      [
        'a tag renamed',
        () => db.update(criteria).set({ name: 'Labs' }).where(eq(criteria.workspaceId, ids.here)),
      ],
      [
        'a member added',
        () =>
          db
            .insert(workspaceMembers)
            .values({ workspaceId: ids.here, userId: ids.bob, role: 'member' }),
      ],
      [
        'a role changed',
        () =>
          db
            .update(workspaceMembers)
            .set({ role: 'admin' })
            .where(
              and(eq(workspaceMembers.userId, ids.bob), eq(workspaceMembers.workspaceId, ids.here)),
            ),
      ],
      [
        'a team with a member',
        async () => {
          const [team] = await db
            .insert(teams)
            .values({ workspaceId: ids.here, name: 'Red' })
            .returning();
          await db
            .insert(teamMembers)
            .values({ teamId: team.id, workspaceId: ids.here, userId: ids.ann });
        },
      ],
      [
        'the workspace edited',
        () =>
          db
            .update(workspaces)
            .set({ memberAccess: { create_task: true } })
            .where(eq(workspaces.id, ids.here)),
      ],
      [
        'an assignee removed',
        () => db.delete(taskAssignments).where(eq(taskAssignments.taskId, ids.task)),
      ],
    ];
    for (const [what, write] of writes) {
      const { here, there } = await moved(write);
      expect({ what, here: here > 0 }).toEqual({ what, here: true });
      // Bob is in There too, but only Here's rows changed.
      expect({ what, there }).toEqual({ what, there: 0 });
    }
  });

  it('moves in every workspace of a person whose name or picture changes, not for other fields', async () => {
    const { db } = handle;
    const renamed = await moved(() =>
      db.update(users).set({ firstName: 'Robert' }).where(eq(users.id, ids.bob)),
    );
    expect(renamed.here).toBeGreaterThan(0);
    expect(renamed.there).toBeGreaterThan(0);
    const verified = await moved(() =>
      db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, ids.bob)),
    );
    expect(verified).toEqual({ here: 0, there: 0 });
  });

  it('moves for each field a person is shown with (personJsonFields)', async () => {
    const { db } = handle;
    const { sql: text } = new PgDialect().sqlToQuery(personJsonFields('u'));
    const columns = [...text.matchAll(/"u"\.(\w+)/g)].map((m) => m[1]).filter((c) => c !== 'id');
    expect(columns.length).toBeGreaterThan(5);
    for (const column of columns) {
      const value = column.endsWith('_at')
        ? sql`now()`
        : sql`coalesce(${sql.identifier(column)}, '') || '!'`;
      const { there } = await moved(() =>
        db.execute(
          sql`update users set ${sql.identifier(column)} = ${value} where id = ${ids.bob}`,
        ),
      );
      expect({ column, moved: there > 0 }).toEqual({ column, moved: true });
    }
  });

  it('moves for a task deleted with what it links to, in one transaction', async () => {
    const { db } = handle;
    const deleted = await moved(() =>
      db.transaction((tx) => tx.delete(tasks).where(eq(tasks.id, ids.task))),
    );
    expect(deleted.here).toBeGreaterThan(0);
    expect(deleted.there).toBe(0);
  });

  it('keeps each count when compacted, and drops the rows of deleted workspaces', async () => {
    const { db } = handle;
    const [gone] = await db
      .insert(workspaces)
      .values({ name: 'Gone', workspaceType: 'course', createdBy: ids.ann })
      .returning();
    await db.update(workspaces).set({ name: 'Going' }).where(eq(workspaces.id, gone.id));
    await db.delete(workspaces).where(eq(workspaces.id, gone.id));
    const before = [await countOf(ids.here), await countOf(ids.there)];
    expect(before[0]).toBeGreaterThan(1);
    const removed = await compactWorkspaceChanges(db);
    expect(removed).toBeGreaterThan(0);
    expect([await countOf(ids.here), await countOf(ids.there)]).toEqual(before);
    const rows = await db.select().from(workspaceChanges);
    expect(rows.map((r) => r.workspaceId).sort()).toEqual([ids.here, ids.there].sort());
    expect(await compactWorkspaceChanges(db)).toBe(0);
  });
});
