import { eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { addOptionsBody } from '@contracts/criteria';
import { operationOn } from '../../../../core/actor';
import { criteriaOptions } from '../../../../db/schema';
import {
  loadCriterion,
  nameTakenIsConflict,
  presentWithOptions,
  type CriteriaDeps,
} from './criteria';

/** Options added after the criterion's last one. */
export const addCriterionOptions = operationOn(
  (db, actor, input: { id: number } & z.output<typeof addOptionsBody>) =>
    loadCriterion(db, actor, input.id, 'manage_criteria', true),
  async ({ db }: CriteriaDeps, row, input) => {
    await nameTakenIsConflict(
      db.transaction(async (tx) => {
        const [last] = await tx
          .select({ position: max(criteriaOptions.position) })
          .from(criteriaOptions)
          .where(eq(criteriaOptions.criterionId, row.id));
        const start = (last?.position ?? -1) + 1;
        await tx.insert(criteriaOptions).values(
          input.options.map((o, i) => ({
            criterionId: row.id,
            name: o.name,
            color: o.color?.toLowerCase() ?? null,
            position: start + i,
          })),
        );
      }),
    );
    return presentWithOptions(db, row);
  },
);
