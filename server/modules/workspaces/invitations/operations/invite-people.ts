import type { Actor } from '../../../../core/actor';
import { workspaceOperation } from '../../../../core/workspace-access';
import type { Language } from '../../../../i18n';
import type { InvitationsDeps } from '../../deps';
import { inviteToWorkspace, type InviteEntry } from '../invite';
import { accountOf } from '../load';

/** Invites people by e-mail; each gets a mail with a join link. One outcome per entry. */
export const invitePeople = workspaceOperation(
  'invite_members',
  async (
    deps: InvitationsDeps,
    access,
    input: { workspaceId: number; entries: InviteEntry[]; language: Language },
    actor: Actor,
  ) => {
    const { db } = deps;
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
  },
  { change: true },
);
