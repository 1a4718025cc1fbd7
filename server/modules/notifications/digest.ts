import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KINDS, type NotificationKind } from '@contracts/notifications';
import type { AppDeps } from '../../context';
import { jobEffects, notifications, users } from '../../db/schema';
import { translator } from '../../i18n';
import { claimEffect } from '../../jobs';
import { appLink } from '../../core/links';
import { settingsLink, wantsKind } from '../../core/notify';
import { displayName } from '../../core/people';
import { wordsOf } from './words';

export const DIGEST_QUEUE = 'notifications_digest';
const DAY_MS = 86_400_000;
const MAX_LINES = 30;

/** The next time the digest goes out, at NOTIFICATION_DIGEST_HOUR UTC. */
export function nextDigestAt(hour: number, now = new Date()) {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next <= now) next.setTime(next.getTime() + DAY_MS);
  return next;
}

/**
 * The daily digest: each person gets one mail listing their unread in-app notifications of
 * the day before `until`, of the kinds they asked a digest for. Once per person and day,
 * however often the job runs.
 */
export async function sendDigest(deps: AppDeps, until: Date) {
  const since = new Date(until.getTime() - DAY_MS);
  const day = until.toISOString().slice(0, 10);
  const rows = await deps.db
    .select({ row: notifications, actorFirst: users.firstName })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        gte(notifications.createdAt, since),
        lt(notifications.createdAt, until),
        isNull(notifications.readAt),
      ),
    )
    .orderBy(asc(notifications.userId), asc(notifications.createdAt));
  const byUser = new Map<number, (typeof rows)[number]['row'][]>();
  for (const { row } of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  if (byUser.size === 0) return 0;
  const people = await deps.db
    .select()
    .from(users)
    .where(inArray(users.id, [...byUser.keys()]));
  const effectKey = (userId: number) => `digest:${day}:${userId}`;
  const done = new Set(
    (
      await deps.db
        .select({ key: jobEffects.key })
        .from(jobEffects)
        .where(
          inArray(
            jobEffects.key,
            people.map((p) => effectKey(p.id)),
          ),
        )
    ).map((r) => r.key),
  );
  const actors = new Map<number, string>();
  const actorIds = [...new Set(rows.flatMap(({ row }) => (row.actorId ? [row.actorId] : [])))];
  if (actorIds.length > 0) {
    for (const actor of await deps.db.select().from(users).where(inArray(users.id, actorIds))) {
      actors.set(actor.id, displayName(actor));
    }
  }
  let sent = 0;
  for (const person of people) {
    if (person.deletedAt || person.deactivatedAt || done.has(effectKey(person.id))) continue;
    const items = byUser
      .get(person.id)!
      .filter(
        (n) =>
          (NOTIFICATION_KINDS as readonly string[]).includes(n.kind) &&
          wantsKind(person, n.kind as NotificationKind, 'email_digest'),
      );
    if (items.length === 0) continue;
    const t = translator(person.language);
    const lines = items
      .slice(0, MAX_LINES)
      .map(
        (n) =>
          `- ${wordsOf(person.language, n.data, n.actorId ? (actors.get(n.actorId) ?? null) : null)}`,
      );
    const inbox = appLink(deps, '/notification');
    await deps.mailer.send({
      to: person.email,
      subject: t('notifications:mail.digest_subject', { count: items.length }),
      text: [
        t('notifications:mail.greeting', { name: displayName(person) }),
        '',
        t('notifications:mail.digest_intro', { count: items.length }),
        '',
        ...lines,
        ...(items.length > MAX_LINES
          ? [t('notifications:mail.digest_more', { count: items.length - MAX_LINES })]
          : []),
        '',
        inbox,
        '',
        t('notifications:mail.settings', { link: settingsLink(deps, person.id) }),
      ].join('\n'),
      link: inbox,
      idempotencyKey: `notification-digest-${day}-${person.id}`,
    });
    await claimEffect(deps.db, effectKey(person.id));
    sent += 1;
  }
  return sent;
}

/**
 * A scheduled job: each run sends the digest for the day before its time and schedules the
 * next run (the same key makes one job however many processes schedule it).
 */
export function registerDigest(deps: AppDeps, log: FastifyBaseLogger) {
  const schedule = (now = new Date()) => {
    const at = nextDigestAt(deps.config.NOTIFICATION_DIGEST_HOUR, now);
    return deps.jobs.send(
      DIGEST_QUEUE,
      { at: at.toISOString() },
      { startAfter: at, key: at.toISOString() },
    );
  };
  void deps.jobs.define<{ at?: string }>(DIGEST_QUEUE, async (data) => {
    const at = data.at ? new Date(data.at) : new Date();
    await sendDigest(deps, Number.isNaN(at.getTime()) ? new Date() : at);
    await schedule(new Date(Math.max(Date.now(), at.getTime()) + 1000));
  });
  return async () => {
    if (!deps.config.JOBS_WORK) return;
    await schedule().catch((error: unknown) => log.error({ err: error }, 'digest not scheduled'));
  };
}
