import { eq } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import {
  keyResultAnswers,
  keyResultOwners,
  keyResults,
  objectiveAnswers,
  objectiveOwners,
  objectives,
} from '../../db/schema';

/** Objectives and key results a person made or owns, and their check-ins, for "export my data". */
export const exportSections: ExportSection[] = [
  {
    name: 'objectives',
    tables: [objectives, objectiveOwners],
    read: async (db, userId) => {
      const objective = {
        id: objectives.id,
        workspace_id: objectives.workspaceId,
        name: objectives.name,
        description: objectives.description,
        status: objectives.status,
      };
      return {
        created: await db
          .select(objective)
          .from(objectives)
          .where(eq(objectives.createdBy, userId)),
        owned: await db
          .select(objective)
          .from(objectiveOwners)
          .innerJoin(objectives, eq(objectives.id, objectiveOwners.objectiveId))
          .where(eq(objectiveOwners.userId, userId)),
      };
    },
  },
  {
    name: 'key_results',
    tables: [keyResults, keyResultOwners],
    read: async (db, userId) => {
      const keyResult = {
        id: keyResults.id,
        objective_id: keyResults.objectiveId,
        name: keyResults.name,
        current_value: keyResults.currentValue,
        target_value: keyResults.targetValue,
        unit: keyResults.unit,
      };
      return {
        created: await db
          .select(keyResult)
          .from(keyResults)
          .where(eq(keyResults.createdBy, userId)),
        owned: await db
          .select(keyResult)
          .from(keyResultOwners)
          .innerJoin(keyResults, eq(keyResults.id, keyResultOwners.keyResultId))
          .where(eq(keyResultOwners.userId, userId)),
      };
    },
  },
  {
    name: 'check_ins',
    tables: [objectiveAnswers, keyResultAnswers],
    read: async (db, userId) => ({
      objectives: await db
        .select({
          objective_id: objectiveAnswers.objectiveId,
          status: objectiveAnswers.status,
          confidence: objectiveAnswers.confidence,
          note: objectiveAnswers.note,
          created_at: objectiveAnswers.createdAt,
        })
        .from(objectiveAnswers)
        .where(eq(objectiveAnswers.createdBy, userId)),
      key_results: await db
        .select({
          key_result_id: keyResultAnswers.keyResultId,
          value: keyResultAnswers.value,
          status: keyResultAnswers.status,
          confidence: keyResultAnswers.confidence,
          note: keyResultAnswers.note,
          created_at: keyResultAnswers.createdAt,
        })
        .from(keyResultAnswers)
        .where(eq(keyResultAnswers.createdBy, userId)),
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
