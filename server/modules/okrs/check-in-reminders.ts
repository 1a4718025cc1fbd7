import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { notify } from '../../core/notify';
import { queryRows } from '../../db/client';
import { claimEffect } from '../../jobs';
import { checkInOwnerIds, lastCheckInAt } from './check-in-sql';

const QUEUE = 'okr_check_in_reminders';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

interface DueObjective {
  id: number;
  workspace_id: number;
  name: string;
  last_at: Date | string;
  every_days: number;
  owner_ids: number[];
}

/**
 * Reminds the owners of each open objective with a check-in cadence (and the owners of its key
 * results; whoever made it when it has no owners) once the cadence has passed since the last check-in on it or any of its key
 * results, or since it was made. Once per period: a check-in starts the next one. Objectives
 * outside their period and those of archived workspaces are left alone. Returns how many
 * objectives were reminded.
 */
export async function remindCheckIns(deps: AppDeps, now = new Date()) {
  const due = await queryRows<DueObjective>(
    deps.db,
    sql`select * from (
          select o.id, o.workspace_id, o.name, o.check_in_every_days as every_days,
            ${lastCheckInAt} as last_at,
            ${checkInOwnerIds} as owner_ids
          from objectives o
          join workspaces w on w.id = o.workspace_id and w.status <> 'archived'
          where o.status = 'open' and o.check_in_every_days is not null
            and (o.started_at is null or o.started_at <= ${now})
            and (o.ended_at is null or o.ended_at >= ${now})
        ) due
        where due.last_at + due.every_days * interval '1 day' <= ${now}`,
  );
  let reminded = 0;
  for (const objective of due) {
    const dueAt = new Date(new Date(objective.last_at).getTime() + objective.every_days * DAY_MS);
    await deps.db.transaction(async (tx) => {
      if (!(await claimEffect(tx, `okr-check-in:${objective.id}:${dueAt.toISOString()}`))) return;
      await notify(tx, {
        userIds: objective.owner_ids.map(Number),
        kind: 'okr_check_in_due',
        workspaceId: objective.workspace_id,
        reference: { type: 'objective', id: objective.id },
        data: {
          message_key: 'notifications:kinds.okr_check_in_due',
          name: objective.name,
          days: objective.every_days,
        },
        link: `/workspaces/${objective.workspace_id}/objectives/${objective.id}`,
      });
      reminded += 1;
    });
  }
  return reminded;
}

/** The reminders as a job that runs every hour. Returns what to run once the app is ready. */
export function registerCheckInReminders(deps: AppDeps) {
  return deps.jobs.every(QUEUE, HOUR_MS, () => remindCheckIns(deps));
}
