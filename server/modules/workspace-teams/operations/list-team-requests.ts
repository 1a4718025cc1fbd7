import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { teamRequestsQuery } from '@contracts/workspace-teams';
import type { Actor } from '../../../core/actor';
import { teamMembers, teamRequests } from '../../../db/schema';
import { presentRequests, viewerOf } from '../requests';
import type { TeamsDeps } from './deps';

/** Requests and invitations that concern the actor. */
export async function listTeamRequests(
  deps: TeamsDeps,
  actor: Actor,
  input: z.infer<typeof teamRequestsQuery>,
) {
  const { db } = deps;
  const { workspace_id: workspaceId, status } = input;
  const myTeams = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, actor.userId), isNull(teamMembers.deletedAt)));
  const where = and(
    or(
      eq(teamRequests.userId, actor.userId),
      eq(teamRequests.createdBy, actor.userId),
      inArray(teamRequests.teamId, myTeams),
    ),
    workspaceId ? eq(teamRequests.workspaceId, workspaceId) : undefined,
    status ? eq(teamRequests.status, status) : undefined,
  );
  return { requests: await presentRequests(db, viewerOf(actor), where) };
}
