import { and, asc, eq, ne } from 'drizzle-orm';
import type { MyObjective, PersonalDashboard } from '@contracts/dashboard';
import { notificationsQuery } from '@contracts/notifications';
import type { TodoItem } from '@contracts/tasks';
import type { Actor } from '../../../core/actor';
import { menuCounts } from '../../../core/menu-counters';
import { todoFor } from '../../../core/todo-sources';
import { objectiveOwners, objectives, workspaceMembers, workspaces } from '../../../db/schema';
import { listNotifications } from '../../notifications';
import { derivedStatus, loadWorkspaceTree, percent } from '../../okrs';
import type { DashboardDeps } from './deps';
import { membershipIn } from '../../../core/workspace-ids';

/** How many rows each card of the page lists. */
const DUE_SHOWN = 10;
const OBJECTIVES_SHOWN = 8;
const NOTIFICATIONS_SHOWN = 5;

/**
 * A person's dashboard (spec 2.1, 7.16): what is due, their work in each workspace, their
 * objectives, the 360s they are asked to answer, unread messages and recent notifications.
 * Everything is read by the operations the other screens use, with the person as the actor.
 */
export async function showMyDashboard(
  deps: DashboardDeps,
  actor: Actor,
  options: { now?: Date } = {},
): Promise<PersonalDashboard> {
  const { db } = deps;
  const now = options.now ?? new Date();
  const [items, counts, inbox, mine] = await Promise.all([
    todoFor(db, { id: actor.userId, role: actor.role }, { now }),
    menuCounts(db, actor.userId),
    listNotifications(
      deps,
      actor,
      notificationsQuery.parse({ range: 'all', per_page: NOTIFICATIONS_SHOWN }),
    ),
    myObjectives(deps, actor),
  ]);
  const dated = items.filter((item) => item.expired_at !== null);
  return {
    due: dated.slice(0, DUE_SHOWN),
    due_total: dated.length,
    my_work: workByWorkspace(items),
    objectives: mine,
    assessments: items.filter((item) => item.kind === 'answer'),
    unread_messages: counts.new_messages_count,
    notifications: inbox.notifications.data,
    unread_notifications: inbox.unread_notifications,
  };
}

function workByWorkspace(items: TodoItem[]): PersonalDashboard['my_work'] {
  const byWorkspace = new Map<number, PersonalDashboard['my_work'][number]>();
  for (const item of items) {
    const entry = byWorkspace.get(item.workspace_id) ?? {
      workspace_id: item.workspace_id,
      workspace_name: item.workspace_name,
      to_do: 0,
      overdue: 0,
      link: `/workspaces/${item.workspace_id}/my-work`,
    };
    entry.to_do += 1;
    if (item.is_overdue) entry.overdue += 1;
    byWorkspace.set(item.workspace_id, entry);
  }
  return [...byWorkspace.values()].sort(
    (a, b) =>
      b.overdue - a.overdue ||
      b.to_do - a.to_do ||
      a.workspace_name.localeCompare(b.workspace_name),
  );
}

/** The open objectives the person owns in their live workspaces, with the OKR page's progress. */
async function myObjectives(deps: DashboardDeps, actor: Actor): Promise<MyObjective[]> {
  const { db } = deps;
  const rows = await db
    .select({
      id: objectives.id,
      name: objectives.name,
      workspaceId: objectives.workspaceId,
      workspaceName: workspaces.name,
    })
    .from(objectiveOwners)
    .innerJoin(objectives, eq(objectives.id, objectiveOwners.objectiveId))
    .innerJoin(workspaces, eq(workspaces.id, objectives.workspaceId))
    .innerJoin(workspaceMembers, membershipIn(objectives.workspaceId, actor.userId))
    .where(
      and(
        eq(objectiveOwners.userId, actor.userId),
        eq(objectives.status, 'open'),
        ne(workspaces.status, 'archived'),
        ne(workspaceMembers.role, 'deactive'),
      ),
    )
    .orderBy(asc(objectives.id))
    .limit(OBJECTIVES_SHOWN);
  const workspaceIds = [...new Set(rows.map((row) => row.workspaceId))];
  const trees = new Map(
    await Promise.all(
      workspaceIds.map(async (id) => [id, await loadWorkspaceTree(db, id)] as const),
    ),
  );
  return rows.map((row) => {
    const tree = trees.get(row.workspaceId);
    const statuses = (tree?.keyResults ?? [])
      .filter((kr) => kr.objectiveId === row.id)
      .map((kr) => kr.status);
    return {
      id: row.id,
      name: row.name,
      workspace_id: row.workspaceId,
      workspace_name: row.workspaceName,
      progress: percent(tree?.objectiveProgress.get(row.id) ?? 0),
      status: derivedStatus(statuses),
      link: `/workspaces/${row.workspaceId}/objectives/${row.id}`,
    };
  });
}
