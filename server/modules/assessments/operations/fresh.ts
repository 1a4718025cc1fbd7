import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { assessments } from '../../../db/schema';
import type { AssessmentContext } from '../load';
import { presentAssessments } from '../load';

/** Reads an assessment again after a change and presents it to the caller. */
export async function freshAssessment(
  db: DbOrTx,
  ctx: Pick<AssessmentContext, 'access'>,
  id: number,
) {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  return (await presentAssessments(db, [row], ctx.access))[0];
}
