import { and, eq, isNull } from 'drizzle-orm';
import {
  basicInformationStep,
  GENERALIZED_STEPS,
  planStep,
  scheduleStep,
  type GeneralizedStep,
  type WorkspaceDraft,
} from '@contracts/schedules';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { workspaceDrafts, type WorkspaceDraftRow } from '../../../db/schema';
import { notFound } from '../../../http/errors';

export function presentDraft(row: WorkspaceDraftRow): WorkspaceDraft {
  // Steps were validated when saved; parsing again keeps the answer to the contract's shape.
  return {
    id: row.id,
    step: row.step,
    basic_information: row.basicInformation
      ? basicInformationStep.parse(row.basicInformation)
      : null,
    plan: row.plan ? planStep.parse(row.plan) : null,
    schedule: row.schedule ? scheduleStep.shape.schedule.parse(row.schedule) : null,
    workspace_id: row.workspaceId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const furthest = (a: GeneralizedStep, b: GeneralizedStep) =>
  GENERALIZED_STEPS.indexOf(a) >= GENERALIZED_STEPS.indexOf(b) ? a : b;

/** One of the actor's unfinished drafts; anyone else's is not found. */
export async function loadDraft(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(workspaceDrafts)
    .where(
      and(
        eq(workspaceDrafts.id, id),
        eq(workspaceDrafts.userId, actor.userId),
        isNull(workspaceDrafts.completedAt),
      ),
    );
  if (!row) throw notFound('workspaces:messages.draft_not_found');
  return row;
}
