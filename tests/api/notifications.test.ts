import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userIdentities, users } from '@server/db/schema';
import { notify, settingsLink } from '@server/core/notify';
import { sendDigest } from '@server/modules/notifications';
import { notifyAboutTask } from '@server/modules/tasks/notify';
import { createWorkspace } from '../support/factories';
import { startGraphActivityStandIn } from '../support/graph-activity-stand-in';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { startZoomStandIn } from '../support/zoom-stand-in';

const fastJobs = { JOBS_POLL_SECONDS: '0.5', JOBS_RETRY_DELAY_SECONDS: '1' };
const TENANT = '7c1c3a9e-0d4f-4a6b-9f60-2d1f0d6c1a11';
const CLIENT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const CLIENT_SECRET = 'stand-in-secret';

type Method = 'GET' | 'POST';
async function call(
  t: TestApp,
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const manifestTypes = (
  JSON.parse(readFileSync('appPackage/manifest.json', 'utf8')) as {
    activities: { activityTypes: { type: string }[] };
  }
).activities.activityTypes.map((a) => a.type);

describe('notifications inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(fastJobs);
  });
  afterAll(() => t.close());

  async function seed() {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [ann, ben] = people.member;
    await t.db.transaction((tx) =>
      notify(tx, {
        userIds: [ann.user.id],
        kind: 'task_assigned',
        workspaceId: workspace.id,
        actorId: owner.user.id,
        data: { message_key: 'tasks:notifications.task_assigned', name: 'Map' },
        link: `/workspaces/${workspace.id}/tasks/1/info`,
      }),
    );
    await t.db.transaction((tx) =>
      notify(tx, {
        userIds: [ann.user.id, ben.user.id],
        kind: 'team_formed',
        workspaceId: workspace.id,
        actorId: owner.user.id,
        data: { message_key: 'notifications:kinds.team_formed', name: 'Team 1' },
      }),
    );
    return { workspace, owner, ann, ben };
  }

  it('lists my notifications with is_read and counts the unread; marks read and all read', async () => {
    const { ann, ben } = await seed();
    const list = await call(t, ann.token, 'GET', '/core/notifications?range=recent');
    expect(list.statusCode).toBe(200);
    const body = list.json().resource;
    expect(body.unread_notifications).toBe(2);
    expect(body.notifications.data.map((n: { kind: string }) => n.kind)).toEqual([
      'team_formed',
      'task_assigned',
    ]);
    expect(body.notifications.data[1]).toMatchObject({
      is_read: false,
      link: expect.stringMatching(/\/tasks\/1\/info$/),
      actor: { name: expect.any(String) },
      data: { name: 'Map' },
    });
    const first = body.notifications.data[1].id;

    // Ben may not read or mark Ann's.
    const theirs = await call(t, ben.token, 'POST', `/core/notifications/${first}/read`);
    expect(theirs.statusCode).toBe(404);
    const theirsMany = await call(t, ben.token, 'POST', '/core/notifications/read', {
      ids: [first],
    });
    expect(theirsMany.statusCode).toBe(404);
    expect(
      (await t.db.select().from(notifications).where(eq(notifications.id, first)))[0].readAt,
    ).toBeNull();

    const read = await call(t, ann.token, 'POST', `/core/notifications/${first}/read`);
    expect(read.json().resource).toEqual({ updated: 1, unread_notifications: 1 });
    const unreadOnly = await call(t, ann.token, 'GET', '/core/notifications?is_read=0');
    expect(unreadOnly.json().resource.notifications.meta.total).toBe(1);
    const all = await call(t, ann.token, 'POST', '/core/notifications/read-all');
    expect(all.json().resource).toEqual({ updated: 1, unread_notifications: 0 });
    const count = await call(t, ann.token, 'GET', '/core/notifications/unread-notifications');
    expect(count.json().resource.unread_notifications).toBe(0);
    // Ben's stay unread.
    const bens = await call(t, ben.token, 'GET', '/core/notifications/unread-notifications');
    expect(bens.json().resource.unread_notifications).toBe(1);
  });

  it('pages', async () => {
    const { ann } = await seed();
    const page = await call(t, ann.token, 'GET', '/core/notifications?per_page=1&page=2');
    expect(page.json().resource.notifications).toMatchObject({
      data: [{ kind: 'task_assigned' }],
      meta: { page: 2, per_page: 1, total: 2 },
    });
  });

  it('refuses signed-out callers on every route, changing nothing', async () => {
    const { ann } = await seed();
    const [one] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ann.user.id));
    const before = await rowCounts(t.db);
    const routes: [Method, string, unknown?][] = [
      ['GET', '/core/notifications'],
      ['GET', '/core/notifications/unread-notifications'],
      ['GET', '/core/notifications/channels'],
      ['POST', `/core/notifications/${one.id}/read`],
      ['POST', '/core/notifications/read', { ids: [one.id] }],
      ['POST', '/core/notifications/read-all'],
      ['GET', '/core/meetings'],
      ['GET', '/core/meetings/options'],
      [
        'POST',
        '/core/meetings',
        { workspace_id: 1, title: 'x', start_at: new Date().toISOString(), duration_minutes: 30 },
      ],
      ['POST', '/core/meetings/1/add-to-calendar'],
      [
        'POST',
        '/messaging/meetings/zoom',
        { topic: 'x', start_at: new Date().toISOString(), duration_minutes: 30 },
      ],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(t, null, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('answers bad input with 4xx and a message', async () => {
    const { ann } = await seed();
    const bad: [Method, string, unknown?][] = [
      ['GET', '/core/notifications?range=yearly'],
      ['GET', '/core/notifications?per_page=1000'],
      ['POST', '/core/notifications/abc/read'],
      ['POST', '/core/notifications/99999999999/read'],
      ['POST', '/core/notifications/read', { ids: [] }],
      ['POST', '/core/notifications/read', { ids: ['x'] }],
      ['POST', '/core/meetings', { title: '' }],
      ['POST', '/messaging/meetings/zoom', { topic: 'x' }],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(t, ann.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(response.json().messages.length).toBeGreaterThan(0);
    }
  });

  it('honours per-user settings per event and channel', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = people.member;
    await call(t, ann.token, 'POST', '/core/user/notifications', {
      notification_settings: { task_assigned_in_app: false, task_assigned_email: false },
    });
    await t.db.transaction((tx) =>
      notifyAboutTask(
        tx,
        { id: 1, workspaceId: workspace.id, parentId: null, name: 'Quiet', expiredAt: null },
        'task_assigned',
        [ann.user.id],
        owner.user.id,
      ),
    );
    await t.app.deps.jobs.drain();
    const mine = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ann.user.id));
    expect(mine).toEqual([]);
    const settings = await call(t, ann.token, 'GET', '/core/user/notifications');
    expect(settings.json().resource.notification_settings).toMatchObject({
      task_assigned_in_app: false,
      task_due_email_digest: false,
      task_due_in_app: true,
    });
  });

  it('mails a notification with the settings link, and the link changes settings without sign-in', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = people.member;
    await t.db.transaction((tx) =>
      notifyAboutTask(
        tx,
        { id: 7, workspaceId: workspace.id, parentId: null, name: 'Essay', expiredAt: null },
        'task_assigned',
        [ann.user.id],
        owner.user.id,
      ),
    );
    await t.app.deps.jobs.drain();
    const mail = await t.smtp.waitFor(ann.user.email);
    expect(mail.subject).toBe('You were given the task Essay.');
    const token = /\/p\/notifications\/([\w.-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    const shown = await call(t, null, 'GET', `/core/user/notifications-with-token?token=${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().resource.notification_settings.task_assigned_email).toBe(true);
    const saved = await call(t, null, 'POST', '/core/user/notifications-with-token', {
      token,
      notification_settings: { task_assigned_email: false, task_due_email_digest: true },
    });
    expect(saved.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(after.notificationSettings).toMatchObject({
      task_assigned_email: false,
      task_due_email_digest: true,
    });
  });

  it('refuses a bad or forged settings token, changing nothing', async () => {
    const { people } = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = people.member;
    const good = /\/p\/notifications\/([\w.-]+)$/.exec(settingsLink(t.app.deps, ann.user.id))![1];
    const forged = good.replace(/^\d+/, String(ann.user.id + 1));
    const before = await rowCounts(t.db);
    for (const token of ['not-a-token-at-all', forged, `${good.slice(0, -2)}xx`]) {
      const shown = await call(
        t,
        null,
        'GET',
        `/core/user/notifications-with-token?token=${token}`,
      );
      expect(shown.statusCode).toBe(404);
      expect(shown.json().code).toBe('invalid_token');
      const saved = await call(t, null, 'POST', '/core/user/notifications-with-token', {
        token,
        notification_settings: { task_assigned_email: false },
      });
      expect(saved.statusCode).toBe(404);
    }
    const unknown = await call(t, null, 'POST', '/core/user/notifications-with-token', {
      token: good,
      notification_settings: { spam: true },
    });
    expect(unknown.statusCode).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);
    const [same] = await t.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(same.notificationSettings).toEqual({});
  });

  it('sends the daily digest once to those who asked for it', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [ann, ben] = people.member;
    await t.db
      .update(users)
      .set({
        notificationSettings: { task_assigned_email_digest: true, task_assigned_email: false },
      })
      .where(eq(users.id, ann.user.id));
    await t.db.transaction((tx) =>
      notify(tx, {
        userIds: [ann.user.id, ben.user.id],
        kind: 'task_assigned',
        workspaceId: workspace.id,
        actorId: owner.user.id,
        data: { message_key: 'tasks:notifications.task_assigned', name: 'Digest me' },
      }),
    );
    const until = new Date(Date.now() + 1000);
    await sendDigest(t.app.deps, until);
    await sendDigest(t.app.deps, until);
    const mail = await t.smtp.waitFor(ann.user.email);
    expect(mail.subject).toBe('Your day in Teamloop: 1 notification');
    expect(mail.text).toContain('You were given the task Digest me.');
    expect(mail.text).toMatch(/\/p\/notifications\//);
    await t.app.deps.jobs.drain();
    expect(t.smtp.received.filter((m) => m.to.includes(ann.user.email))).toHaveLength(1);
    // Ben left the digest off: his only mail is the notification itself.
    expect(
      t.smtp.received.filter(
        (m) => m.to.includes(ben.user.email) && m.subject.startsWith('Your day'),
      ),
    ).toEqual([]);
  });
});

describe('the Teams activity feed', () => {
  let graph: Awaited<ReturnType<typeof startGraphActivityStandIn>>;
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    graph = await startGraphActivityStandIn({
      tenantId: TENANT,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      activityTypes: manifestTypes,
    });
    t = await createTestApp({
      ...fastJobs,
      M365_CLIENT_ID: CLIENT_ID,
      M365_CLIENT_SECRET: CLIENT_SECRET,
      M365_TENANT_ID: TENANT,
      M365_AUTHORITY_HOST: graph.url,
      M365_GRAPH_URL: graph.url,
    });
    off = await createTestApp({
      ...fastJobs,
      M365_GRAPH_URL: graph.url,
      M365_AUTHORITY_HOST: graph.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    await graph.close();
  });

  async function teamsPerson(app: TestApp, objectId: string) {
    const { workspace, owner, people } = await createWorkspace(app, { members: { member: 1 } });
    const [ann] = people.member;
    await app.db
      .insert(userIdentities)
      .values({ userId: ann.user.id, provider: `entra:${TENANT}`, subject: objectId });
    return { workspace, owner, ann };
  }

  it('sends exactly one activity notification per event, through a failure and retry', async () => {
    const { workspace, owner, ann } = await teamsPerson(t, 'aad-object-ann');
    const channels = await call(t, ann.token, 'GET', '/core/notifications/channels');
    expect(channels.json().resource.teams_activity_feed).toBe(true);
    graph.failNext(1);
    await t.db.transaction((tx) =>
      notifyAboutTask(
        tx,
        { id: 3, workspaceId: workspace.id, parentId: null, name: 'Rivers', expiredAt: null },
        'task_assigned',
        [ann.user.id],
        owner.user.id,
      ),
    );
    const deadline = Date.now() + 20_000;
    while (graph.received.length === 0 && Date.now() < deadline) {
      await t.app.deps.jobs.drain();
      await new Promise((r) => setTimeout(r, 300));
    }
    await t.app.deps.jobs.drain();
    const mine = graph.received.filter((r) => r.userId === 'aad-object-ann');
    expect(mine).toHaveLength(1);
    expect(mine[0].body).toMatchObject({
      activityType: 'taskAssigned',
      topic: {
        source: 'text',
        value: 'Rivers',
        webUrl: expect.stringMatching(/\/tasks\/3\/info$/),
      },
      previewText: { content: 'You were given the task Rivers.' },
      templateParameters: expect.arrayContaining([{ name: 'actor', value: expect.any(String) }]),
    });
    expect(graph.tokenRequests.at(-1)?.get('grant_type')).toBe('client_credentials');
  });

  it('declares every kind it sends in the manifest', async () => {
    const { ACTIVITY_TYPE } = await import('@server/modules/notifications/teams-activity');
    for (const type of Object.values(ACTIVITY_TYPE)) expect(manifestTypes).toContain(type);
  });

  it('sends none when the Entra app is not configured, and says the feed is off', async () => {
    const { workspace, owner, ann } = await teamsPerson(off, 'aad-object-off');
    const channels = await call(off, ann.token, 'GET', '/core/notifications/channels');
    expect(channels.json().resource.teams_activity_feed).toBe(false);
    await off.db.transaction((tx) =>
      notifyAboutTask(
        tx,
        { id: 4, workspaceId: workspace.id, parentId: null, name: 'Silent', expiredAt: null },
        'task_assigned',
        [ann.user.id],
        owner.user.id,
      ),
    );
    await off.app.deps.jobs.drain();
    await off.app.deps.jobs.drain();
    expect(
      (await off.db.select().from(notifications).where(eq(notifications.userId, ann.user.id)))
        .length,
    ).toBe(1);
    expect(graph.received.filter((r) => r.userId === 'aad-object-off')).toEqual([]);
  });
});

describe('meetings', () => {
  let zoom: Awaited<ReturnType<typeof startZoomStandIn>>;
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    zoom = await startZoomStandIn({ accountId: 'acct', clientId: 'zid', clientSecret: 'zsecret' });
    t = await createTestApp({
      ...fastJobs,
      ZOOM_ACCOUNT_ID: 'acct',
      ZOOM_CLIENT_ID: 'zid',
      ZOOM_CLIENT_SECRET: 'zsecret',
      ZOOM_OAUTH_URL: `${zoom.url}/oauth/token`,
      ZOOM_API_URL: zoom.url,
    });
    off = await createTestApp(fastJobs);
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    await zoom.close();
  });

  const start = () => new Date(Date.now() + 86_400_000).toISOString();

  it('makes a meeting with its calendar event, tells attendees, and gives an .ics to attendees only', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [ann, ben] = people.member;
    const made = await call(t, owner.token, 'POST', '/core/meetings', {
      workspace_id: workspace.id,
      title: 'Kick-off, week 1',
      start_at: start(),
      duration_minutes: 45,
      attendee_ids: [ann.user.id],
      provider: 'teams',
    });
    expect(made.statusCode).toBe(200);
    const meeting = made.json().resource.meeting;
    expect(meeting.join_url).toMatch(
      /^https:\/\/teams\.microsoft\.com\/l\/meeting\/new\?subject=Kick-off/,
    );
    expect(meeting.calendar_event.title).toBe('Kick-off, week 1');
    const listed = await call(t, ann.token, 'GET', '/core/meetings');
    expect(listed.json().resource.meetings.map((m: { id: number }) => m.id)).toContain(meeting.id);
    await t.app.deps.jobs.drain();
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ann.user.id));
    expect(told.map((n) => n.kind)).toEqual(['meeting_invited']);

    const ics = await call(t, ann.token, 'POST', `/core/meetings/${meeting.id}/add-to-calendar`);
    expect(ics.statusCode).toBe(200);
    expect(ics.json().resource.ics).toContain('SUMMARY:Kick-off\\, week 1');
    expect(ics.json().resource.ics).toContain('BEGIN:VEVENT');
    const outsider = await call(
      t,
      ben.token,
      'POST',
      `/core/meetings/${meeting.id}/add-to-calendar`,
    );
    expect(outsider.statusCode).toBe(404);
    expect((await call(t, ben.token, 'GET', '/core/meetings')).json().resource.meetings).toEqual(
      [],
    );
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user/export-user-data',
      headers: bearer(ann.token),
    });
    expect(exported.json().meetings).toMatchObject([{ id: meeting.id, title: 'Kick-off, week 1' }]);
  });

  it('refuses attendees from outside and outsiders of the workspace, writing nothing', async () => {
    const { workspace, owner } = await createWorkspace(t, { members: { member: 1 } });
    const stranger = await t.createUser();
    const before = await rowCounts(t.db);
    const outsiderAttendee = await call(t, owner.token, 'POST', '/core/meetings', {
      workspace_id: workspace.id,
      title: 'x',
      start_at: start(),
      duration_minutes: 30,
      attendee_ids: [stranger.user.id],
    });
    expect(outsiderAttendee.statusCode).toBe(422);
    const notMember = await call(t, stranger.token, 'POST', '/core/meetings', {
      workspace_id: workspace.id,
      title: 'x',
      start_at: start(),
      duration_minutes: 30,
    });
    expect(notMember.statusCode).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('makes Zoom meetings through the server-to-server OAuth app', async () => {
    const { workspace, owner } = await createWorkspace(t, { members: { member: 1 } });
    const direct = await call(t, owner.token, 'POST', '/messaging/meetings/zoom', {
      topic: 'Stand-up',
      start_at: start(),
      duration_minutes: 15,
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.json().resource.zoom.join_url).toMatch(/^https:\/\/zoom\.example\/j\//);
    const made = await call(t, owner.token, 'POST', '/core/meetings', {
      workspace_id: workspace.id,
      title: 'Review',
      start_at: start(),
      duration_minutes: 30,
      provider: 'zoom',
    });
    expect(made.json().resource.meeting.join_url).toMatch(/^https:\/\/zoom\.example\/j\//);
    expect(zoom.meetings.map((m) => m.topic)).toEqual(['Stand-up', 'Review']);
    expect((await call(t, owner.token, 'GET', '/core/meetings/options')).json().resource.zoom).toBe(
      true,
    );
  });

  it('says Zoom is not configured when it is not, writing nothing', async () => {
    const { workspace, owner } = await createWorkspace(off, { members: { member: 1 } });
    const before = await rowCounts(off.db);
    const direct = await call(off, owner.token, 'POST', '/messaging/meetings/zoom', {
      topic: 'Stand-up',
      start_at: start(),
      duration_minutes: 15,
    });
    expect(direct.statusCode).toBe(409);
    expect(direct.json()).toMatchObject({
      code: 'zoom_not_configured',
      messages: ['Zoom meetings are not set up on this server.'],
    });
    const made = await call(off, owner.token, 'POST', '/core/meetings', {
      workspace_id: workspace.id,
      title: 'Review',
      start_at: start(),
      duration_minutes: 30,
      provider: 'zoom',
    });
    expect(made.statusCode).toBe(409);
    expect(await rowCounts(off.db)).toEqual(before);
    expect(
      (await call(off, owner.token, 'GET', '/core/meetings/options')).json().resource.zoom,
    ).toBe(false);
  });
});
