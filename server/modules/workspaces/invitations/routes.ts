import type { FastifyRequest } from 'fastify';
import { envelope } from '@contracts/common';
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
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
import { idRoutes, operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import type { InviteOutcome } from './invite';
import { attemptInvitationToken, previewInvitation } from './join';
import { importInvitations } from './operations/import-invitations';
import { invitePeople } from './operations/invite-people';
import { joinByToken } from './operations/join-by-token';
import { listInvitations } from './operations/list-invitations';
import { resendInvitation } from './operations/resend-invitation';
import { resetInviteLink } from './operations/reset-invite-link';
import { revokeInvitation } from './operations/revoke-invitation';
import { showInviteLink } from './operations/show-invite-link';
import { receiveCsv } from './receive-csv';

const tags = ['workspace invitations'];

/** Invitations and joining (spec 4): HTTP over the invitation operations. */
export default async function workspaceInvitationRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const onWorkspace = idRoutes(app, tags, workspaceIdParam);

  /** Each outcome with its words, in the caller's language. */
  const withMessage = <T extends InviteOutcome>(request: FastifyRequest, outcome: T) => ({
    ...outcome,
    message: request.t(`workspaces:invite_outcomes.${outcome.reason ?? outcome.status}`),
  });

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
      const outcomes = await invitePeople(deps, actorOf(request), {
        workspaceId: request.params.id,
        entries: request.body.invitations,
        language: request.lang,
      });
      const invited = outcomes.filter((o) => o.status === 'invited').length;
      return ok(
        { results: outcomes.map((o) => withMessage(request, o)) },
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
      const { results, summary } = await importInvitations(deps, actorOf(request), {
        workspaceId: request.params.id,
        csv: () => receiveCsv(request),
        language: request.lang,
      });
      return ok(
        { results: results.map((r) => withMessage(request, r)), summary },
        { key: 'workspaces:messages.csv_imported', params: summary },
      );
    },
  );

  onWorkspace.get('/workspaces/:id/invited-list', { answer: invitedList }, listInvitations);

  route.delete(
    '/workspaces/:id/invitation/:invitation',
    { params: invitationParams, message: 'workspaces:messages.invitation_revoked' },
    (actor, request) =>
      revokeInvitation(deps, actor, {
        workspaceId: request.params.id,
        invitationId: request.params.invitation,
      }),
  );

  route.post(
    '/workspaces/:id/invitation/:invitation/resend',
    {
      summary: 'Send an invitation again with a fresh link and expiry',
      params: invitationParams,
      answer: invitationSchema,
      message: 'workspaces:messages.invitation_resent',
    },
    (actor, request) =>
      resendInvitation(deps, actor, {
        workspaceId: request.params.id,
        invitationId: request.params.invitation,
        language: request.lang,
      }),
  );

  onWorkspace.get(
    '/workspaces/:id/invite',
    { summary: 'The shareable invite link', answer: inviteLink },
    showInviteLink,
  );

  onWorkspace.post(
    '/workspaces/:id/invite/reset',
    {
      summary: 'A new shareable invite link; the old one stops working',
      answer: inviteLink,
      message: 'workspaces:messages.invite_link_reset',
    },
    resetInviteLink,
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
      await attemptInvitationToken(deps.db, request.params.token);
      return ok(await previewInvitation(deps.db, request.params.token));
    },
  );

  route.post(
    '/join/join-to-workspace',
    {
      summary: 'Join a workspace with an invitation token or invite link code',
      body: joinBody,
      answer: joinResult,
      message: (joined) =>
        joined.already_member ? 'workspaces:messages.already_member' : 'workspaces:messages.joined',
    },
    (actor, request) => joinByToken(deps, actor, request.body.token),
  );
}
