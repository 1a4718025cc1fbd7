import { and, eq, ne } from 'drizzle-orm';
import type { TodoItem, TodoKind } from '@contracts/tasks';
import { can } from '../auth/permissions';
import type { DbOrTx } from '../db/client';
import { workspaceMembers } from '../db/schema';
import { loadWorkspaceAccess, type WorkspaceAccess } from './workspace-access';

/** What a source reads: the workspaces to look in (the caller's, as they may see them). */
export interface TodoScope {
  userId: number;
  /** The caller's live workspaces they may see, by id: nothing outside them is listed. */
  workspaces: ReadonlyMap<number, WorkspaceAccess>;
  now: Date;
}

/**
 * Where a person's to-do comes from (issue 28: My work and "Tasks and assessments" list
 * everything a person must do). Each area that gives people work registers its source from
 * its own folder: tasks (hand in, review), assessments (360s to answer), objectives
 * (check-ins). Unlike reminders there is no window: no due date and a far one are listed too.
 */
export type TodoSource = (db: DbOrTx, scope: TodoScope) => Promise<TodoItem[]>;

const sources = new Map<TodoKind, TodoSource>();

export function registerTodoSource(kind: TodoKind, source: TodoSource) {
  sources.set(kind, source);
}

/**
 * Everything the person has to do, in their workspaces or one of them: by due date (so what
 * is overdue comes first), then what has none; ties by name.
 */
export async function todoFor(
  db: DbOrTx,
  user: { id: number; role: string },
  options: { workspaceId?: number; now?: Date } = {},
): Promise<TodoItem[]> {
  const memberships = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.userId, user.id),
        ne(workspaceMembers.role, 'deactive'),
        options.workspaceId === undefined
          ? undefined
          : eq(workspaceMembers.workspaceId, options.workspaceId),
      ),
    );
  const access = await Promise.all(
    memberships.map((m) => loadWorkspaceAccess(db, m.workspaceId, user)),
  );
  const workspaces = new Map(
    access
      .filter(
        (a): a is WorkspaceAccess =>
          a !== null && a.workspace.status !== 'archived' && can(a, 'view_workspace'),
      )
      .map((a) => [a.workspace.id, a]),
  );
  if (workspaces.size === 0) return [];
  const scope: TodoScope = { userId: user.id, workspaces, now: options.now ?? new Date() };
  const lists = await Promise.all([...sources.values()].map((source) => source(db, scope)));
  const rank = (item: TodoItem) =>
    item.expired_at === null ? Number.POSITIVE_INFINITY : Date.parse(item.expired_at);
  return lists
    .flat()
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.id - b.id);
}
