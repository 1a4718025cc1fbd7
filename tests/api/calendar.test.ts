import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarItem } from '@contracts/calendar';
import {
  assessmentEvaluables,
  assessments,
  meetingAttendees,
  meetings,
  notifications,
  objectiveOwners,
  objectives,
} from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { translator } from '@server/i18n';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { call, future } from './tasks-support';

/**
 * The calendar (spec 7.18): the range view over events, deadlines, check-ins and meetings;
 * events with rules and exceptions across a daylight-saving change; the ICS feed read by a real
 * parser (ical.js); refusals on every route. docs/decisions/calendar.md.
 */
const en = translator('en');
let t: TestApp;
let made: Awaited<ReturnType<typeof createWorkspace>>;
type Person = (typeof made)['owner'];
let owner: Person;
let ann: Person;
let ben: Person;
let outsider: Person;
let w: number;

beforeAll(async () => {
  t = await createTestApp();
  made = await createWorkspace(t, {
    members: { member: 2 },
    values: { workspaceType: 'organization' },
  });
  owner = made.owner;
  [ann, ben] = made.people.member;
  outsider = await t.createUser();
  w = made.workspace.id;
});
afterAll(() => t.close());

/** A weekly Monday 09:00 in Berlin over the change to summer time (Sunday 29 March 2026). */
const berlinWeekly = {
  title: 'Stand-up',
  start: '2026-03-16T09:00:00+01:00',
  end: '2026-03-16T09:30:00+01:00',
  time_zone: 'Europe/Berlin',
  rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
  exdates: ['2026-03-23T08:00:00Z'],
};

const range = (from: string, to: string, extra = '') =>
  `/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`;

async function feedOf(token: string) {
  const url = (await call(t, token).get('/calendar/feed')).json().resource.url as string;
  return { url, path: new URL(url).pathname };
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return calendar;
}

describe('the range view', () => {
  it('lists events, task and assessment deadlines, check-ins and meetings, each with its link', async () => {
    const due = future(3);
    const task = (
      await call(t, owner.token).post(`/workspaces/${w}/tasks-by-owner`, {
        name: 'Lab report',
        user_ids: [ann.user.id],
        expired_at: due,
      })
    ).json().resource.task;
    const [assessment] = await t.db
      .insert(assessments)
      .values({
        workspaceId: w,
        name: 'Quarterly 360',
        type: 'general',
        createdBy: owner.user.id,
        expiredAt: new Date(future(5)),
      })
      .returning();
    await t.db.insert(assessmentEvaluables).values({
      assessmentId: assessment.id,
      assessorId: ann.user.id,
      evaluateeId: ben.user.id,
      raterGroup: 'peer',
    });
    const [objective] = await t.db
      .insert(objectives)
      .values({
        workspaceId: w,
        name: 'Grow the club',
        checkInEveryDays: 7,
        createdBy: owner.user.id,
      })
      .returning();
    await t.db.insert(objectiveOwners).values({ objectiveId: objective.id, userId: ann.user.id });
    const [meeting] = await t.db
      .insert(meetings)
      .values({
        workspaceId: w,
        createdBy: owner.user.id,
        title: 'Planning',
        startAt: new Date(future(2)),
        endAt: new Date(Date.parse(future(2)) + 3_600_000),
      })
      .returning();
    await t.db.insert(meetingAttendees).values({ meetingId: meeting.id, userId: ann.user.id });
    const created = await call(t, ann.token).post('/calendar/event', {
      title: 'Focus time',
      start: future(1),
      end: new Date(Date.parse(future(1)) + 7_200_000).toISOString(),
      time_zone: 'Asia/Ho_Chi_Minh',
    });
    expect(created.statusCode).toBe(201);
    const event = created.json().resource.event;

    const res = await call(t, ann.token).get(range(future(-1), future(30)));
    expect(res.statusCode).toBe(200);
    const items: CalendarItem[] = res.json().resource.items;
    const byKind = (kind: string) => items.filter((item) => item.kind === kind);
    expect(byKind('event')).toMatchObject([
      { id: event.id, title: 'Focus time', link: `/calendar?event=${event.id}`, editable: true },
    ]);
    expect(byKind('task_deadline')).toMatchObject([
      { id: task.id, start: due, end: null, link: `/workspaces/${w}/tasks/${task.id}/info` },
    ]);
    expect(byKind('assessment_deadline')).toMatchObject([
      { id: assessment.id, link: `/workspaces/${w}/assessments?answer=${assessment.id}` },
    ]);
    expect(byKind('check_in')).toMatchObject([
      { id: objective.id, link: `/workspaces/${w}/objectives/${objective.id}` },
    ]);
    expect(byKind('meeting')).toMatchObject([
      { id: meeting.id, title: 'Planning', link: `/calendar?meeting=${meeting.id}` },
    ]);
    // Sorted by start; keys unique.
    expect(items.map((i) => i.start)).toEqual([...items.map((i) => i.start)].sort());
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);

    // One workspace only: the event has none, so it goes; the rest stay.
    const scoped: CalendarItem[] = (
      await call(t, ann.token).get(range(future(-1), future(30), `&workspace_id=${w}`))
    ).json().resource.items;
    expect(scoped.map((i) => i.kind).sort()).toEqual([
      'assessment_deadline',
      'check_in',
      'meeting',
      'task_deadline',
    ]);
    // Out of range: nothing.
    const later = await call(t, ann.token).get(range(future(60), future(90)));
    expect(later.json().resource.items).toEqual([]);
  });

  it('keeps a weekly 09:00 at 09:00 Berlin time across the change to summer time, without the exception', async () => {
    const created = await call(t, ben.token).post('/calendar/event', berlinWeekly);
    expect(created.statusCode).toBe(201);
    const items: CalendarItem[] = (
      await call(t, ben.token).get(range('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z'))
    ).json().resource.items;
    expect(items.map((i) => [i.start, i.end, i.occurrence])).toEqual([
      ['2026-03-16T08:00:00.000Z', '2026-03-16T08:30:00.000Z', '2026-03-16T08:00:00.000Z'],
      ['2026-03-30T07:00:00.000Z', '2026-03-30T07:30:00.000Z', '2026-03-30T07:00:00.000Z'],
      ['2026-04-06T07:00:00.000Z', '2026-04-06T07:30:00.000Z', '2026-04-06T07:00:00.000Z'],
    ]);
    expect(items.every((i) => i.recurring && i.time_zone === 'Europe/Berlin')).toBe(true);
    // A range inside the series lists only what overlaps it.
    const one: CalendarItem[] = (
      await call(t, ben.token).get(range('2026-03-30T00:00:00Z', '2026-03-31T00:00:00Z'))
    ).json().resource.items;
    expect(one.map((i) => i.start)).toEqual(['2026-03-30T07:00:00.000Z']);
  });
});

describe('events', () => {
  it('are created, read, changed and deleted by their creator; attendees are notified', async () => {
    const created = await call(t, owner.token).post('/calendar/event', {
      title: 'Retro',
      description: 'Sprint 4',
      start: '2026-06-01T10:00:00+07:00',
      end: '2026-06-01T11:00:00+07:00',
      time_zone: 'Asia/Ho_Chi_Minh',
      workspace_id: w,
      attendee_ids: [ann.user.id],
    });
    expect(created.statusCode).toBe(201);
    const event = created.json().resource.event;
    expect(event).toMatchObject({
      title: 'Retro',
      start: '2026-06-01T03:00:00.000Z',
      rrule: null,
      exdates: [],
      workspace_id: w,
      created_by: owner.user.id,
    });
    expect(event.attendees.map((p: { id: number }) => p.id)).toEqual([ann.user.id]);

    await t.app.deps.jobs.drain();
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ann.user.id));
    expect(told.filter((n) => n.referenceType === 'calendar_event')).toMatchObject([
      {
        kind: 'meeting_invited',
        referenceId: event.id,
        data: { message_key: 'calendar:notifications.event_invited', name: 'Retro' },
      },
    ]);

    // The attendee sees it.
    const seen = await call(t, ann.token).get(`/calendar/event/${event.id}`);
    expect(seen.statusCode).toBe(200);
    const annItems: CalendarItem[] = (
      await call(t, ann.token).get(range('2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'))
    ).json().resource.items;
    expect(annItems).toMatchObject([{ id: event.id, editable: false }]);

    const updated = await call(t, owner.token).put(`/calendar/event/${event.id}`, {
      title: 'Retrospective',
      rrule: 'RRULE:FREQ=DAILY;COUNT=3',
      attendee_ids: [ann.user.id, ben.user.id],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().resource.event).toMatchObject({
      title: 'Retrospective',
      description: 'Sprint 4',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    await t.app.deps.jobs.drain();
    const benTold = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ben.user.id));
    expect(benTold.filter((n) => n.referenceType === 'calendar_event')).toHaveLength(1);
    // Ann was on it already: not told again.
    const annTold = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ann.user.id));
    expect(annTold.filter((n) => n.referenceType === 'calendar_event')).toHaveLength(1);

    // One occurrence out.
    const second = '2026-06-02T03:00:00.000Z';
    const cut = await call(t, owner.token).delete(
      `/calendar/event/${event.id}?occurrence=${encodeURIComponent(second)}`,
    );
    expect(cut.statusCode).toBe(200);
    const after = (await call(t, owner.token).get(`/calendar/event/${event.id}`)).json().resource
      .event;
    expect(after.exdates).toEqual([second]);
    const left: CalendarItem[] = (
      await call(t, owner.token).get(range('2026-06-01T00:00:00Z', '2026-06-05T00:00:00Z'))
    ).json().resource.items;
    expect(left.map((i) => i.start)).toEqual([
      '2026-06-01T03:00:00.000Z',
      '2026-06-03T03:00:00.000Z',
    ]);

    // Not an occurrence: refused in words.
    const wrong = await call(t, owner.token).delete(
      `/calendar/event/${event.id}?occurrence=${encodeURIComponent('2026-06-02T04:00:00Z')}`,
    );
    expect(wrong.statusCode).toBe(422);

    const gone = await call(t, owner.token).delete(`/calendar/event/${event.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await call(t, owner.token).get(`/calendar/event/${event.id}`)).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('refuses attendees changing, outsiders and signed-out callers on every route', async () => {
    const event = (
      await call(t, owner.token).post('/calendar/event', {
        title: 'Guarded',
        start: '2026-07-01T10:00:00Z',
        end: '2026-07-01T11:00:00Z',
        time_zone: 'UTC',
        rrule: 'FREQ=DAILY;COUNT=2',
        workspace_id: w,
        attendee_ids: [ann.user.id],
      })
    ).json().resource.event;
    const body = {
      title: 'X',
      start: '2026-07-01T10:00:00Z',
      end: '2026-07-01T11:00:00Z',
      time_zone: 'UTC',
    };
    const occurrence = `?occurrence=${encodeURIComponent('2026-07-02T10:00:00Z')}`;
    const cases: [
      string,
      'get' | 'post' | 'put' | 'delete',
      string,
      object | undefined,
      Record<string, number>,
    ][] = [
      [
        'list',
        'get',
        range('2026-07-01T00:00:00Z', '2026-07-02T00:00:00Z'),
        undefined,
        { out: 401 },
      ],
      [
        'scoped list',
        'get',
        range('2026-07-01T00:00:00Z', '2026-07-02T00:00:00Z', `&workspace_id=${w}`),
        undefined,
        { outsider: 404, out: 401 },
      ],
      ['create', 'post', '/calendar/event', body, { out: 401 }],
      [
        'create in workspace',
        'post',
        '/calendar/event',
        { ...body, workspace_id: w },
        { outsider: 404, out: 401 },
      ],
      ['show', 'get', `/calendar/event/${event.id}`, undefined, { outsider: 404, out: 401 }],
      [
        'update',
        'put',
        `/calendar/event/${event.id}`,
        { title: 'Mine now' },
        { attendee: 403, outsider: 404, out: 401 },
      ],
      [
        'delete occurrence',
        'delete',
        `/calendar/event/${event.id}${occurrence}`,
        undefined,
        { attendee: 403, outsider: 404, out: 401 },
      ],
      [
        'delete',
        'delete',
        `/calendar/event/${event.id}`,
        undefined,
        { attendee: 403, outsider: 404, out: 401 },
      ],
      ['feed', 'get', '/calendar/feed', undefined, { out: 401 }],
      ['feed reset', 'post', '/calendar/feed/reset', undefined, { out: 401 }],
    ];
    const tokens: Record<string, string | null> = {
      attendee: ann.token,
      outsider: outsider.token,
      out: null,
    };
    const failures: string[] = [];
    for (const [name, method, url, payload, refused] of cases) {
      for (const [who, status] of Object.entries(refused)) {
        const as = call(t, tokens[who]);
        const res =
          method === 'get' || method === 'delete'
            ? await as[method](url)
            : await as[method](url, payload);
        if (res.statusCode !== status) failures.push(`${who} ${name}: ${res.statusCode}`);
        else expect(res.json().messages.length).toBeGreaterThan(0);
      }
    }
    expect(failures).toEqual([]);
    const still = (await call(t, owner.token).get(`/calendar/event/${event.id}`)).json().resource
      .event;
    expect(still).toMatchObject({ title: 'Guarded', exdates: [] });
  });

  it('refuses bad input on every route, in words', async () => {
    const o = call(t, owner.token);
    const base = {
      title: 'Bad',
      start: '2026-07-01T10:00:00Z',
      end: '2026-07-01T11:00:00Z',
      time_zone: 'UTC',
    };
    const event = (await o.post('/calendar/event', base)).json().resource.event;
    const cases: [string, () => ReturnType<typeof o.get>, number, string?][] = [
      [
        'range reversed',
        () => o.get(range('2026-07-02T00:00:00Z', '2026-07-01T00:00:00Z')),
        422,
        'calendar:messages.range_reversed',
      ],
      [
        'range too long',
        () => o.get(range('2026-01-01T00:00:00Z', '2027-06-01T00:00:00Z')),
        422,
        'calendar:messages.range_too_long',
      ],
      ['range not a date', () => o.get('/calendar?from=yesterday&to=today'), 422],
      ['range missing', () => o.get('/calendar'), 422],
      [
        'end before start',
        () => o.post('/calendar/event', { ...base, end: '2026-07-01T09:00:00Z' }),
        422,
        'calendar:messages.end_before_start',
      ],
      [
        'invalid rule',
        () => o.post('/calendar/event', { ...base, rrule: 'FREQ=SOMETIMES' }),
        422,
        'calendar:messages.rrule_invalid',
      ],
      [
        'rule with a start',
        () => o.post('/calendar/event', { ...base, rrule: 'FREQ=DAILY;DTSTART=20260101T000000Z' }),
        422,
        'calendar:messages.rrule_invalid',
      ],
      [
        'unknown zone',
        () => o.post('/calendar/event', { ...base, time_zone: 'Mars/Olympus' }),
        422,
      ],
      ['no title', () => o.post('/calendar/event', { ...base, title: '  ' }), 422],
      [
        'attendee outside',
        () =>
          o.post('/calendar/event', { ...base, workspace_id: w, attendee_ids: [outsider.user.id] }),
        422,
        'calendar:messages.attendee_not_member',
      ],
      [
        'attendees without workspace',
        () => o.post('/calendar/event', { ...base, attendee_ids: [ann.user.id] }),
        422,
        'calendar:messages.workspace_required',
      ],
      [
        'task elsewhere',
        () => o.post('/calendar/event', { ...base, workspace_id: w, task_id: 999999 }),
        422,
        'calendar:messages.task_unknown',
      ],
      [
        'meeting not mine',
        () => o.post('/calendar/event', { ...base, meeting_id: 999999 }),
        422,
        'calendar:messages.meeting_unknown',
      ],
      [
        'update end before start',
        () => o.put(`/calendar/event/${event.id}`, { end: '2026-07-01T09:00:00Z' }),
        422,
        'calendar:messages.end_before_start',
      ],
      [
        'update invalid rule',
        () => o.put(`/calendar/event/${event.id}`, { rrule: 'BYDAY=XX' }),
        422,
        'calendar:messages.rrule_invalid',
      ],
      ['bad id', () => o.get('/calendar/event/abc'), 422],
      [
        'occurrence of a single event',
        () => o.delete(`/calendar/event/${event.id}?occurrence=${encodeURIComponent(base.start)}`),
        422,
        'calendar:messages.occurrence_unknown',
      ],
      ['occurrence not a date', () => o.delete(`/calendar/event/${event.id}?occurrence=soon`), 422],
    ];
    const failures: string[] = [];
    for (const [name, send, status, key] of cases) {
      const res = await send();
      if (res.statusCode !== status) failures.push(`${name}: ${res.statusCode}`);
      else if (key) expect(res.json().messages, name).toContain(en(key));
    }
    expect(failures).toEqual([]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/calendar/event',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the ICS feed', () => {
  it('is valid iCalendar with the events, rules, exceptions, zones, deadlines and meetings', async () => {
    const person = made.people.member[0];
    const { path } = await feedOf(person.token);
    expect(path).toMatch(/^\/api\/v2\/calendar\/ics\/[\w-]{43}\.ics$/);
    // The same address on the next ask.
    expect((await feedOf(person.token)).path).toBe(path);
    const weekly = (await call(t, person.token).post('/calendar/event', berlinWeekly)).json()
      .resource.event;

    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = parseFeed(res.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const zones = calendar
      .getAllSubcomponents('vtimezone')
      .map((z) => z.getFirstPropertyValue('tzid'));
    expect(zones).toEqual(expect.arrayContaining(['Europe/Berlin', 'Asia/Ho_Chi_Minh']));
    const vevents = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const summaries = vevents.map((e) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Stand-up',
        'Focus time',
        'Lab report',
        'Quarterly 360',
        'Grow the club',
        'Planning',
        'Guarded',
      ]),
    );
    const standUp = vevents.find((e) => e.summary === 'Stand-up')!;
    expect(standUp.isRecurring()).toBe(true);
    expect(standUp.startDate.zone.tzid).toBe('Europe/Berlin');
    const it = standUp.iterator();
    const starts: string[] = [];
    const local: string[] = [];
    for (let next = it.next(); next; next = it.next()) {
      starts.push(next.toJSDate().toISOString());
      local.push(`${next.hour}:${String(next.minute).padStart(2, '0')}`);
    }
    // ical.js expands the rule itself; the exception (23 March) is left out.
    expect(starts).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
    expect(local).toEqual(['9:00', '9:00', '9:00']);
    expect(standUp.uid).toMatch(/@teamloop$/);
    const link = vevents.find((e) => e.summary === 'Lab report')!;
    expect(String(link.component.getFirstPropertyValue('url'))).toMatch(
      /\/workspaces\/\d+\/tasks\/\d+\/info$/,
    );

    // A deleted occurrence shows as one more EXDATE.
    await call(t, person.token).delete(
      `/calendar/event/${weekly.id}?occurrence=${encodeURIComponent('2026-03-30T07:00:00Z')}`,
    );
    const again = parseFeed((await t.app.inject({ method: 'GET', url: path })).body);
    const changed = again
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.uid === standUp.uid)!;
    const left: string[] = [];
    const it2 = changed.iterator();
    for (let next = it2.next(); next; next = it2.next()) left.push(next.toJSDate().toISOString());
    expect(left).toEqual(['2026-03-16T08:00:00.000Z', '2026-04-06T07:00:00.000Z']);
  });

  it('answers 404 for a wrong or reset secret, and needs no sign-in', async () => {
    const { path } = await feedOf(ben.token);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const reset = await call(t, ben.token).post('/calendar/feed/reset');
    expect(reset.statusCode).toBe(200);
    const fresh = new URL(reset.json().resource.url).pathname;
    expect(fresh).not.toBe(path);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    expect((await feedOf(ben.token)).path).toBe(fresh);
    const wrong = fresh.replace(/[\w-]{43}/, 'x'.repeat(43));
    expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/calendar/ics/short.ics' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: fresh.replace('.ics', '.txt') })).statusCode,
    ).toBe(404);
  });
});
