import type { Actor } from '../../../../core/actor';
import type { InvitationsDeps } from '../../deps';
import { announceMembershipChange } from '../../live';
import { presentWorkspace } from '../../present';
import { attemptInvitationToken, joinWorkspace } from '../join';
import { accountOf } from '../load';

/** The actor joins a workspace with an invitation token or invite link code. */
export async function joinByToken(deps: InvitationsDeps, actor: Actor, token: string) {
  const { db } = deps;
  await attemptInvitationToken(db, token);
  const user = await accountOf(db, actor);
  const joined = await db.transaction((tx) => joinWorkspace(tx, token, user));
  if (!joined.alreadyMember) {
    announceMembershipChange(deps, {
      workspaceId: joined.workspace.id,
      userId: user.id,
      kind: 'added',
    });
  }
  return {
    workspace: await presentWorkspace(db, joined.workspace, joined.role, {
      id: user.id,
      isSupervisor: user.role === 'supervisor',
    }),
    already_member: joined.alreadyMember,
  };
}
