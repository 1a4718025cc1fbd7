import { and, asc, eq, gt } from 'drizzle-orm';
import { personColumns, presentPerson } from '../../../../core/people';
import { numberOfWorks } from '../../../../core/work-counters';
import { workspaceOperation } from '../../../../core/workspace-access';
import { users, workspaceInvitations, workspaceMembers } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentAccessed } from '../../present';
import { invitationsOpenIn } from '../../../../core/workspace-ids';

/** The workspace with its owners, how many hold each role, open invitations and works. */
export const showModalInformation = workspaceOperation(
  'view_workspace',
  async ({ db }: WorkspacesDeps, access, _workspaceId: number) => {
    const id = access.workspace.id;
    const members = await db
      .select({ role: workspaceMembers.role, person: personColumns })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, id))
      .orderBy(asc(workspaceMembers.joinedAt));
    const pending = await db
      .select({ id: workspaceInvitations.id })
      .from(workspaceInvitations)
      .where(and(invitationsOpenIn(id), gt(workspaceInvitations.expiresAt, new Date())));
    const roles: Record<string, number> = {};
    for (const m of members) roles[m.role] = (roles[m.role] ?? 0) + 1;
    return {
      workspace: await presentAccessed(db, access),
      owners: members.filter((m) => m.role === 'owner').map((m) => presentPerson(m.person)),
      roles,
      pending_invitations_count: pending.length,
      works: await numberOfWorks(db, id),
    };
  },
);
