import type { z } from 'zod';
import type { createCriterionBody } from '@contracts/criteria';
import { workspaceOperation } from '../../../../core/workspace-access';
import { criteria, criteriaOptions } from '../../../../db/schema';
import { nameTakenIsConflict, presentCriterion, type CriteriaDeps } from './criteria';

/** A new criterion of a workspace with its options, in the order given. */
export const createCriterion = workspaceOperation(
  'manage_criteria',
  async (
    { db }: CriteriaDeps,
    access,
    input: { workspaceId: number } & z.output<typeof createCriterionBody>,
  ) => {
    return nameTakenIsConflict(
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(criteria)
          .values({
            workspaceId: access.workspace.id,
            type: input.type,
            name: input.name,
            description: input.description ?? null,
            color: input.color?.toLowerCase() ?? null,
            createdBy: access.userId,
          })
          .returning();
        const options = input.options.length
          ? await tx
              .insert(criteriaOptions)
              .values(
                input.options.map((o, position) => ({
                  criterionId: row.id,
                  name: o.name,
                  color: o.color?.toLowerCase() ?? null,
                  position,
                })),
              )
              .returning()
          : [];
        return presentCriterion(row, options);
      }),
    );
  },
  { change: true },
);
