import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { Language } from '../../../../i18n';
import type { InvitationsDeps } from '../../deps';
import { inviteToWorkspace, type InviteEntry } from '../invite';
import { accountOf } from '../load';

/** Invites people by e-mail; each gets a mail with a join link. One outcome per entry. */
export async function invitePeople(
  deps: InvitationsDeps,
  actor: Actor,
  input: { workspaceId: number; entries: InviteEntry[]; language: Language },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'invite_members', {
    change: true,
  });
  const inviter = await accountOf(db, actor);
  const { outcomes } = await db.transaction((tx) =>
    inviteToWorkspace(deps, tx, {
      workspace: access.workspace,
      inviter,
      language: input.language,
      entries: input.entries,
      addExisting: false,
      overCap: 'refuse',
    }),
  );
  return outcomes;
}
