import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calendarConnections, calendarEvents } from '@server/db/schema';
import { startGoogleCalendarServer } from '../support/google-calendar-server';
import { startGraphServer } from '../support/graph-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

/**
 * Calendar sync (issue 31) against local stand-ins of Google Calendar v3 and Microsoft Graph:
 * connect through OAuth with a checked state, our events reach the write calendar, a move there
 * comes back, deletions cross both ways, busy ranges are kept, refusals on every route.
 */
let t: TestApp;
let google: Awaited<ReturnType<typeof startGoogleCalendarServer>>;
let graph: Awaited<ReturnType<typeof startGraphServer>>;
let bare: TestApp;

beforeAll(async () => {
  google = await startGoogleCalendarServer({ clientId: 'google-client', clientSecret: 'g-secret' });
  graph = await startGraphServer({
    tenantId: 'tenant-1',
    clientId: 'ms-client',
    clientSecret: 'ms-secret',
  });
  t = await createTestApp({ ...google.env, ...graph.env });
  bare = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await google.close();
  await graph.close();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const at = (hours: number) => {
  const date = inHours(hours);
  date.setUTCMinutes(0, 0, 0);
  return date.toISOString();
};

/** Goes through the consent the way a browser does: login, the provider, the callback. */
async function connect(token: string, provider: 'google' | 'outlook') {
  const path = provider === 'google' ? 'google-calendar' : 'outlook';
  const login = await call(t, token).get(`/calendar/${path}/login`);
  expect(login.statusCode).toBe(200);
  const consent = new URL(login.json().resource.url);
  const redirect = consent.searchParams.get('redirect_uri')!;
  const desk = provider === 'google' ? google.oauth : graph.oauth;
  const back = new URL(redirect);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}?code=${desk.codeFor(redirect)}&state=${consent.searchParams.get('state')}`,
  });
  return { consent, callback };
}

const cases = [
  { provider: 'google' as const, stand: () => google },
  { provider: 'outlook' as const, stand: () => graph },
];

describe.each(cases)('sync with $provider', ({ provider, stand }) => {
  let person: Awaited<ReturnType<TestApp['createUser']>>;
  beforeAll(async () => {
    person = await t.createUser();
  });

  it('connects through OAuth with a one-time state, and never shows the tokens', async () => {
    const { consent, callback } = await connect(person.token, provider);
    expect(consent.origin).toBe(stand().base);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toMatch(`/calendar/sync?provider=${provider}&connected=1`);
    const state = await call(t, person.token).get('/calendar/sync');
    const entry = state
      .json()
      .resource.providers.find((p: { provider: string }) => p.provider === provider);
    expect(entry.configured).toBe(true);
    expect(entry.connection.write_calendar_id).toBe(stand().primaryId);
    expect(entry.connection.calendars.length).toBe(3);
    expect(state.body).not.toMatch(/token/i);
    const [row] = await t.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, person.user.id));
    expect(stand().oauth.accessTokens.size).toBeGreaterThan(0);
    for (const issued of stand().oauth.accessTokens)
      expect(row.accessTokenSealed).not.toContain(issued);
  });

  it('refuses a state used twice or made up', async () => {
    const login = await call(t, person.token).get(
      `/calendar/${provider === 'google' ? 'google-calendar' : 'outlook'}/login`,
    );
    const consent = new URL(login.json().resource.url);
    const redirect = new URL(consent.searchParams.get('redirect_uri')!);
    const made = await t.app.inject({
      method: 'GET',
      url: `${redirect.pathname}?code=x&state=made-up`,
    });
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toMatch('error=state_invalid');
  });

  it('writes our event, brings a move back, and deletes both ways', async () => {
    const me = call(t, person.token);
    const made = await me.post('/calendar/event', {
      title: 'Planning',
      start: at(30),
      end: at(31),
      time_zone: 'Asia/Ho_Chi_Minh',
    });
    expect(made.statusCode).toBe(201);
    const eventId = made.json().resource.event.id;
    const run = await me.post(`/calendar/sync/${provider}/run`);
    expect(run.statusCode).toBe(200);
    const connection = run
      .json()
      .resource.providers.find((p: { provider: string }) => p.provider === provider).connection;
    expect(connection.last_sync_status).toBe('ok');
    expect(connection.last_sync_detail.pushed).toBe(1);
    const [event] = await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, eventId));
    const copy = stand().store.byUid(event.uid)!;
    expect(copy.title).toBe('Planning');
    expect(copy.start.toISOString()).toBe(new Date(at(30)).toISOString());

    // Moved there by two hours: here after the next sync.
    stand().store.update(copy.id, {
      start: new Date(at(32)),
      end: new Date(at(33)),
      title: 'Planning (moved)',
    });
    expect((await me.post(`/calendar/sync/${provider}/run`)).statusCode).toBe(200);
    const moved = await me.get(`/calendar/event/${eventId}`);
    expect(moved.json().resource.event.start).toBe(new Date(at(32)).toISOString());
    expect(moved.json().resource.event.title).toBe('Planning (moved)');

    // Changed here: written there.
    await me.put(`/calendar/event/${eventId}`, { title: 'Planning v2' });
    await me.post(`/calendar/sync/${provider}/run`);
    expect(stand().store.byUid(event.uid)!.title).toBe('Planning v2');

    // Deleted here: gone there.
    expect((await me.delete(`/calendar/event/${eventId}`)).statusCode).toBe(200);
    await me.post(`/calendar/sync/${provider}/run`);
    expect(stand().store.byUid(event.uid)).toBeUndefined();

    // Deleted there: gone here.
    const second = await me.post('/calendar/event', {
      title: 'Review',
      start: at(50),
      end: at(51),
      time_zone: 'UTC',
    });
    const secondId = second.json().resource.event.id;
    await me.post(`/calendar/sync/${provider}/run`);
    const [secondRow] = await t.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, secondId));
    stand().store.remove(stand().store.byUid(secondRow.uid)!.id);
    const after = await me.post(`/calendar/sync/${provider}/run`);
    const detail = after
      .json()
      .resource.providers.find((p: { provider: string }) => p.provider === provider)
      .connection.last_sync_detail;
    expect(detail.deleted_here).toBe(1);
    expect((await me.get(`/calendar/event/${secondId}`)).statusCode).toBe(404);
  });

  it('reads again from the start when the provider forgot the cursor, and refreshes tokens', async () => {
    const me = call(t, person.token);
    stand().store.expireCursors();
    stand().oauth.expireAccessTokens();
    await t.db
      .update(calendarConnections)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(calendarConnections.userId, person.user.id));
    const run = await me.post(`/calendar/sync/${provider}/run`);
    const connection = run
      .json()
      .resource.providers.find((p: { provider: string }) => p.provider === provider).connection;
    expect(connection.last_sync_status).toBe('ok');
    expect(stand().oauth.grants).toContain('refresh_token');
  });

  it('keeps busy ranges of the picked calendars, and only ranges', async () => {
    const me = call(t, person.token);
    const other = stand().store.calendars[1].id;
    stand().store.add({
      calendarId: other,
      uid: null,
      title: 'Secret dentist',
      description: '',
      location: '',
      start: new Date(at(5)),
      end: new Date(at(6)),
      allDay: false,
      timeZone: 'UTC',
      recurrence: null,
    });
    const chosen = await me.put(`/calendar/sync/${provider}`, {
      read_calendar_ids: [other],
      write_calendar_id: stand().primaryId,
    });
    expect(chosen.statusCode).toBe(200);
    await me.post(`/calendar/sync/${provider}/run`);
    const busy = await me.get(
      `/calendar/busy?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(24))}`,
    );
    expect(busy.statusCode).toBe(200);
    expect(busy.json().resource.busy).toEqual([
      { start: new Date(at(5)).toISOString(), end: new Date(at(6)).toISOString() },
    ]);
    expect(busy.body).not.toContain('dentist');
  });

  it('refuses unknown or read-only calendars and bad input', async () => {
    const me = call(t, person.token);
    const unknown = await me.put(`/calendar/sync/${provider}`, {
      read_calendar_ids: ['nope'],
      write_calendar_id: null,
    });
    expect(unknown.statusCode).toBe(422);
    const readOnly = await me.put(`/calendar/sync/${provider}`, {
      read_calendar_ids: [],
      write_calendar_id: stand().store.calendars[2].id,
    });
    expect(readOnly.statusCode).toBe(422);
    expect(
      (await me.put(`/calendar/sync/${provider}`, { read_calendar_ids: 'x' })).statusCode,
    ).toBe(422);
  });

  it('disconnects: forgets the connection', async () => {
    const me = call(t, person.token);
    const gone = await me.delete(`/calendar/sync/${provider}`);
    expect(gone.statusCode).toBe(200);
    expect(
      gone.json().resource.providers.find((p: { provider: string }) => p.provider === provider)
        .connection,
    ).toBeNull();
    expect((await me.post(`/calendar/sync/${provider}/run`)).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('refuses signed-out callers on every route, and the provider in the path is checked', async () => {
    const out = call(t, null);
    for (const response of [
      await out.get('/calendar/sync'),
      await out.get('/calendar/google-calendar/login'),
      await out.get('/calendar/outlook/login'),
      await out.put('/calendar/sync/google', { read_calendar_ids: [], write_calendar_id: null }),
      await out.post('/calendar/sync/google/run'),
      await out.delete('/calendar/sync/google'),
      await out.put('/calendar/sync-settings', { share_busy_times: true }),
      await out.get(
        `/calendar/busy?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(1))}`,
      ),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    const someone = await t.createUser();
    expect((await call(t, someone.token).post('/calendar/sync/yahoo/run')).statusCode).toBe(422);
  });

  it("gives nobody else's connection: another person acts on their own only (404)", async () => {
    const owner = await t.createUser();
    await connect(owner.token, 'google');
    const stranger = await t.createUser();
    const them = call(t, stranger.token);
    expect((await them.post('/calendar/sync/google/run')).statusCode).toBe(404);
    expect((await them.delete('/calendar/sync/google')).statusCode).toBe(404);
    expect(
      (await them.put('/calendar/sync/google', { read_calendar_ids: [], write_calendar_id: null }))
        .statusCode,
    ).toBe(404);
    const state = await them.get('/calendar/sync');
    expect(
      state.json().resource.providers.every((p: { connection: unknown }) => p.connection === null),
    ).toBe(true);
  });

  it('keeps the privacy toggle, and refuses bad input', async () => {
    const someone = await t.createUser();
    const me = call(t, someone.token);
    expect((await me.get('/calendar/sync')).json().resource.share_busy_times).toBe(false);
    const saved = await me.put('/calendar/sync-settings', { share_busy_times: true });
    expect(saved.json().resource.share_busy_times).toBe(true);
    expect((await me.put('/calendar/sync-settings', { share_busy_times: 'yes' })).statusCode).toBe(
      422,
    );
    expect((await me.get('/calendar/busy?from=nope&to=1')).statusCode).toBe(422);
  });

  it('says clearly when a provider is not configured', async () => {
    const someone = await bare.createUser();
    const me = call(bare, someone.token);
    const state = await me.get('/calendar/sync');
    expect(
      state.json().resource.providers.map((p: { configured: boolean }) => p.configured),
    ).toEqual([false, false]);
    const login = await me.get('/calendar/google-calendar/login');
    expect(login.statusCode).toBe(409);
    expect(login.json().messages[0]).toMatch(/not configured|administrator/i);
    expect((await me.get('/calendar/outlook/login')).statusCode).toBe(409);
  });
});
