import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SigningKey } from '../../../auth/signing-keys';
import type { Actor } from '../../../core/actor';
import { calendarFeeds, users } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { eventPath } from '../notify';
import { calendarIcs } from '../ics';
import type { CalendarDeps } from './deps';
import { deadlinesOf, eventsOf, meetingPath, meetingsOf } from './sources';

/**
 * The ICS feed's secret is HMAC(server signing key, user id and a salt): the stored row (salt
 * and the secret's SHA-256) alone does not give the address. A reset draws a new salt, so the
 * old address answers 404 at once. The address is found again with any key that still verifies,
 * so a rotation does not change it; only once its key retired does the next ask make a new one.
 */
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenOf = (key: SigningKey, userId: number, salt: string) =>
  createHmac('sha256', key.secret).update(`calendar-feed:${userId}:${salt}`).digest('base64url');
const TOKEN = /^[\w-]{43}$/;

/** An address of this server (appLink wants all of the app's deps). */
const appLink = (deps: CalendarDeps, path: string) => new URL(path, deps.config.APP_URL).toString();

export const feedPath = (token: string) => `/api/v2/calendar/ics/${token}.ics`;

async function writeFeed(deps: CalendarDeps, userId: number, salt: string) {
  const token = tokenOf(deps.signingKeys.current(), userId, salt);
  await deps.db
    .insert(calendarFeeds)
    .values({ userId, salt, tokenHash: hash(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { salt, tokenHash: hash(token), createdAt: new Date() },
    });
  return token;
}

/** The caller's feed address, made on first ask. */
export async function showFeed(deps: CalendarDeps, actor: Actor) {
  const [feed] = await deps.db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, actor.userId));
  let token: string | undefined;
  if (feed) {
    token = (await deps.signingKeys.candidates(undefined))
      .map((key) => tokenOf(key, actor.userId, feed.salt))
      .find((candidate) => hash(candidate) === feed.tokenHash);
  }
  // No feed yet, or its key retired: a new address.
  token ??= await writeFeed(
    deps,
    actor.userId,
    feed?.salt ?? randomBytes(16).toString('base64url'),
  );
  return { url: appLink(deps, feedPath(token)) };
}

/** A new secret address; the old one stops answering. */
export async function resetFeed(deps: CalendarDeps, actor: Actor) {
  const token = await writeFeed(deps, actor.userId, randomBytes(16).toString('base64url'));
  return { url: appLink(deps, feedPath(token)) };
}

/** The feed's text for whoever holds the secret; 404 for a wrong or reset one. */
export async function readFeed(deps: CalendarDeps, token: string) {
  if (!TOKEN.test(token)) throw notFound();
  const [owner] = await deps.db
    .select({
      id: users.id,
      role: users.role,
      deletedAt: users.deletedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hash(token)));
  if (!owner || owner.deletedAt || owner.deactivatedAt) throw notFound();
  const [events, meetings, deadlines] = await Promise.all([
    eventsOf(deps.db, owner.id, {}),
    meetingsOf(deps.db, owner.id, {
      from: new Date(Date.now() - 365 * 86_400_000),
    }),
    deadlinesOf(deps.db, owner, {}),
  ]);
  return calendarIcs({
    name: 'Teamloop',
    events,
    meetings,
    deadlines,
    link: (path) => appLink(deps, path),
    eventPath,
    meetingPath,
  });
}
