import { and, eq } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { confirmFormationBody } from '@contracts/team-formation';
import type { Actor } from '../../../core/actor';
import { notify } from '../../../core/notify';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { teamFormationRuns, teams, type TeamRow } from '../../../db/schema';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import {
  addMembers,
  closeOtherRequests,
  membersOf,
  peopleWithTeam,
  presentTeam,
  requireTeamable,
  teamIdOf,
} from '../../workspace-teams';
import { peopleOf, resultOf } from '../present';
import type { TeamFormationDeps } from './deps';

/** Whether a split holds each of the run's people exactly once. */
function isSplitOf(split: number[][], people: number[]): boolean {
  const flat = split.flat();
  const wanted = new Set(people);
  return (
    flat.length === wanted.size &&
    new Set(flat).size === flat.length &&
    flat.every((id) => wanted.has(id))
  );
}

/**
 * The owner confirms a proposal (as proposed, or as edited by hand) into real teams, named as
 * given or "Team n" in the words of `t`. Answers the teams made.
 */
export async function confirmFormation(
  deps: TeamFormationDeps,
  actor: Actor,
  input: { workspaceId: number; t: TFunction } & z.output<typeof confirmFormationBody>,
) {
  const { db } = deps;
  const { workspaceId, ...body } = input;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'form_teams');
  const [run] = await db
    .select()
    .from(teamFormationRuns)
    .where(
      and(eq(teamFormationRuns.token, body.token), eq(teamFormationRuns.workspaceId, workspaceId)),
    );
  if (!run) throw notFound('team-formation:messages.run_not_found');
  if (run.status === 'confirmed') throw conflict('team-formation:messages.already_confirmed');
  if (run.status === 'dropped') throw conflict('team-formation:messages.dropped');
  const result = resultOf(run);
  if (run.status !== 'done' || !result) throw conflict('team-formation:messages.not_ready');
  const people = peopleOf(run);
  const split = body.teams ?? result.teams.map((team) => team.map(Number));
  if (!isSplitOf(split, people)) {
    throw validationFailed({ teams: 'team-formation:messages.not_a_split' });
  }
  if (body.names && body.names.length !== split.length) {
    throw validationFailed({ names: 'team-formation:messages.names_count' });
  }

  const created = await db.transaction(async (tx) => {
    // Only one confirmation wins, even when two arrive at once.
    const claimed = await tx
      .update(teamFormationRuns)
      .set({ status: 'confirmed', confirmedAt: new Date(), confirmedBy: access.userId })
      .where(and(eq(teamFormationRuns.id, run.id), eq(teamFormationRuns.status, 'done')))
      .returning({ id: teamFormationRuns.id });
    if (claimed.length === 0) throw conflict('team-formation:messages.already_confirmed');
    await requireTeamable(tx, workspaceId, people, 'teams');
    const taken = await peopleWithTeam(tx, workspaceId, people);
    if (taken.length > 0) {
      throw conflict('team-formation:messages.people_in_teams', { count: taken.length });
    }
    const rows: TeamRow[] = [];
    for (const [i, members] of split.entries()) {
      const [team] = await tx
        .insert(teams)
        .values({
          workspaceId,
          name: body.names?.[i] ?? input.t('team-formation:team_name', { number: i + 1 }),
          formationRunId: run.id,
          createdBy: access.userId,
        })
        .returning();
      await addMembers(tx, team, members);
      for (const userId of members) await closeOtherRequests(tx, workspaceId, userId);
      await notify(tx, {
        userIds: members,
        kind: 'team_formed',
        workspaceId,
        actorId: access.userId,
        reference: { type: 'team', id: team.id },
        data: { message_key: 'notifications:kinds.team_formed', name: team.name },
        link: `/workspaces/${workspaceId}/teams`,
      });
      rows.push(team);
    }
    return rows;
  });

  const members = await membersOf(
    db,
    created.map((team) => team.id),
  );
  const viewerTeamId = await teamIdOf(db, workspaceId, access.userId);
  return created.map((team) => presentTeam(team, members.get(team.id)!, access, viewerTeamId));
}
