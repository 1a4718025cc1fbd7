import { eq, type AnyColumn } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { rowsOfPerson } from '../../core/export-sections';
import type { DbOrTx } from '../../db/client';
import {
  keyResultAnswers,
  keyResultOwners,
  keyResults,
  objectiveAnswers,
  objectiveOwners,
  objectives,
} from '../../db/schema';

/** The rows a person created, and those they own through the owners table, in one shape. */
const createdAndOwned = async (
  db: DbOrTx,
  userId: number,
  table: typeof objectives | typeof keyResults,
  owners: typeof objectiveOwners | typeof keyResultOwners,
  ownedId: AnyColumn,
  fields: SelectedFields,
) => ({
  created: await rowsOfPerson(db, table.createdBy, userId, fields),
  owned: await rowsOfPerson(db, owners.userId, userId, fields, [[table, eq(table.id, ownedId)]]),
});

/** Objectives and key results a person made or owns, and their check-ins, for "export my data". */
export const exportSections: ExportSection[] = [
  {
    name: 'objectives',
    tables: [objectives, objectiveOwners],
    read: (db, userId) =>
      createdAndOwned(db, userId, objectives, objectiveOwners, objectiveOwners.objectiveId, {
        id: objectives.id,
        workspace_id: objectives.workspaceId,
        name: objectives.name,
        description: objectives.description,
        status: objectives.status,
      }),
  },
  {
    name: 'key_results',
    tables: [keyResults, keyResultOwners],
    read: (db, userId) =>
      createdAndOwned(db, userId, keyResults, keyResultOwners, keyResultOwners.keyResultId, {
        id: keyResults.id,
        objective_id: keyResults.objectiveId,
        name: keyResults.name,
        current_value: keyResults.currentValue,
        target_value: keyResults.targetValue,
        unit: keyResults.unit,
      }),
  },
  {
    name: 'check_ins',
    tables: [objectiveAnswers, keyResultAnswers],
    read: async (db, userId) => ({
      objectives: await rowsOfPerson(db, objectiveAnswers.createdBy, userId, {
        objective_id: objectiveAnswers.objectiveId,
        status: objectiveAnswers.status,
        confidence: objectiveAnswers.confidence,
        note: objectiveAnswers.note,
        created_at: objectiveAnswers.createdAt,
      }),
      key_results: await rowsOfPerson(db, keyResultAnswers.createdBy, userId, {
        key_result_id: keyResultAnswers.keyResultId,
        value: keyResultAnswers.value,
        status: keyResultAnswers.status,
        confidence: keyResultAnswers.confidence,
        note: keyResultAnswers.note,
        created_at: keyResultAnswers.createdAt,
      }),
    }),
  },
];

/**
 * Objectives, key results and check-ins are the workspace's plan and its history: they stay,
 * with a deleted account as owner or author.
 */
export const accountDeletion: AccountDeletion = {
  erases: [],
  keeps: [
    objectives,
    objectiveOwners,
    objectiveAnswers,
    keyResults,
    keyResultOwners,
    keyResultAnswers,
  ],
};
