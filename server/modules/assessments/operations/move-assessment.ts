import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { assessments, type AssessmentRow } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { countAnswers, lockAssessment } from '../count-answers';
import type { AssessmentsDeps } from './deps';
import { editAssessment } from './edit-assessment';

type Status = AssessmentRow['status'];

interface Move {
  method: 'POST' | 'PUT';
  summary: string;
  /** The statuses it moves from (409 from any other). */
  from: Status[];
  next: (row: AssessmentRow, to: 'open' | 'closed' | undefined) => Partial<AssessmentRow>;
  /** Restore says where to (body `to`). */
  withBody?: true;
}

/** Moves between current (open), previous (closed) and archived. */
export const ASSESSMENT_MOVES = {
  archive: {
    method: 'POST',
    summary: 'Archive a current or previous assessment',
    from: ['open', 'closed'],
    next: (a) => ({
      status: 'archived',
      statusBeforeArchive: a.status === 'archived' ? null : a.status,
    }),
  },
  restore: {
    method: 'POST',
    summary: 'Restore an archived assessment to previous or current',
    from: ['archived'],
    next: (_a, to) => ({ status: to ?? 'closed', statusBeforeArchive: null }),
    withBody: true,
  },
  close: {
    method: 'PUT',
    summary: 'Close an assessment (previous)',
    from: ['open'],
    next: () => ({ status: 'closed' }),
  },
  open: {
    method: 'PUT',
    summary: 'Open an assessment again (current)',
    from: ['closed'],
    next: () => ({ status: 'open' }),
  },
} satisfies Record<string, Move>;

export type AssessmentMove = keyof typeof ASSESSMENT_MOVES;

/** Moves an assessment; when it stops taking answers, what still waits is counted. */
export function moveAssessment(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; move: AssessmentMove; to?: 'open' | 'closed' },
) {
  const move: Move = ASSESSMENT_MOVES[input.move];
  return editAssessment(deps, actor, input.id, (ctx) =>
    deps.db.transaction(async (tx) => {
      const row = await lockAssessment(tx, ctx.assessment.id);
      if (!move.from.includes(row.status)) throw conflict('assessments:messages.wrong_status');
      const [updated] = await tx
        .update(assessments)
        .set({ ...move.next(row, input.to), updatedAt: new Date() })
        .where(eq(assessments.id, row.id))
        .returning();
      // No longer taking answers: what still waits is counted if there is enough of it.
      if (row.status === 'open' && updated.status !== 'open') await countAnswers(tx, updated, true);
    }),
  );
}
