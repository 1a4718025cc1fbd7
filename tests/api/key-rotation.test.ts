import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixedSigningKeys,
  keyIdOf,
  RetiredKeyError,
  rotateSigningSecret,
} from '@server/auth/signing-keys';
import { settingsLink } from '@server/core/notify';
import { seal, unseal } from '@server/core/seal';
import { calendarConnections, signingSecrets } from '@server/db/schema';
import { syncConnection } from '@server/modules/calendar/sync/operations/run-sync';
import { startGoogleCalendarServer } from '../support/google-calendar-server';
import { linkIn } from '../support/smtp';
import { bearer, createSecondApp, createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

/**
 * Key rotation keeps what the previous key made working until it expires (issue 36): mailed
 * links, sealed third-party tokens (sealed again with the new key when used), and refuses what
 * a retired key made with a clear 4xx.
 */
const api = '/api/v2/core';
const DAY_MS = 86_400_000;
const OLD = 'the-old-secret-that-is-long-enough-for-hs256-signing';
const NEW = 'the-new-secret-that-is-long-enough-for-hs256-signing';

const settingsToken = (t: TestApp, userId: number) =>
  new URL(settingsLink(t.app.deps, userId)).pathname.split('/').pop()!;
const openSettings = (t: TestApp, token: string, language = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `${api}/user/notifications-with-token?token=${token}`,
    headers: { language },
  });

describe('sealed values', () => {
  const before = fixedSigningKeys([OLD]);
  const after = fixedSigningKeys([NEW, OLD]);

  it('open after a rotation, name their key, and say when to seal again', async () => {
    const sealed = seal(before, 'provider-token', 'calendar-sync-tokens');
    expect(sealed.split('.')[0]).toBe(keyIdOf(OLD));
    expect(await unseal(after, sealed, 'calendar-sync-tokens')).toEqual({
      plain: 'provider-token',
      stale: true,
    });
    const again = seal(after, 'provider-token', 'calendar-sync-tokens');
    expect(await unseal(after, again, 'calendar-sync-tokens')).toEqual({
      plain: 'provider-token',
      stale: false,
    });
    // Sealed before key ids: no prefix, opened with whichever key sealed it.
    const unnamed = sealed.split('.').slice(1).join('.');
    expect((await unseal(after, unnamed, 'calendar-sync-tokens')).plain).toBe('provider-token');
    // Another purpose, or a retired key, opens nothing.
    await expect(unseal(after, sealed, 'zoom-user-tokens')).rejects.toBeInstanceOf(RetiredKeyError);
    await expect(
      unseal(fixedSigningKeys([NEW]), sealed, 'calendar-sync-tokens'),
    ).rejects.toBeInstanceOf(RetiredKeyError);
  });
});

describe('after a rotation in the database', () => {
  let a: TestApp;
  let c: TestApp | undefined;
  beforeAll(async () => {
    // This process works no jobs: the mail it queues is sent by the one started after the rotation.
    a = await createTestApp({ JWT_SECRET: '', JOBS_WORK: 'false' });
  });
  afterAll(async () => {
    await c?.close();
    await a?.close();
  });

  it('a mail queued and links made before still work on a process that signs with the new key', async () => {
    const person = await a.createUser();
    const forgot = await a.app.inject({
      method: 'POST',
      url: `${api}/join/forget-password`,
      payload: { email: person.user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const link = settingsToken(a, person.user.id);
    const oldKid = a.app.deps.signingKeys.current().kid;

    const newKid = await rotateSigningSecret(a.db);
    c = await createSecondApp(a, { JWT_SECRET: '' });
    expect(c.app.deps.signingKeys.current().kid).toBe(newKid);

    // The reset mail goes out from the new process: its link is the one its row holds.
    const mail = await c.smtp.waitFor(person.user.email);
    const resetToken = linkIn(mail, '/password/reset').searchParams.get('token')!;
    const check = await c.app.inject({
      method: 'GET',
      url: `${api}/join/verify-reset-password/${resetToken}`,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().resource.email).toBe(person.user.email);

    // A settings link of the previous key opens on the new process, one of the new key on the
    // process started before (it reads the new key from the database).
    expect(link.split('.')[2]).toBe(oldKid);
    expect((await openSettings(c, link)).statusCode).toBe(200);
    const fresh = settingsToken(c, person.user.id);
    expect(fresh.split('.')[2]).toBe(newKid);
    expect((await openSettings(a, fresh)).statusCode).toBe(200);
    // And the session signed before.
    const me = await c.app.inject({ url: `${api}/user`, headers: bearer(person.token) });
    expect(me.statusCode).toBe(200);
  }, 60_000);
});

describe('a retired key', () => {
  let d: TestApp;
  let e: TestApp | undefined;
  beforeAll(async () => {
    d = await createTestApp({ JWT_SECRET: '' });
  });
  afterAll(async () => {
    await e?.close();
    await d?.close();
  });

  it('signs nothing that is still accepted: a clear 401 or 404, in the caller’s language', async () => {
    const person = await d.createUser();
    const link = settingsToken(d, person.user.id);
    // The first key's successor appeared longer ago than anything it signed may live (180 days).
    await d.db.update(signingSecrets).set({ createdAt: new Date(Date.now() - 300 * DAY_MS) });
    await d.db.insert(signingSecrets).values({
      secret: 'a-later-secret-long-enough',
      createdAt: new Date(Date.now() - 200 * DAY_MS),
    });
    e = await createSecondApp(d, { JWT_SECRET: '' });

    const me = await e.app.inject({ url: `${api}/user`, headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    const opened = await openSettings(e, link);
    expect(opened.statusCode).toBe(404);
    expect(opened.json()).toMatchObject({ code: 'invalid_token' });
    const inVietnamese = await openSettings(e, link, 'vi');
    expect(inVietnamese.statusCode).toBe(404);
    expect(inVietnamese.json().messages[0]).not.toBe(opened.json().messages[0]);
    // What the key in use signs is accepted.
    expect((await openSettings(e, settingsToken(e, person.user.id))).statusCode).toBe(200);
  });
});

describe('a calendar connection sealed before a rotation', () => {
  let google: Awaited<ReturnType<typeof startGoogleCalendarServer>>;
  let before: TestApp;
  let after: TestApp | undefined;
  let retired: TestApp | undefined;
  beforeAll(async () => {
    google = await startGoogleCalendarServer({
      clientId: 'google-client',
      clientSecret: 'g-secret',
    });
    before = await createTestApp({ ...google.env, JWT_SECRET: OLD });
  });
  afterAll(async () => {
    await retired?.close();
    await after?.close();
    await before?.close();
    await google?.close();
  });

  it('syncs with the new key, which seals it again; with the old key retired it asks to reconnect', async () => {
    const person = await before.createUser();
    const login = await call(before, person.token).get('/calendar/google-calendar/login');
    const consent = new URL(login.json().resource.url);
    const redirect = consent.searchParams.get('redirect_uri')!;
    const callback = await before.app.inject({
      method: 'GET',
      url: `${new URL(redirect).pathname}?code=${google.oauth.codeFor(redirect)}&state=${consent.searchParams.get('state')}`,
    });
    expect(callback.statusCode).toBe(303);
    const [connection] = await before.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, person.user.id));
    expect(connection.accessTokenSealed.split('.')[0]).toBe(keyIdOf(OLD));

    after = await createSecondApp(before, {
      ...google.env,
      JWT_SECRET: NEW,
      JWT_SECRET_PREVIOUS: OLD,
    });
    expect(await syncConnection(after.app.deps, connection.id)).toBe(true);
    const [synced] = await after.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(synced.lastSyncStatus).toBe('ok');
    expect(synced.accessTokenSealed.split('.')[0]).toBe(keyIdOf(NEW));
    expect(synced.refreshTokenSealed?.split('.')[0]).toBe(keyIdOf(NEW));

    // Sealed by a key no longer held (the old one, retired): the person connects again.
    await after.db
      .update(calendarConnections)
      .set({ accessTokenSealed: connection.accessTokenSealed })
      .where(eq(calendarConnections.id, connection.id));
    retired = await createSecondApp(before, { ...google.env, JWT_SECRET: NEW });
    expect(await syncConnection(retired.app.deps, connection.id)).toBe(true);
    const [refused] = await retired.db
      .select({
        status: calendarConnections.lastSyncStatus,
        detail: calendarConnections.lastSyncDetail,
      })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(refused.status).toBe('failed');
    expect(refused.detail).toMatchObject({ reason: 'access_revoked' });
  }, 60_000);
});
