import type { Actor } from '../../../../core/actor';
import { workspaceOperation } from '../../../../core/workspace-access';
import type { Language } from '../../../../i18n';
import type { InvitationsDeps } from '../../deps';
import { announceMembershipChange } from '../../live';
import { checkCsvRow, parseInvitationCsv } from '../csv';
import { inviteToWorkspace, type InviteOutcome } from '../invite';
import { accountOf } from '../load';

/**
 * Invites everyone a CSV file lists (columns email and role), adding those who have an
 * account already: an outcome per row. `csv` is read only once the actor may invite.
 */
export const importInvitations = workspaceOperation(
  'invite_members',
  async (
    deps: InvitationsDeps,
    access,
    input: { workspaceId: number; csv: () => Promise<Buffer>; language: Language },
    actor: Actor,
  ) => {
    const { db } = deps;
    const checks = parseInvitationCsv(await input.csv()).map(checkCsvRow);
    const valid = checks.flatMap((c) => ('entry' in c ? [c] : []));
    const inviter = await accountOf(db, actor);
    const { outcomes, addedUserIds } = await db.transaction((tx) =>
      inviteToWorkspace(deps, tx, {
        workspace: access.workspace,
        inviter,
        language: input.language,
        entries: valid.map((c) => c.entry),
        addExisting: true,
        overCap: 'skip',
      }),
    );
    for (const userId of addedUserIds) {
      announceMembershipChange(deps, { workspaceId: access.workspace.id, userId, kind: 'added' });
    }
    // Outcomes come back in the order of the valid rows.
    let next = 0;
    const results = checks.map((check) => {
      const outcome: InviteOutcome =
        'entry' in check
          ? outcomes[next++]
          : { email: check.email, status: 'skipped', reason: check.reason };
      return { row: check.row, ...outcome };
    });
    const summary = { added: 0, invited: 0, skipped: 0 };
    for (const r of results) summary[r.status] += 1;
    return { results, summary };
  },
  { change: true },
);
