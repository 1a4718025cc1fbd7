import { and, asc, ilike, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { loadWorkspaceAccess, type WorkspaceAccess } from '../../../core/workspace-access';
import { workspaceIdsOf } from '../../../core/workspace-ids';
import { tasks } from '../../../db/schema';
import { presentTasks } from '../present';
import type { TasksDeps } from './deps';

/** Tasks and subtasks by name, in the workspaces the actor belongs to (or one of them). */
export async function searchTasks(
  deps: TasksDeps,
  actor: Actor,
  input: { q: string; workspaceId?: number },
) {
  const { db } = deps;
  const user = { id: actor.userId, role: actor.role };
  const memberships = await workspaceIdsOf(db, user.id, input.workspaceId);
  const accessList = (
    await Promise.all(memberships.map((m) => loadWorkspaceAccess(db, m.id, user)))
  ).filter((a): a is WorkspaceAccess => a !== null && a.permissions.includes('view_workspace'));
  if (accessList.length === 0) return [];
  const pattern = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(
        inArray(
          tasks.workspaceId,
          accessList.map((a) => a.workspace.id),
        ),
        ilike(tasks.name, pattern),
      ),
    )
    .orderBy(asc(tasks.name), asc(tasks.id))
    .limit(30);
  const viewer = { userId: user.id, access: new Map(accessList.map((a) => [a.workspace.id, a])) };
  return presentTasks(db, rows, viewer);
}
