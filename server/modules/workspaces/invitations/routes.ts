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
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
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

  app.get(
    '/workspaces/:id/invited-list',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(invitedList) } } },
    async (request) => ok(await listInvitations(deps, actorOf(request), request.params.id)),
  );

  app.delete(
    '/workspaces/:id/invitation/:invitation',
    { schema: { tags, params: invitationParams, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      await revokeInvitation(deps, actorOf(request), {
        workspaceId: request.params.id,
        invitationId: request.params.invitation,
      });
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
      const invitation = await resendInvitation(deps, actorOf(request), {
        workspaceId: request.params.id,
        invitationId: request.params.invitation,
        language: request.lang,
      });
      return ok(invitation, 'workspaces:messages.invitation_resent');
    },
  );

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
    async (request) => ok(await showInviteLink(deps, actorOf(request), request.params.id)),
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
      const link = await resetInviteLink(deps, actorOf(request), request.params.id);
      return ok(link, 'workspaces:messages.invite_link_reset');
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
      await attemptInvitationToken(deps.db, request.params.token);
      return ok(await previewInvitation(deps.db, request.params.token));
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
      const joined = await joinByToken(deps, actorOf(request), request.body.token);
      return ok(
        joined,
        joined.already_member ? 'workspaces:messages.already_member' : 'workspaces:messages.joined',
      );
    },
  );
}
