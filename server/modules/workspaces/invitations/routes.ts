import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { emptyResource, envelope } from '@contracts/common';
import {
  csvInviteResult,
  invitation as invitationSchema,
  invitationParams,
  invitationPreview,
  invitedList,
  inviteBody,
  inviteLink,
  inviteResult,
  joinBody,
  joinResult,
  joinTokenParam,
  workspaceIdParam,
} from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import type { DbOrTx } from '../../../db/client';
import { users, workspaceInvitations, workspaces } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import type { App } from '../../../http/types';
import { appLink } from '../../../core/links';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../../core/workspace-access';
import { announceMembershipChange } from '../live';
import { queueWorkspaceMails } from '../mails';
import { assertSeatsFree, lockWorkspace } from '../members/member-cap';
import { personColumns } from '../../../core/people';
import { presentInvitation, presentWorkspace } from '../present';
import { checkCsvRow, parseInvitationCsv, receiveCsv } from './csv';
import {
  INVITATION_TTL_MS,
  invitationMail,
  inviteToWorkspace,
  newInvitationToken,
  newInviteCode,
  type InviteOutcome,
} from './invite';
import { attemptInvitationToken, joinWorkspace, previewInvitation } from './join';

const tags = ['workspace invitations'];

export default async function workspaceInvitationRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;

  const outcomeMessage = (request: FastifyRequest, outcome: InviteOutcome) =>
    request.t(`workspaces:invite_outcomes.${outcome.reason ?? outcome.status}`);

  app.post(
    '/workspaces/:id/invite',
    {
      schema: {
        tags,
        summary: 'Invite people by e-mail; each gets a mail with a join link',
        params: workspaceIdParam,
        body: inviteBody,
        response: { 200: envelope(inviteResult) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'invite_members');
      const { user } = requireAuth(request);
      const { outcomes } = await db.transaction((tx) =>
        inviteToWorkspace(deps, tx, {
          workspace: access.workspace,
          inviter: user,
          language: request.lang,
          entries: request.body.invitations,
          addExisting: false,
          overCap: 'refuse',
        }),
      );
      const invited = outcomes.filter((o) => o.status === 'invited').length;
      return ok(
        { results: outcomes.map((o) => ({ ...o, message: outcomeMessage(request, o) })) },
        { key: 'workspaces:messages.invitations_sent', params: { count: invited } },
      );
    },
  );

  app.post(
    '/workspaces/:id/invite-with-csv',
    {
      schema: {
        tags,
        summary:
          'Invite from a CSV file (multipart field file; columns email and role): a result per row',
        params: workspaceIdParam,
        response: { 200: envelope(csvInviteResult) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'invite_members');
      const { user } = requireAuth(request);
      const checks = parseInvitationCsv(await receiveCsv(request)).map(checkCsvRow);
      const valid = checks.flatMap((c) => ('entry' in c ? [c] : []));
      const { outcomes, addedUserIds } = await db.transaction((tx) =>
        inviteToWorkspace(deps, tx, {
          workspace: access.workspace,
          inviter: user,
          language: request.lang,
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
        return { row: check.row, ...outcome, message: outcomeMessage(request, outcome) };
      });
      const summary = { added: 0, invited: 0, skipped: 0 };
      for (const r of results) summary[r.status] += 1;
      return ok({ results, summary }, { key: 'workspaces:messages.csv_imported', params: summary });
    },
  );

  app.get(
    '/workspaces/:id/invited-list',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(invitedList) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'invite_members',
      );
      const rows = await db
        .select({ invitation: workspaceInvitations, invitedBy: personColumns })
        .from(workspaceInvitations)
        .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
        .where(
          and(
            eq(workspaceInvitations.workspaceId, access.workspace.id),
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
          ),
        )
        .orderBy(desc(workspaceInvitations.sentAt), desc(workspaceInvitations.id));
      const now = new Date();
      return ok({
        invitations: rows.map((r) => presentInvitation(r.invitation, r.invitedBy, now)),
      });
    },
  );

  async function openInvitation(tx: DbOrTx, workspaceId: number, invitationId: number) {
    const [row] = await tx
      .select()
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.id, invitationId),
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      );
    if (!row) throw notFound('workspaces:messages.invitation_not_found');
    return row;
  }

  app.delete(
    '/workspaces/:id/invitation/:invitation',
    { schema: { tags, params: invitationParams, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'manage_members',
      );
      const invitation = await openInvitation(db, access.workspace.id, request.params.invitation);
      await db
        .update(workspaceInvitations)
        .set({ revokedAt: new Date() })
        .where(eq(workspaceInvitations.id, invitation.id));
      return ok({}, 'workspaces:messages.invitation_revoked');
    },
  );

  app.post(
    '/workspaces/:id/invitation/:invitation/resend',
    {
      schema: {
        tags,
        summary: 'Send an invitation again with a fresh link and expiry',
        params: invitationParams,
        response: { 200: envelope(invitationSchema) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'invite_members');
      const { user } = requireAuth(request);
      const updated = await db.transaction(async (tx) => {
        await lockWorkspace(tx, access.workspace.id);
        const invitation = await openInvitation(tx, access.workspace.id, request.params.invitation);
        // An expired invitation no longer holds a seat; renewing it takes one again.
        if (invitation.expiresAt <= new Date()) {
          await assertSeatsFree(tx, access.workspace.id, 1, { exceptInvitationId: invitation.id });
        }
        const token = newInvitationToken(deps);
        const now = new Date();
        const [row] = await tx
          .update(workspaceInvitations)
          .set({
            ...token.columns,
            sentAt: now,
            expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
            invitedBy: user.id,
          })
          .where(eq(workspaceInvitations.id, invitation.id))
          .returning();
        const [account] = await tx
          .select()
          .from(users)
          .where(eq(sql`lower(${users.email})`, invitation.email.toLowerCase()));
        const mail = await invitationMail(deps, tx, {
          workspace: access.workspace,
          inviter: user,
          email: invitation.email,
          account: account ?? null,
          tokenSelector: token.selector,
          language: request.lang,
        });
        await queueWorkspaceMails(tx, [mail]);
        return row;
      });
      return ok(presentInvitation(updated, user), 'workspaces:messages.invitation_resent');
    },
  );

  const linkOf = (code: string) => ({
    link: appLink(deps, '/join', { token: code }),
    token: code,
  });

  app.get(
    '/workspaces/:id/invite',
    {
      schema: {
        tags,
        summary: 'The shareable invite link',
        params: workspaceIdParam,
        response: { 200: envelope(inviteLink) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'invite_members',
      );
      return ok(linkOf(access.workspace.inviteCode));
    },
  );

  app.post(
    '/workspaces/:id/invite/reset',
    {
      schema: {
        tags,
        summary: 'A new shareable invite link; the old one stops working',
        params: workspaceIdParam,
        response: { 200: envelope(inviteLink) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'manage_members');
      const [row] = await db
        .update(workspaces)
        .set({ inviteCode: newInviteCode() })
        .where(eq(workspaces.id, access.workspace.id))
        .returning({ inviteCode: workspaces.inviteCode });
      return ok(linkOf(row.inviteCode), 'workspaces:messages.invite_link_reset');
    },
  );

  app.get(
    '/join/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation or invite link leads to, shown before joining',
        params: joinTokenParam,
        response: { 200: envelope(invitationPreview) },
      },
      config: { public: true },
    },
    async (request) => {
      await attemptInvitationToken(db, request.params.token);
      return ok(await previewInvitation(db, request.params.token));
    },
  );

  app.post(
    '/join/join-to-workspace',
    {
      schema: {
        tags,
        summary: 'Join a workspace with an invitation token or invite link code',
        body: joinBody,
        response: { 200: envelope(joinResult) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await attemptInvitationToken(db, request.body.token);
      const joined = await db.transaction((tx) => joinWorkspace(tx, request.body.token, user));
      if (!joined.alreadyMember) {
        announceMembershipChange(deps, {
          workspaceId: joined.workspace.id,
          userId: user.id,
          kind: 'added',
        });
      }
      return ok(
        {
          workspace: await presentWorkspace(db, joined.workspace, joined.role, {
            id: user.id,
            isSupervisor: user.role === 'supervisor',
          }),
          already_member: joined.alreadyMember,
        },
        joined.alreadyMember ? 'workspaces:messages.already_member' : 'workspaces:messages.joined',
      );
    },
  );
}
