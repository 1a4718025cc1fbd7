import type { z } from 'zod';
import type { evaluablesInput } from '@contracts/assessments';
import { operationOn } from '../../../core/actor';
import { insertEvaluables, planEvaluables } from '../evaluables';
import { loadAssessment, presentEvaluables } from '../load';
import { announceAssessmentChange } from '../notify';
import type { AssessmentsDeps } from './deps';
import { evaluablesOf } from './evaluable-rows';

/** Adds pairs by rules (self, teammates, reviewer, everyone or a list); answers every pair. */
export const addEvaluables = operationOn(
  (db, actor, input: { id: number; who: z.output<typeof evaluablesInput> }) =>
    loadAssessment(db, actor, input.id, 'change'),
  async (deps: AssessmentsDeps, ctx, input) => {
    const { db } = deps;
    const planned = await planEvaluables(
      db,
      ctx.assessment.workspaceId,
      input.who,
      ctx.assessment.named,
    );
    await insertEvaluables(db, ctx.assessment.id, planned);
    const rows = await evaluablesOf(db, ctx.assessment.id);
    announceAssessmentChange(deps, ctx.assessment);
    return presentEvaluables(db, rows);
  },
);
