import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateCriterionBody } from '@contracts/criteria';
import { operationOn } from '../../../../core/actor';
import { criteria } from '../../../../db/schema';
import {
  loadCriterion,
  nameTakenIsConflict,
  presentWithOptions,
  type CriteriaDeps,
} from './criteria';

/** Rename a criterion, or change its description or colour. */
export const updateCriterion = operationOn(
  (db, actor, input: { id: number } & z.output<typeof updateCriterionBody>) =>
    loadCriterion(db, actor, input.id, 'manage_criteria', true),
  async ({ db }: CriteriaDeps, row, input) => {
    const [updated] = await nameTakenIsConflict(
      db
        .update(criteria)
        .set({
          name: input.name,
          description: input.description,
          color: input.color === undefined ? undefined : (input.color?.toLowerCase() ?? null),
          updatedAt: new Date(),
        })
        .where(eq(criteria.id, row.id))
        .returning(),
    );
    return presentWithOptions(db, updated);
  },
);
