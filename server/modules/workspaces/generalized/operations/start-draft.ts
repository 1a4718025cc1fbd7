import type { z } from 'zod';
import type { basicInformationStep } from '@contracts/schedules';
import type { Actor } from '../../../../core/actor';
import { workspaceDrafts } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { assertDateOrder } from '../../core/create-workspace';
import { presentDraft } from '../drafts';

/** Starts a generalized workspace with its basic information. */
export async function startDraft(
  deps: WorkspacesDeps,
  actor: Actor,
  input: z.infer<typeof basicInformationStep>,
) {
  assertDateOrder(input.start_date ?? null, input.end_date ?? null);
  const [row] = await deps.db
    .insert(workspaceDrafts)
    .values({ userId: actor.userId, basicInformation: input, step: 'basic-information' })
    .returning();
  return presentDraft(row);
}
