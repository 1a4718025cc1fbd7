import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { registerTodoSource } from '../../core/todo-sources';
import { checkInOwnerIds, lastCheckInAt } from './check-in-sql';

interface CheckInRow {
  id: number;
  name: string;
  workspace_id: number;
  workspace_name: string;
  due_at: Date | string;
}

/**
 * Check-ins a person owes (issue 28: My work lists them): open objectives with a check-in
 * cadence that they own (or own a key result of; whoever made it when it has no owners), in
 * their period, each with its next check-in date, as the hourly reminder reckons it
 * (check-in-reminders.ts).
 */
registerTodoSource('check_in', async (db, scope) => {
  const ids = [...scope.workspaces.keys()];
  const rows = await queryRows<CheckInRow>(
    db,
    sql`select * from (
          select o.id, o.name, o.workspace_id, w.name as workspace_name,
            ${lastCheckInAt} + o.check_in_every_days * interval '1 day' as due_at,
            ${checkInOwnerIds} as owner_ids
          from objectives o
          join workspaces w on w.id = o.workspace_id
          where o.status = 'open' and o.check_in_every_days is not null
            and o.workspace_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
            and (o.started_at is null or o.started_at <= ${scope.now})
            and (o.ended_at is null or o.ended_at >= ${scope.now})
        ) due
        where ${scope.userId} = any(due.owner_ids)`,
  );
  return rows.map((row) => {
    const due = new Date(row.due_at);
    return {
      kind: 'check_in' as const,
      id: Number(row.id),
      name: row.name,
      workspace_id: Number(row.workspace_id),
      workspace_name: row.workspace_name,
      link: `/workspaces/${row.workspace_id}/objectives/${row.id}`,
      expired_at: due.toISOString(),
      is_overdue: due < scope.now,
      status: null,
      waiting: null,
    };
  });
});
