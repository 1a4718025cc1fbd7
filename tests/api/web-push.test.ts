import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '@server/db/schema';
import { notifyAboutTask } from '@server/modules/tasks/notify';
import { createWorkspace } from '../support/factories';
import { startPushService, type PushServiceStandIn } from '../support/push-service';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

const vapid = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:ops@teamloop.test';

async function call(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  language = 'en',
) {
  return t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('browser notifications (PUT core/user/fcm-token, Web Push)', () => {
  let service: PushServiceStandIn;
  let t: TestApp;
  let off: TestApp;
  const formerCa = https.globalAgent.options.ca;

  beforeAll(async () => {
    service = await startPushService();
    // The stand-in's certificate is trusted the way an operator trusts a private CA.
    https.globalAgent.options.ca = [...rootCertificates, service.cert.toString()];
    t = await createTestApp({
      JOBS_RETRY_DELAY_SECONDS: '1',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: SUBJECT,
      PUSH_SERVICE_HOSTS: '127.0.0.1',
    });
    off = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    await service.close();
    https.globalAgent.options.ca = formerCa;
  });

  async function assign(app: TestApp, workspaceId: number, to: number[], by: number, name: string) {
    await app.db.transaction((tx) =>
      notifyAboutTask(
        tx,
        { id: 7, workspaceId, parentId: null, name, expiredAt: null },
        'task_assigned',
        to,
        by,
      ),
    );
  }

  async function deliveredCount(expected: number) {
    const deadline = Date.now() + 20_000;
    while (service.received.length < expected && Date.now() < deadline) {
      await t.app.deps.jobs.drain();
      await new Promise((r) => setTimeout(r, 200));
    }
    await t.app.deps.jobs.drain();
    return service.received.length;
  }

  it('is off and says so without VAPID keys; the channels say which key to subscribe with', async () => {
    const { owner } = await createWorkspace(off);
    const channels = await call(off, owner.token, 'GET', '/core/notifications/channels');
    expect(channels.json().resource).toMatchObject({ web_push: false, web_push_public_key: null });
    const refused = await call(
      off,
      owner.token,
      'PUT',
      '/core/user/fcm-token',
      service.subscribe(),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('push_not_configured');
    const vi = await call(
      off,
      owner.token,
      'PUT',
      '/core/user/fcm-token',
      service.subscribe(),
      'vi',
    );
    expect(JSON.stringify(vi.json())).toContain('thông báo trên trình duyệt');

    const { owner: someone } = await createWorkspace(t);
    const on = await call(t, someone.token, 'GET', '/core/notifications/channels');
    expect(on.json().resource).toMatchObject({
      web_push: true,
      web_push_public_key: vapid.publicKey,
    });
  });

  it('refuses the signed-out and bad subscriptions, and push services it does not know', async () => {
    const { owner } = await createWorkspace(t);
    expect(
      (await call(t, null, 'PUT', '/core/user/fcm-token', service.subscribe())).statusCode,
    ).toBe(401);
    const good = service.subscribe();
    const bad = [
      {},
      { fcm_token: 'a-firebase-token' },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: good.endpoint.replace('https:', 'http:') },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: 'x' } },
      { subscription: { ...good, keys: { ...good.keys, p256dh: '!!!'.repeat(30) } } },
    ];
    for (const body of bad) {
      const response = await call(t, owner.token, 'PUT', '/core/user/fcm-token', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message ?? response.json().messages).toBeTruthy();
    }
    const elsewhere = await call(t, owner.token, 'PUT', '/core/user/fcm-token', {
      ...good,
      endpoint: 'https://169.254.169.254/latest/meta-data',
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe('push_service_unknown');
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.user.id));
    expect(rows).toHaveLength(0);
    expect((await call(t, owner.token, 'DELETE', '/core/user/fcm-token')).statusCode).toBe(422);
  });

  it('pushes an encrypted, VAPID-signed notification in the reader’s language to each browser', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [ann, ben] = people.member;
    await t.db.update(users).set({ language: 'vi' }).where(eq(users.id, ben.user.id));
    const annLaptop = service.subscribe();
    const annPhone = service.subscribe();
    const benLaptop = service.subscribe();
    for (const [person, browser] of [
      [ann, annLaptop],
      [ann, { subscription: annPhone }],
      [ben, benLaptop],
    ] as const) {
      const saved = await call(t, person.token, 'PUT', '/core/user/fcm-token', browser);
      expect(saved.statusCode).toBe(200);
    }
    // Saving the same browser again changes nothing.
    expect((await call(t, ann.token, 'PUT', '/core/user/fcm-token', annLaptop)).statusCode).toBe(
      200,
    );
    const before = service.received.length;
    await assign(t, workspace.id, [ann.user.id, ben.user.id], owner.user.id, 'Rivers');
    expect(await deliveredCount(before + 3)).toBe(before + 3);
    const mine = service.received.slice(before);
    expect(service.refused).toEqual([]);
    for (const push of mine) {
      expect(push.vapidKey).toBe(vapid.publicKey);
      expect(push.subject).toBe(SUBJECT);
      expect(push.ttl).toBeGreaterThan(0);
    }
    const byEndpoint = (endpoint: string) =>
      mine.find((push) => endpoint.endsWith(push.subscriptionId))?.payload;
    expect(byEndpoint(annLaptop.endpoint)).toEqual({
      title: 'Teamloop',
      body: 'You were given the task Rivers.',
      url: expect.stringMatching(/^http.*\/workspaces\/\d+\/tasks\/7\/info$/),
      tag: expect.stringContaining('task_assigned'),
    });
    expect(byEndpoint(annPhone.endpoint)).toEqual(byEndpoint(annLaptop.endpoint));
    expect((byEndpoint(benLaptop.endpoint) as { body: string }).body).not.toBe(
      'You were given the task Rivers.',
    );

    // Nothing more is sent for the same event on a later run of the jobs.
    await t.app.deps.jobs.drain();
    expect(service.received.length).toBe(before + 3);
  });

  it('never pushes a kind the person turned off in the app, and retries a push service that failed', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [quiet, loud] = people.member;
    const settings = await call(t, quiet.token, 'GET', `/core/user/notifications`);
    expect(settings.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/user/notifications',
      headers: bearer(quiet.token),
      payload: { notification_settings: { task_assigned_in_app: false } },
    });
    for (const person of [quiet, loud]) {
      await call(t, person.token, 'PUT', '/core/user/fcm-token', service.subscribe());
    }
    const before = service.received.length;
    service.failNext(1);
    await assign(t, workspace.id, [quiet.user.id, loud.user.id], owner.user.id, 'Lakes');
    expect(await deliveredCount(before + 1)).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 1500));
    await t.app.deps.jobs.drain();
    const pushes = service.received.slice(before);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ body: 'You were given the task Lakes.' });
    expect(service.refused.at(-1)?.status).toBe(503);
    const quietRows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, quiet.user.id));
    expect(quietRows).toHaveLength(1);
  });

  it('forgets a browser its push service says is gone, and one the person turns off', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = people.member;
    const gone = service.subscribe();
    const kept = service.subscribe();
    await call(t, ann.token, 'PUT', '/core/user/fcm-token', gone);
    await call(t, ann.token, 'PUT', '/core/user/fcm-token', kept);
    service.expire(gone.endpoint);
    const before = service.received.length;
    await assign(t, workspace.id, [ann.user.id], owner.user.id, 'Hills');
    expect(await deliveredCount(before + 1)).toBe(before + 1);
    const rows = () =>
      t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ann.user.id));
    expect((await rows()).map((r) => r.endpoint)).toEqual([kept.endpoint]);

    // Someone else cannot turn off Ann's browser; Ann can.
    const removedByOwner = await call(
      t,
      owner.token,
      'DELETE',
      `/core/user/fcm-token?endpoint=${encodeURIComponent(kept.endpoint)}`,
    );
    expect(removedByOwner.json().resource.removed).toBe(0);
    const removed = await call(
      t,
      ann.token,
      'DELETE',
      `/core/user/fcm-token?endpoint=${encodeURIComponent(kept.endpoint)}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().resource.removed).toBe(1);
    expect(await rows()).toHaveLength(0);
  });

  it('a browser moves with whoever signs in on it; a person keeps at most 20; export shows them', async () => {
    const { owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = people.member;
    const shared = service.subscribe();
    await call(t, owner.token, 'PUT', '/core/user/fcm-token', shared);
    await call(t, ann.token, 'PUT', '/core/user/fcm-token', shared);
    const owners = await t.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(owners).toEqual([{ userId: ann.user.id }]);

    const many = Array.from({ length: 21 }, () => service.subscribe());
    for (const browser of many) {
      expect((await call(t, owner.token, 'PUT', '/core/user/fcm-token', browser)).statusCode).toBe(
        200,
      );
    }
    const kept = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.user.id));
    expect(kept).toHaveLength(20);
    expect(kept.map((r) => r.endpoint)).not.toContain(many[0]!.endpoint);

    const exported = await call(t, ann.token, 'GET', '/core/user/export-user-data');
    expect(JSON.stringify(exported.json())).toContain(shared.endpoint);
  });
});
