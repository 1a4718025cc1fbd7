import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { evaluablesInput, RaterGroup } from '@contracts/assessments';
import type { DbOrTx } from '../../db/client';
import { assessmentEvaluables, teamMembers, teams, workspaceMembers } from '../../db/schema';
import { validationFailed } from '../../http/errors';

type Who = z.infer<typeof evaluablesInput>;
export interface PlannedEvaluable {
  assessorId: number;
  evaluateeId: number;
  raterGroup: RaterGroup;
  teamId: number | null;
}

const RANK: Record<RaterGroup, number> = { self: 0, peer: 1, reviewer: 2, other: 3 };

/** The people who may assess or be assessed: owners, admins and members. */
export async function assessablePeople(db: DbOrTx, workspaceId: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.role, ['owner', 'admin', 'member']),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/**
 * Who assesses whom from the rules (self, each teammate of the formed team, the reviewer,
 * everyone of the workspace, a hand-made list). A pair named by two rules keeps the closest
 * group (self, then peer, reviewer, other). Anyone outside the workspace is refused (422).
 */
export async function planEvaluables(
  db: DbOrTx,
  workspaceId: number,
  who: Who,
): Promise<PlannedEvaluable[]> {
  const people = await assessablePeople(db, workspaceId);
  const named = [
    ...(who.evaluatee_ids ?? []),
    ...(who.reviewer_id ? [who.reviewer_id] : []),
    ...(who.pairs ?? []).flatMap((p) => [p.assessor_id, p.evaluatee_id]),
  ];
  if (named.some((id) => !people.has(id))) {
    throw validationFailed({ who: 'assessments:messages.not_in_workspace' });
  }
  const evaluatees = who.evaluatee_ids ?? [...people];
  const plan = new Map<string, PlannedEvaluable>();
  const add = (p: PlannedEvaluable) => {
    const key = `${p.assessorId}:${p.evaluateeId}`;
    const had = plan.get(key);
    if (!had || RANK[p.raterGroup] < RANK[had.raterGroup]) plan.set(key, p);
  };
  const rules = new Set(who.rules);
  if (rules.has('teammates')) {
    const rows = await db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        and(
          eq(teamMembers.workspaceId, workspaceId),
          isNull(teamMembers.deletedAt),
          isNull(teams.deletedAt),
        ),
      );
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
