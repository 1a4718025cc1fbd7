import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceDrafts, workspaceQuestions } from '../../../../db/schema';
import { validationFailed } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { createWorkspace } from '../../core/create-workspace';
import { presentWorkspace } from '../../present';
import { insertSchedule } from '../../schedules/schedule';
import { loadDraft, presentDraft } from '../drafts';

/**
 * Creates the workspace from a draft whose basic information and plan are saved: the
 * workspace, its questions and its schedule in one transaction.
 */
export async function completeDraft(deps: WorkspacesDeps, actor: Actor, id: number) {
  const { db } = deps;
  const draft = presentDraft(await loadDraft(db, actor, id));
  const basics = draft.basic_information;
  const plan = draft.plan;
  if (!basics || !plan) {
    throw validationFailed({
      [basics ? 'plan' : 'basic_information']: 'workspaces:messages.draft_step_missing',
    });
  }
  const created = await db.transaction(async (tx) => {
    const row = await createWorkspace(tx, actor.userId, {
      name: basics.name,
      workspace_type: 'generalized',
      description: basics.description,
      start_date: basics.start_date,
      end_date: basics.end_date,
      schema: basics.color ? { color: basics.color } : undefined,
      sections: plan.sections,
      member_access: plan.member_access,
      team_formation_strategy: plan.team_formation_strategy ?? null,
    });
    if (plan.questions.length > 0) {
      await tx.insert(workspaceQuestions).values(
        plan.questions.map((q, position) => ({
          workspaceId: row.id,
          type: 'onboarding' as const,
          text: q.text,
          options: q.options,
          required: q.required,
          position,
        })),
      );
    }
    if (draft.schedule) await insertSchedule(tx, row.id, actor.userId, draft.schedule);
    await tx
      .update(workspaceDrafts)
      .set({ workspaceId: row.id, completedAt: new Date(), updatedAt: new Date() })
      .where(eq(workspaceDrafts.id, draft.id));
    return row;
  });
  return presentWorkspace(db, created, 'owner', {
    id: actor.userId,
    isSupervisor: actor.role === 'supervisor',
  });
}
