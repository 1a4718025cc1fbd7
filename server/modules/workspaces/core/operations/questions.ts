import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { workspaceQuestions, type WorkspaceQuestionRow } from '../../../../db/schema';

const presentQuestion = (row: WorkspaceQuestionRow) => ({
  id: row.id,
  type: row.type,
  text: row.text,
  options: row.options,
  required: row.required,
  position: row.position,
});

/** A workspace's questions of one type, in order. */
export async function questionsOf(
  db: DbOrTx,
  workspaceId: number,
  type: WorkspaceQuestionRow['type'],
) {
  const rows = await db
    .select()
    .from(workspaceQuestions)
    .where(and(eq(workspaceQuestions.workspaceId, workspaceId), eq(workspaceQuestions.type, type)))
    .orderBy(asc(workspaceQuestions.position), asc(workspaceQuestions.id));
  return { questions: rows.map(presentQuestion) };
}
