import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { basicInformationStep, planStep, scheduleStep } from '@contracts/schedules';
import type { Actor } from '../../../../core/actor';
import { workspaceDrafts } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { assertDateOrder } from '../../core/create-workspace';
import { furthest, loadDraft, presentDraft } from '../drafts';

type DraftColumns = Partial<typeof workspaceDrafts.$inferInsert>;

/** What each step of a draft writes. */
const STEPS = {
  'basic-information': (body: z.infer<typeof basicInformationStep>): DraftColumns => {
    assertDateOrder(body.start_date ?? null, body.end_date ?? null);
    return { basicInformation: body };
  },
  plan: (body: z.infer<typeof planStep>): DraftColumns => ({ plan: body }),
  schedule: (body: z.infer<typeof scheduleStep>): DraftColumns => ({ schedule: body.schedule }),
};
export type DraftStep = keyof typeof STEPS;
export type DraftStepBody<K extends DraftStep> = Parameters<(typeof STEPS)[K]>[0];

/** Saves one step of the actor's draft; the draft remembers the furthest step reached. */
export async function saveDraftStep<K extends DraftStep>(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { id: number; step: K; body: DraftStepBody<K> },
) {
  const draft = await loadDraft(deps.db, actor, input.id);
  const values = (STEPS[input.step] as (body: DraftStepBody<K>) => DraftColumns)(input.body);
  const [row] = await deps.db
    .update(workspaceDrafts)
    .set({ ...values, step: furthest(draft.step, input.step), updatedAt: new Date() })
    .where(eq(workspaceDrafts.id, draft.id))
    .returning();
  return presentDraft(row);
}
