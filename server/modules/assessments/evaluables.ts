import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { evaluablesInput, RaterGroup } from '@contracts/assessments';
import { permissionsFor } from '../../auth/permissions';
import type { DbOrTx } from '../../db/client';
import { assessmentEvaluables, teamMembers, teams, users, workspaceMembers } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import { MANAGE } from './load';
import { currentTeamMembership } from '../../core/workspace-ids';

type Who = z.infer<typeof evaluablesInput>;
export interface PlannedEvaluable {
  assessorId: number;
  evaluateeId: number;
  raterGroup: RaterGroup;
  teamId: number | null;
}

const RANK: Record<RaterGroup, number> = { self: 0, peer: 1, reviewer: 2, other: 3 };

export interface AssessablePeople {
  /** Owners, admins and members: who may assess or be assessed. */
  all: Set<number>;
  /** Those of them who read everyone's reports (owners, admins, supervisors). */
  readers: Set<number>;
}

/** The people who may assess or be assessed, and which of them read the reports. */
export async function assessablePeople(db: DbOrTx, workspaceId: number): Promise<AssessablePeople> {
  const rows = await db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role, account: users.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.role, ['owner', 'admin', 'member']),
      ),
    );
  return {
    all: new Set(rows.map((r) => r.userId)),
    readers: new Set(
      rows
        .filter((r) => r.account === 'supervisor' || permissionsFor(r.role).includes(MANAGE))
        .map((r) => r.userId),
    ),
  };
}

/**
 * In an anonymous assessment the people who read the reports rate nobody but themselves: they
 * could subtract their own answer from a group's figures. Named assessments show each answer
 * to them anyway, so there they may rate.
 */
export function mayRate(
  people: AssessablePeople,
  named: boolean,
  assessorId: number,
  evaluateeId: number,
) {
  return named || assessorId === evaluateeId || !people.readers.has(assessorId);
}

/**
 * Who assesses whom from the rules (self, each teammate of the formed team, the reviewer,
 * everyone of the workspace, a hand-made list). A pair named by two rules keeps the closest
 * group (self, then peer, reviewer, other). Anyone outside the workspace is refused (422); in
 * an anonymous assessment an owner or admin named as a rater of someone else is refused too
 * (422), and the teammates and everyone rules leave them out as raters.
 */
export async function planEvaluables(
  db: DbOrTx,
  workspaceId: number,
  who: Who,
  named: boolean,
): Promise<PlannedEvaluable[]> {
  const assessable = await assessablePeople(db, workspaceId);
  const people = assessable.all;
  const mentioned = [
    ...(who.evaluatee_ids ?? []),
    ...(who.reviewer_id ? [who.reviewer_id] : []),
    ...(who.pairs ?? []).flatMap((p) => [p.assessor_id, p.evaluatee_id]),
  ];
  if (mentioned.some((id) => !people.has(id))) {
    throw validationFailed({ who: 'assessments:messages.not_in_workspace' });
  }
  const rules = new Set(who.rules);
  const explicitRaters = [
    ...(rules.has('reviewer') && who.reviewer_id
      ? (who.evaluatee_ids ?? [...people])
          .filter((e) => e !== who.reviewer_id)
          .map((e) => [who.reviewer_id!, e] as const)
      : []),
    ...(who.pairs ?? []).map((p) => [p.assessor_id, p.evaluatee_id] as const),
  ];
  if (explicitRaters.some(([a, e]) => !mayRate(assessable, named, a, e))) {
    throw validationFailed({ who: 'assessments:messages.reader_cannot_rate' });
  }
  const evaluatees = who.evaluatee_ids ?? [...people];
  const plan = new Map<string, PlannedEvaluable>();
  const add = (p: PlannedEvaluable) => {
    if (!mayRate(assessable, named, p.assessorId, p.evaluateeId)) return;
    const key = `${p.assessorId}:${p.evaluateeId}`;
    const had = plan.get(key);
    if (!had || RANK[p.raterGroup] < RANK[had.raterGroup]) plan.set(key, p);
  };
  if (rules.has('teammates')) {
    const rows = await db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(currentTeamMembership(workspaceId), isNull(teams.deletedAt)));
    const teamOf = new Map(rows.map((r) => [r.userId, r.teamId]));
    for (const e of evaluatees) {
      const team = teamOf.get(e);
      if (team === undefined) continue;
      for (const r of rows) {
        if (r.teamId === team && r.userId !== e && people.has(r.userId)) {
          add({ assessorId: r.userId, evaluateeId: e, raterGroup: 'peer', teamId: team });
        }
      }
    }
  }
  for (const e of evaluatees) {
    if (rules.has('self')) add({ assessorId: e, evaluateeId: e, raterGroup: 'self', teamId: null });
    if (rules.has('reviewer') && who.reviewer_id && who.reviewer_id !== e) {
      add({ assessorId: who.reviewer_id, evaluateeId: e, raterGroup: 'reviewer', teamId: null });
    }
    if (rules.has('everyone')) {
      for (const p of people) {
        if (p !== e) add({ assessorId: p, evaluateeId: e, raterGroup: 'other', teamId: null });
      }
    }
  }
  for (const pair of who.pairs ?? []) {
    add({
      assessorId: pair.assessor_id,
      evaluateeId: pair.evaluatee_id,
      raterGroup: pair.assessor_id === pair.evaluatee_id ? 'self' : 'other',
      teamId: null,
    });
  }
  return [...plan.values()];
}

/** Adds planned pairs that are not there yet; an existing pair keeps its answers. */
export async function insertEvaluables(
  tx: DbOrTx,
  assessmentId: number,
  planned: PlannedEvaluable[],
) {
  if (planned.length === 0) return;
  await tx
    .insert(assessmentEvaluables)
    .values(planned.map((p) => ({ ...p, assessmentId })))
    .onConflictDoNothing();
}

/**
 * Makes the plan the whole of who assesses whom (Edit, before anything is handed in): pairs it
 * does not name are removed with their drafts, pairs it keeps take its group and team, new
 * ones are added.
 */
export async function replaceEvaluables(
  tx: DbOrTx,
  assessmentId: number,
  planned: PlannedEvaluable[],
) {
  const existing = await tx
    .select()
    .from(assessmentEvaluables)
    .where(eq(assessmentEvaluables.assessmentId, assessmentId));
  const key = (assessorId: number, evaluateeId: number) => `${assessorId}:${evaluateeId}`;
  const wanted = new Map(planned.map((p) => [key(p.assessorId, p.evaluateeId), p]));
  const dropped = existing.filter((e) => !wanted.has(key(e.assessorId, e.evaluateeId)));
  if (dropped.length) {
    await tx.delete(assessmentEvaluables).where(
      inArray(
        assessmentEvaluables.id,
        dropped.map((e) => e.id),
      ),
    );
  }
  for (const e of existing) {
    const p = wanted.get(key(e.assessorId, e.evaluateeId));
    if (p && (p.raterGroup !== e.raterGroup || p.teamId !== e.teamId)) {
      await tx
        .update(assessmentEvaluables)
        .set({ raterGroup: p.raterGroup, teamId: p.teamId, updatedAt: new Date() })
        .where(eq(assessmentEvaluables.id, e.id));
    }
  }
  await insertEvaluables(tx, assessmentId, planned);
}
