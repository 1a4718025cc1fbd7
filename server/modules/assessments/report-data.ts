import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { OverallReport, PersonReport } from '@contracts/assessments';
import type { DbOrTx } from '../../db/client';
import {
  assessmentAnswers,
  assessmentEvaluables,
  assessmentQuestions,
  type AssessmentQuestionRow,
  type AssessmentRow,
} from '../../db/schema';
import {
  contributionScores,
  overallQuestions,
  peerScore,
  personReport,
  visiblePools,
  type RawAnswer,
  type ReportQuestion,
} from './anonymity';
import { peopleByIds } from '../../core/people';

export function reportQuestions(rows: AssessmentQuestionRow[]): ReportQuestion[] {
  return rows.map((q) => ({
    id: q.id,
    title: q.title,
    kind: q.kind,
    scale: q.kind === 'rating' ? (q.options.scale ?? 5) : null,
  }));
}

export async function questionsOf(db: DbOrTx, assessmentId: number) {
  return db
    .select()
    .from(assessmentQuestions)
    .where(eq(assessmentQuestions.assessmentId, assessmentId))
    .orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.id));
}

/**
 * Counted answers only (handed in and in a report pool), by person assessed. Rater ids go no
 * further than the anonymity module, which drops them.
 */
async function countedAnswers(db: DbOrTx, assessmentId: number) {
  const rows = await db
    .select({
      evaluateeId: assessmentEvaluables.evaluateeId,
      assessorId: assessmentEvaluables.assessorId,
      group: assessmentEvaluables.raterGroup,
      pool: assessmentEvaluables.reportPool,
      teamId: assessmentEvaluables.teamId,
      questionId: assessmentAnswers.questionId,
      rating: assessmentAnswers.rating,
      choice: assessmentAnswers.choice,
      text: assessmentAnswers.text,
    })
    .from(assessmentAnswers)
    .innerJoin(assessmentEvaluables, eq(assessmentEvaluables.id, assessmentAnswers.evaluableId))
    .where(
      and(
        eq(assessmentEvaluables.assessmentId, assessmentId),
        eq(assessmentEvaluables.status, 'submitted'),
        isNotNull(assessmentEvaluables.reportPool),
      ),
    );
  const byPerson = new Map<number, RawAnswer[]>();
  for (const r of rows) {
    const list = byPerson.get(r.evaluateeId) ?? [];
    list.push({
      raterId: r.assessorId,
      group: r.group,
      pool: r.pool!,
      questionId: r.questionId,
      rating: r.rating,
      choice: r.choice,
      text: r.text,
    });
    byPerson.set(r.evaluateeId, list);
  }
  return byPerson;
}

/** The people assessed, with their team for team assessments. */
async function evaluatees(db: DbOrTx, assessmentId: number) {
  const rows = await db
    .select({
      evaluateeId: assessmentEvaluables.evaluateeId,
      teamId: assessmentEvaluables.teamId,
      status: assessmentEvaluables.status,
      pool: assessmentEvaluables.reportPool,
    })
    .from(assessmentEvaluables)
    .where(eq(assessmentEvaluables.assessmentId, assessmentId))
    .orderBy(asc(assessmentEvaluables.evaluateeId));
  const team = new Map<number, number | null>();
  for (const r of rows) if (!team.get(r.evaluateeId)) team.set(r.evaluateeId, r.teamId);
  return {
    team,
    total: rows.length,
    submitted: rows.filter((r) => r.status === 'submitted').length,
    waiting: rows.filter((r) => r.status === 'submitted' && r.pool === null).length,
  };
}

export interface AssessmentReports {
  questions: ReportQuestion[];
  people: PersonReport[];
  overall: OverallReport;
  teamOf: Map<number, number | null>;
}

/**
 * Every report of an assessment as `readerId` may read it, computed through the anonymity
 * module only (a reader never sees a pool they rated in).
 */
export async function buildReports(
  db: DbOrTx,
  assessment: AssessmentRow,
  readerId: number,
): Promise<AssessmentReports> {
  const questions = reportQuestions(await questionsOf(db, assessment.id));
  const [answers, who] = await Promise.all([
    countedAnswers(db, assessment.id),
    evaluatees(db, assessment.id),
  ]);
  const threshold = assessment.anonymityThreshold;
  const ids = [...who.team.keys()];
  const people = await peopleByIds(db, ids);
  // CATME-style contribution within each formed team (team assessments only).
  const contribution = new Map<number, number | null>();
  if (assessment.type === 'team') {
    const byTeam = new Map<number, Map<number, number | null>>();
    for (const id of ids) {
      const team = who.team.get(id);
      if (!team) continue;
      const scores = byTeam.get(team) ?? new Map<number, number | null>();
      scores.set(
        id,
        peerScore(questions, visiblePools(answers.get(id) ?? [], threshold, readerId)),
      );
      byTeam.set(team, scores);
    }
    for (const scores of byTeam.values()) {
      for (const [id, score] of contributionScores(scores)) contribution.set(id, score);
    }
  }
  const reports = ids.map((id) =>
    personReport(
      people.get(id)!,
      questions,
      answers.get(id) ?? [],
      threshold,
      contribution.get(id) ?? null,
      readerId,
    ),
  );
  const overall: OverallReport = {
    threshold,
    released: assessment.releasedAt !== null,
    questions: overallQuestions(
      questions,
      ids.map((id) => answers.get(id) ?? []),
      threshold,
      readerId,
    ),
    people: reports.map((r) => {
      const ratings = r.questions.filter((q) => q.kind === 'rating');
      const avg = (values: (number | null)[]) => {
        const known = values.filter((v): v is number => v !== null);
        return known.length
          ? Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 100) / 100
          : null;
      };
      return {
        evaluatee: r.evaluatee,
        contribution: r.contribution,
        others_mean: avg(ratings.map((q) => q.others_mean)),
        self: avg(ratings.map((q) => q.self)),
      };
    }),
    percentage: {
      percentage: who.total === 0 ? 0 : Math.round((who.submitted / who.total) * 100),
      submitted: who.submitted,
      total: who.total,
    },
    waiting: who.waiting,
  };
  return { questions, people: reports, overall, teamOf: who.team };
}
