import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { LiveEventPayload } from '@contracts/realtime';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { jobEffects, userIdentities, users } from '../../db/schema';
import { translator } from '../../i18n';
import { claimEffect, type RecordedEvent } from '../../jobs';
import { appLink } from '../../core/links';
import { displayName } from '../../core/people';
import { settingsLink, type NotificationCreated } from '../../core/notify';
import { GraphError, sendActivityNotification, teamsActivitySettings } from './teams-activity';
import { sendWebPush } from './web-push';
import { actorNameOf, wordsOf } from './words';

async function sentKeys(db: DbOrTx, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: jobEffects.key })
    .from(jobEffects)
    .where(inArray(jobEffects.key, keys));
  return new Set(rows.map((r) => r.key));
}

/** Each person's open clients hear of it at once (their own room); the bell refetches. */
function sendLive(deps: AppDeps, event: RecordedEvent<'notification.created'>) {
  for (const recipient of event.payload.recipients) {
    if (recipient.notification_id === null) continue;
    const payload: LiveEventPayload<'notifications-changed'> = {
      id: recipient.notification_id,
      kind: event.payload.kind,
    };
    deps.realtime.toUser(recipient.user_id, 'notifications-changed', payload);
  }
  return Promise.resolve();
}

/**
 * One mail per person who wants this kind by mail, in their language, with the link to the
 * page and the link to their settings. Marked sent once out (see events-and-jobs.md).
 */
async function sendMail(deps: AppDeps, event: RecordedEvent<'notification.created'>) {
  const payload: NotificationCreated = event.payload;
  const wanted = payload.recipients.filter((r) => r.email).map((r) => r.user_id);
  if (wanted.length === 0) return;
  const effectKey = (userId: number) => `event:${event.id}:notification-mail:${userId}`;
  const sent = await sentKeys(deps.db, wanted.map(effectKey));
  const people = await deps.db.select().from(users).where(inArray(users.id, wanted));
  const actorName = await actorNameOf(deps.db, payload.actor_id);
  const link = payload.link ? appLink(deps, payload.link) : appLink(deps, '/notification');
  for (const person of people) {
    if (person.deletedAt || person.deactivatedAt || sent.has(effectKey(person.id))) continue;
    const t = translator(person.language);
    const words = wordsOf(person.language, payload.data, actorName);
    await deps.mailer.send({
      to: person.email,
      subject: words,
      text: [
        t('notifications:mail.greeting', { name: displayName(person) }),
        '',
        words,
        '',
        link,
        '',
        t('notifications:mail.settings', { link: settingsLink(deps, person.id) }),
      ].join('\n'),
      link,
      idempotencyKey: `notification-${event.id}-${person.id}`,
    });
    await claimEffect(deps.db, effectKey(person.id));
  }
}

/** The provider name the Teams sign-in stores Entra object ids under (bot-proxy/plugin.ts). */
const entraProvider = (tenantId: string) => `entra:${tenantId}`;

/**
 * With the Entra app configured, the Teams activity feed of each person who signed in through
 * Teams (their Entra object id is known) and keeps the in-app channel on. A refusal that a
 * retry cannot mend (the app not installed for them: 403/404) is logged and not retried.
 */
async function sendToTeams(
  deps: AppDeps,
  log: FastifyBaseLogger,
  event: RecordedEvent<'notification.created'>,
) {
  const settings = teamsActivitySettings(deps.config);
  if (!settings) return;
  const payload = event.payload;
  const wanted = payload.recipients.filter((r) => r.notification_id !== null).map((r) => r.user_id);
  if (wanted.length === 0) return;
  const identities = await deps.db
    .select({ userId: userIdentities.userId, subject: userIdentities.subject, user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(
        eq(userIdentities.provider, entraProvider(settings.tenantId)),
        inArray(userIdentities.userId, wanted),
      ),
    );
  if (identities.length === 0) return;
  const effectKey = (userId: number) => `event:${event.id}:teams:${userId}`;
  const sent = await sentKeys(
    deps.db,
    identities.map((i) => effectKey(i.userId)),
  );
  const actorName = await actorNameOf(deps.db, payload.actor_id);
  const webUrl = payload.link ? appLink(deps, payload.link) : appLink(deps, '/notification');
  for (const identity of identities) {
    if (sent.has(effectKey(identity.userId))) continue;
    const words = wordsOf(identity.user.language, payload.data, actorName);
    const topic =
      typeof payload.data.name === 'string' && payload.data.name ? payload.data.name : words;
    try {
      await sendActivityNotification(settings, {
        userId: identity.subject,
        kind: payload.kind,
        preview: words,
        topic,
        webUrl,
        actor: actorName ?? 'Teamloop',
      });
    } catch (error) {
      const final =
        error instanceof GraphError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 408 &&
        error.status !== 429;
      if (!final) throw error;
      log.warn({ err: error, user: identity.userId }, 'Teams activity refused');
    }
    await claimEffect(deps.db, effectKey(identity.userId));
  }
}

export function registerDelivery(deps: AppDeps, log: FastifyBaseLogger) {
  void deps.jobs.on('notification.created', 'live', (event) => sendLive(deps, event));
  void deps.jobs.on('notification.created', 'mail', (event) => sendMail(deps, event));
  void deps.jobs.on('notification.created', 'teams', (event) => sendToTeams(deps, log, event));
  void deps.jobs.on('notification.created', 'push', (event) => sendWebPush(deps, log, event));
}
