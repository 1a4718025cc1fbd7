import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signInResult } from '@contracts/auth';
import { envelope } from '@contracts/common';
import { CONSENT_REQUIRED, teamsConsentQuery, teamsExchangeBody } from '@contracts/teams-host';
import type { AppDeps } from '@server/context';
import type { DbOrTx } from '@server/db/client';
import { userIdentities, users } from '@server/db/schema';
import { ok } from '@server/http/envelope';
import { refusal, unauthorized } from '@server/http/errors';
import { keyedLimit } from '@server/http/rate-limit';
import type { App } from '@server/http/types';
import type { HostAccounts } from '@server/host-accounts';
import { newStorageKey, storageFor } from '@server/storage';
import { ConsentRequiredError, fetchGraphPhoto, type GraphPhoto } from './on-behalf-of';
import { teamsSsoSettings, verifyTeamsSsoToken } from './sso-token';

const tags = ['teams'];
/** How many more refused exchanges than AUTH_RATE_LIMIT_MAX one address may make per window. */
const FAILURE_BUDGET_FACTOR = 10;
/** Where the consent pop-up comes back to (tabs/auth-end.html). */
export const CONSENT_REDIRECT_PATH = '/tabs/auth-end.html';
const CONSENT_SCOPES = 'openid profile offline_access https://graph.microsoft.com/User.Read';

/** One Entra ID tenant is one identity provider: object ids are unique only inside it. */
export const entraProvider = (tenantId: string) => `entra:${tenantId}`;

async function hasAvatar(db: DbOrTx, provider: string, subject: string): Promise<boolean> {
  const [row] = await db
    .select({ avatarUrl: users.avatarUrl })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return Boolean(row?.avatarUrl);
}

interface StoredPhoto {
  key: string;
  name: string;
  mimeType: string;
  size: number;
  url: string;
}

/** Puts the Graph photo where uploaded pictures live, before any transaction opens. */
async function storePhoto(
  deps: AppDeps,
  accounts: HostAccounts,
  photo: GraphPhoto,
): Promise<StoredPhoto> {
  const key = newStorageKey('avatars');
  const file = {
    key,
    name: `microsoft-365-photo.${photo.extension}`,
    mimeType: photo.mimeType,
    size: photo.bytes.length,
  };
  await storageFor(deps.config).stage(key, Readable.from([photo.bytes]));
  return { ...file, url: accounts.avatarUrlOf(file) };
}

/**
 * The host auth exchange (architecture: bot-proxy). Mounted in-process by server/app.ts and
 * by bot-proxy/standalone.ts in front of a separate API.
 */
/** The host exchange; it reaches accounts and profiles only through `accounts`. */
export default async function botProxy(app: App, { accounts }: { accounts: HostAccounts }) {
  const { deps } = app;
  const { db } = deps;
  const { AUTH_RATE_LIMIT_MAX: max, AUTH_RATE_LIMIT_WINDOW_MS: timeWindow } = deps.config;
  // A signed token cannot be guessed, and a whole school or company reaches us from a few
  // egress addresses (docs/decisions/rate-limits.md): the exchange is limited per person
  // (tenant and object id, after the signature is checked), and only refused tokens count
  // against the caller's address, with a larger budget.
  const limitPerson = keyedLimit(app, 'teams-exchange-person', { max, timeWindow });
  const limitFailures = keyedLimit(app, 'teams-exchange-failures', {
    max: max * FAILURE_BUDGET_FACTOR,
    timeWindow,
  });
  // The consent redirect holds no secret; the per-address limit only stops floods.
  const consentRateLimit = {
    max: max * FAILURE_BUDGET_FACTOR,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.ip,
  };
  const configured = () => {
    const settings = teamsSsoSettings(deps.config);
    if (!settings)
      throw refusal(404, 'provider_not_configured', 'teams-host:messages.not_configured');
    return settings;
  };

  /** Teams SSO token in, our access token out: answers like `core/join/login`. */
  app.post(
    '/auth/teams/exchange',
    {
      schema: { tags, body: teamsExchangeBody, response: { 200: envelope(signInResult) } },
    },
    async (request, reply) => {
      const settings = configured();
      const { token } = request.body;
      let identity;
      try {
        identity = await verifyTeamsSsoToken(settings, token);
      } catch (error) {
        await limitFailures(request, request.ip);
        throw error;
      }
      const provider = entraProvider(identity.tenantId);
      await limitPerson(request, `${provider}:${identity.objectId}`);

      // Network and files first, outside the transaction: the photo only for someone
      // without a picture yet.
      let photo: StoredPhoto | null = null;
      if (!(await hasAvatar(db, provider, identity.objectId))) {
        try {
          const found = await fetchGraphPhoto(settings, token, identity.tenantId, request.log);
          if (found) photo = await storePhoto(deps, accounts, found);
        } catch (error) {
          if (error instanceof ConsentRequiredError) {
            throw refusal(403, CONSENT_REQUIRED, 'teams-host:messages.consent_required');
          }
          throw error;
        }
      }

      const { firstName, lastName } = accounts.splitName(identity.name);
      let photoUsed = false;
      try {
        const result = await db.transaction(async (tx) => {
          const { user } = await accounts.findOrCreateExternalUser(tx, {
            provider,
            subject: identity.objectId,
            email: identity.username,
            emailVerified: identity.emailVerified,
            firstName,
            lastName,
          });
          if (user.deletedAt) throw unauthorized('teams-host:messages.account_deleted');
          let current = user;
          if (photo && !user.avatarUrl) {
            [current] = await tx
              .update(users)
              .set({ avatarUrl: photo.url, updatedAt: new Date() })
              .where(eq(users.id, user.id))
              .returning();
            await accounts.saveProfile(tx, user.id, {
              avatar: {
                key: photo.key,
                name: photo.name,
                size: photo.size,
                mime_type: photo.mimeType,
                uploaded_at: new Date().toISOString(),
              },
            });
            photoUsed = true;
          }
          return accounts.needsSecondFactor(current)
            ? accounts.beginSecondFactor(deps, tx, current, 'teams_sso')
            : accounts.completeSignIn(deps, tx, request, reply, current, 'teams_sso');
        });
        // Visible once the row naming it has committed (docs/decisions/stored-files.md).
        if (photo && photoUsed) await storageFor(deps.config).publish([photo.key]);
        return ok(result);
      } finally {
        // A picture nobody ended up using (the account had one, or the sign-in failed).
        if (photo && !photoUsed) await accounts.removeFiles(deps, [photo.key]);
      }
    },
  );

  /**
   * The consent pop-up's first hop (tabs/auth-start.html comes here): on to Entra ID's
   * authorize page for the Graph permission the on-behalf-of exchange needs.
   */
  app.get(
    '/auth/teams/consent',
    {
      schema: { tags, querystring: teamsConsentQuery, response: { 302: z.null() } },
      config: { rateLimit: consentRateLimit },
    },
    async (request, reply) => {
      const settings = configured();
      const tenant = settings.tenantId ?? request.query.tenant;
      const authorize = new URL(`${settings.authorityHost}/${tenant}/oauth2/v2.0/authorize`);
      authorize.search = new URLSearchParams({
        client_id: settings.clientId,
        response_type: 'code',
        response_mode: 'query',
        redirect_uri: new URL(CONSENT_REDIRECT_PATH, deps.config.APP_URL).toString(),
        scope: CONSENT_SCOPES,
        state: request.query.state,
        ...(request.query.login_hint ? { login_hint: request.query.login_hint } : {}),
      }).toString();
      return reply.redirect(authorize.toString(), 302);
    },
  );
}
