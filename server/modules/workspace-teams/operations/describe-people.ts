import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { requireTeamable } from '../load';
import { availabilityOfPeople, informationOfPeople } from '../people-sets';
import type { TeamsDeps } from './deps';

const DESCRIPTIONS = { availability: availabilityOfPeople, information: informationOfPeople };

/**
 * A set of the workspace's members as if they were a team: their free hours
 * (`availability`), or their skills, personality mix and free hours (`information`).
 */
export async function describePeople<K extends keyof typeof DESCRIPTIONS>(
  deps: TeamsDeps,
  actor: Actor,
  input: { workspaceId: number; userIds: number[]; what: K },
): Promise<Awaited<ReturnType<(typeof DESCRIPTIONS)[K]>>> {
  const { db } = deps;
  await workspaceAccessFor(db, actor, input.workspaceId, 'view_members');
  await requireTeamable(db, input.workspaceId, input.userIds);
  const describe = DESCRIPTIONS[input.what];
  return (await describe(db, { id: actor.userId, role: actor.role }, input.userIds)) as Awaited<
    ReturnType<(typeof DESCRIPTIONS)[K]>
  >;
}
