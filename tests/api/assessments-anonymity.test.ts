import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonReport, Question } from '@contracts/assessments';
import { assessmentAnswers, assessmentEvaluables, assessmentQuestions } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

/**
 * Issue 27, "Trust that holds": nobody who can read a 360 report can recover one rater's
 * answer by changing the assessment and comparing the reports before and after. Each step of
 * the known attacks (remove a rater who answered, answer as the owner, lower the threshold,
 * close and reopen, re-add a removed rater, promote or remove a rater) is followed by reading
 * everything, and every two reports in a row must differ by nothing or by at least the
 * threshold of raters in a group.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;

const questions = [
  { kind: 'rating', title: 'Listens', options: { scale: 5 } },
  { kind: 'text', title: 'One thing to keep', required: false },
];

/** What a reader can see of one group in one question. */
interface Seen {
  raters: number;
  mean: number | null;
  texts: string[];
}

/** A report as figures per question and visible group, with the comments of each question. */
function seen(report: PersonReport | null): Map<string, Seen> {
  const out = new Map<string, Seen>();
  for (const q of report?.questions ?? []) {
    for (const g of q.groups) {
      if (g.group === 'self') continue;
      out.set(`${q.question_id}:${g.group}`, { raters: g.raters, mean: g.mean, texts: [] });
    }
    if (q.texts.length) {
      out.set(`${q.question_id}:texts`, { raters: q.texts.length, mean: null, texts: q.texts });
    }
  }
  return out;
}

/**
 * Two reports read one after the other: each group either stayed exactly the same, or grew by
 * at least `threshold` raters, or disappeared whole (a raised threshold); comments likewise.
 * Anything else (a group one rater smaller or larger) lets the reader subtract one answer.
 */
function expectNoSingleAnswer(
  before: PersonReport | null,
  after: PersonReport | null,
  threshold: number,
  step: string,
) {
  const a = seen(before);
  const b = seen(after);
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(key);
    const is = b.get(key);
    if (!was || !is) continue; // a whole group appeared (at least the threshold) or hid
    const grew = is.raters - was.raters;
    expect(grew, `${step}: ${key} must not shrink`).toBeGreaterThanOrEqual(0);
    if (grew === 0) expect(is, `${step}: ${key} unchanged`).toEqual(was);
    else expect(grew, `${step}: ${key} grew by ${grew}`).toBeGreaterThanOrEqual(threshold);
  }
  for (const [key, is] of b) {
    if (!a.has(key) && !key.endsWith(':texts')) expect(is.raters).toBeGreaterThanOrEqual(threshold);
  }
}

describe('the subtraction attack and its variants', () => {
  let owner: Person;
  let admin: Person;
  let x: Person;
  let raters: Person[];
  let workspaceId: number;
  let id: number;
  let qs: Question[];
  /** The last report each reader read about X, to compare the next one with. */
  const last = new Map<string, PersonReport | null>();

  beforeAll(async () => {
    const made = await createWorkspace(t, { members: { member: 9, admin: 1 } });
    owner = made.owner;
    admin = made.people.admin[0];
    [x, ...raters] = made.people.member;
    workspaceId = made.workspace.id;
    const created = await call(t, owner.token).post(`/workspaces/${workspaceId}/assessments`, {
      name: '360 for X',
      questions,
      who: { evaluatee_ids: [x.user.id], rules: ['self'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().resource.assessment.id;
    for (const r of raters.slice(0, 3)) await addPeer(r);
    await handIn(x, 5, 'SELF');
    for (const [i, r] of raters.slice(0, 3).entries()) await handIn(r, i + 1, `SECRET-${i}`);
    await call(t, owner.token).put(`/assessments/${id}/release`, { released: true });
  });

  async function addPeer(r: Person) {
    const res = await call(t, owner.token).post(`/assessments/${id}/user-assessment`, {
      assessor_id: r.user.id,
      evaluatee_id: x.user.id,
      rater_group: 'peer',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function handIn(person: Person, rating: number, text: string) {
    const mine = (await call(t, person.token).get(`/assessments/${id}/questions`)).json().resource;
    qs = mine.questions;
    const e = mine.evaluables.find(
      (v: { evaluatee: { id: number } }) => v.evaluatee.id === x.user.id,
    );
    const res = await call(t, person.token).post(`/assessments/${id}/questions`, {
      evaluable_id: e.id,
      submit: true,
      answers: [
        { question_id: qs[0].id, rating },
        { question_id: qs[1].id, text },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function reportFor(reader: Person): Promise<PersonReport | null> {
    const res = await call(t, reader.token).get(`/assessments/${id}/report?user_id=${x.user.id}`);
    if (res.statusCode === 404) return null;
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resource.report;
  }

  /** Every reader reads again; each report is compared with what they read last. */
  async function readAll(step: string, threshold = 3) {
    for (const [name, reader] of [
      ['owner', owner],
      ['admin', admin],
      ['x', x],
      ['promoted rater', raters[0]],
    ] as const) {
      const res = await call(t, reader.token).get(`/assessments/${id}/report?user_id=${x.user.id}`);
      if (res.statusCode !== 200) continue; // not a reader (yet)
      const report: PersonReport = res.json().resource.report;
      if (last.has(name))
        expectNoSingleAnswer(last.get(name)!, report, threshold, `${step} (${name})`);
      last.set(name, report);
    }
    return reportFor(owner);
  }

  it('three peers answered: the owner reads their group of three', async () => {
    const report = await readAll('start');
    expect(report!.questions[0].groups.map((g) => [g.group, g.raters])).toEqual([
      ['self', 1],
      ['peer', 3],
    ]);
    expect(report!.questions[1].texts).toEqual(['SECRET-0', 'SECRET-1', 'SECRET-2']);
  });

  it('a rater who handed in cannot be removed, one pair or all of theirs (409), nothing changes', async () => {
    const before = await rowCounts(t.db);
    const one = await call(t, owner.token).delete(
      `/assessments/${id}/user-assessment?assessor_id=${raters[2].user.id}&evaluatee_id=${x.user.id}`,
    );
    expect(one.statusCode).toBe(409);
    expect(one.json().messages[0]).toContain('cannot be removed');
    const all = await call(t, owner.token).delete(
      `/assessments/${id}/assessor/${raters[2].user.id}`,
    );
    expect(all.statusCode).toBe(409);
    // In Vietnamese too.
    const vi = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/core/assessments/${id}/assessor/${raters[2].user.id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'vi' },
    });
    expect(vi.json().messages[0]).toContain('không thể xóa');
    expect(await rowCounts(t.db)).toEqual(before);
    await readAll('remove refused');
  });

  it('the owner and admins cannot rate X in any way (422); "everyone" leaves them out', async () => {
    const before = await rowCounts(t.db);
    const o = call(t, owner.token);
    for (const reader of [owner, admin]) {
      const tries = () => [
        () =>
          o.post(`/assessments/${id}/user-assessment`, {
            assessor_id: reader.user.id,
            evaluatee_id: x.user.id,
            rater_group: 'peer',
          }),
        () =>
          o.post(`/assessments/${id}/evaluables-by-owner`, {
            evaluatee_ids: [x.user.id],
            rules: ['list'],
            pairs: [{ assessor_id: reader.user.id, evaluatee_id: x.user.id }],
          }),
        () =>
          o.post(`/assessments/${id}/evaluables-by-owner`, {
            evaluatee_ids: [x.user.id],
            rules: ['reviewer'],
            reviewer_id: reader.user.id,
          }),
      ];
      for (const attempt of tries()) {
        const res = await attempt();
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().messages[0]).toContain('Owners and admins read everyone');
      }
    }
    expect(await rowCounts(t.db)).toEqual(before);
    const everyone = await o.post(`/assessments/${id}/evaluables-by-owner`, {
      evaluatee_ids: [x.user.id],
      rules: ['everyone'],
    });
    expect(everyone.statusCode).toBe(200);
    const assessors = everyone
      .json()
      .resource.evaluables.map((e: { assessor: { id: number } }) => e.assessor.id);
    expect(assessors).not.toContain(owner.user.id);
    expect(assessors).not.toContain(admin.user.id);
    // The pairs "everyone" added wait for answers: take them out again (nothing handed in).
    for (const r of raters.slice(3)) {
      const res = await o.delete(
        `/assessments/${id}/user-assessment?assessor_id=${r.user.id}&evaluatee_id=${x.user.id}`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await readAll('owner as rater refused');
  });

  it('a rater added, removed before answering and added again changes nothing', async () => {
    await addPeer(raters[3]);
    await readAll('added');
    const removed = await call(t, owner.token).delete(
      `/assessments/${id}/user-assessment?assessor_id=${raters[3].user.id}&evaluatee_id=${x.user.id}`,
    );
    expect(removed.statusCode).toBe(200);
    await readAll('removed pending');
    await addPeer(raters[3]);
    await readAll('re-added');
  });

  it('one more answer waits until a batch of three: not in any report, also not after close and reopen', async () => {
    const before = await reportFor(owner);
    await handIn(raters[3], 1, 'SECRET-3');
    expect(await readAll('one more handed in')).toEqual(before);
    const overall = (
      await call(t, owner.token).get(`/assessments/${id}/overall-report-general-assessment`)
    ).json().resource;
    expect(overall.waiting).toBe(1);
    expect((await call(t, owner.token).put(`/assessments/${id}/close`)).statusCode).toBe(200);
    expect(await readAll('closed')).toEqual(before);
    expect((await call(t, owner.token).put(`/assessments/${id}/open`)).statusCode).toBe(200);
    expect(await readAll('reopened')).toEqual(before);
    // Archived and restored: the same.
    await call(t, owner.token).post(`/assessments/${id}/archive`);
    await call(t, owner.token).post(`/assessments/${id}/restore`, { to: 'open' });
    expect(await readAll('archived and restored')).toEqual(before);
    const text = JSON.stringify(await reportFor(x));
    expect(text).not.toContain('SECRET-3');
  });

  it('two more make a batch of three: the group grows by three at once', async () => {
    await addPeer(raters[4]);
    await addPeer(raters[5]);
    await handIn(raters[4], 2, 'SECRET-4');
    await readAll('fifth');
    await handIn(raters[5], 3, 'SECRET-5');
    const report = await readAll('sixth');
    expect(report!.questions[0].groups.find((g) => g.group === 'peer')!.raters).toBe(6);
    expect(report!.questions[1].texts).toHaveLength(6);
  });

  it('a rater promoted to admin does not see the group they rated in; nobody else sees less', async () => {
    const ownerBefore = await reportFor(owner);
    const promoted = await call(t, owner.token).put(
      `/workspaces/${workspaceId}/users/${raters[0].user.id}/change-role`,
      { role: 'admin' },
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    const theirs = await reportFor(raters[0]);
    expect(theirs!.questions[0].groups.map((g) => g.group)).toEqual(['self']);
    expect(theirs!.questions[1].texts).toEqual([]);
    const overall = (
      await call(t, raters[0].token).get(`/assessments/${id}/overall-report-general-assessment`)
    ).json().resource;
    expect(JSON.stringify(overall)).not.toContain('SECRET');
    expect(await readAll('promoted')).toEqual(ownerBefore);
  });

  it('a rater removed from the workspace stays counted', async () => {
    const before = await reportFor(owner);
    const removed = await call(t, owner.token).delete(
      `/workspaces/${workspaceId}/users/${raters[1].user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await readAll('member removed')).toEqual(before);
  });

  it('after answers: no new rater plan, questions, type or named (409); the threshold only goes up', async () => {
    const o = call(t, owner.token);
    const before = await rowCounts(t.db);
    const put = (body: object) =>
      o.put(`/assessments/${id}`, { workspace_id: workspaceId, ...body });
    expect((await put({ who: { rules: ['self'] } })).statusCode).toBe(409);
    expect((await put({ questions })).statusCode).toBe(409);
    expect((await put({ named: true })).statusCode).toBe(409);
    expect((await put({ type: 'team' })).statusCode).toBe(409);
    const up = await put({ anonymity_threshold: 7 });
    expect(up.statusCode).toBe(200);
    const down = await put({ anonymity_threshold: 6 });
    expect(down.statusCode).toBe(409);
    expect(down.json().messages[0]).toContain('can only go up');
    expect((await o.get(`/assessments/${id}`)).json().resource.assessment.anonymity_threshold).toBe(
      7,
    );
    // Raised to 7, the group of 6 hides whole.
    const report = await readAll('raised to 7', 7);
    expect(report!.questions[0].groups.map((g) => g.group)).toEqual(['self']);
    expect(JSON.stringify(report)).not.toContain('SECRET');
    const rows = await rowCounts(t.db);
    expect(rows).toEqual(before);
  });
});

describe('groups that wait are never split out of a pool already shown', () => {
  it('others shown first, peers later: the others stay as they were, the peers come as three', async () => {
    const made = await createWorkspace(t, { members: { member: 7 } });
    const [x, o1, o2, o3, p1, p2, p3] = made.people.member;
    const owner = call(t, made.owner.token);
    const created = await owner.post(`/workspaces/${made.workspace.id}/assessments`, {
      name: 'Split',
      questions,
      who: {
        evaluatee_ids: [x.user.id],
        rules: ['list'],
        pairs: [o1, o2, o3].map((p) => ({ assessor_id: p.user.id, evaluatee_id: x.user.id })),
      },
    });
    const id = created.json().resource.assessment.id;
    for (const p of [p1, p2, p3]) {
      await owner.post(`/assessments/${id}/user-assessment`, {
        assessor_id: p.user.id,
        evaluatee_id: x.user.id,
        rater_group: 'peer',
      });
    }
    const reports: PersonReport[] = [];
    const read = async () => {
      const r = (await owner.get(`/assessments/${id}/report?user_id=${x.user.id}`)).json().resource
        .report;
      if (reports.length) expectNoSingleAnswer(reports.at(-1)!, r, 3, `step ${reports.length}`);
      reports.push(r);
      return r as PersonReport;
    };
    const handIn = async (p: Person, rating: number) => {
      const mine = (await call(t, p.token).get(`/assessments/${id}/questions`)).json().resource;
      const res = await call(t, p.token).post(`/assessments/${id}/questions`, {
        evaluable_id: mine.evaluables[0].id,
        submit: true,
        answers: [
          { question_id: mine.questions[0].id, rating },
          { question_id: mine.questions[1].id, text: `from ${rating}` },
        ],
      });
      expect(res.statusCode).toBe(200);
      await read();
    };
    await read();
    for (const [i, p] of [o1, o2, o3].entries()) await handIn(p, i + 1);
    await handIn(p1, 5);
    await handIn(p2, 5);
    // Closing: the two peers alone are fewer than three, so they still wait.
    await owner.put(`/assessments/${id}/close`);
    await read();
    await owner.put(`/assessments/${id}/open`);
    await handIn(p3, 4);
    const final = reports.at(-1)!;
    expect(final.questions[0].groups.map((g) => [g.group, g.raters])).toEqual([
      ['peer', 3],
      ['other', 3],
    ]);
    expect(final.questions[0].groups.find((g) => g.group === 'other')!.mean).toBe(2);
  });

  it('on closing, the few that wait go into "other" together when they make three', async () => {
    const made = await createWorkspace(t, { members: { member: 4 } });
    const [x, a, b, c] = made.people.member;
    const owner = call(t, made.owner.token);
    const created = await owner.post(`/workspaces/${made.workspace.id}/assessments`, {
      name: 'Leftovers',
      questions,
      who: { evaluatee_ids: [x.user.id], rules: ['list'], pairs: [] },
    });
    const id = created.json().resource.assessment.id;
    for (const [p, group] of [
      [a, 'peer'],
      [b, 'peer'],
      [c, 'reviewer'],
    ] as const) {
      await owner.post(`/assessments/${id}/user-assessment`, {
        assessor_id: p.user.id,
        evaluatee_id: x.user.id,
        rater_group: group,
      });
      const mine = (await call(t, p.token).get(`/assessments/${id}/questions`)).json().resource;
      await call(t, p.token).post(`/assessments/${id}/questions`, {
        evaluable_id: mine.evaluables[0].id,
        submit: true,
        answers: [{ question_id: mine.questions[0].id, rating: 3 }],
      });
    }
    const open = (await owner.get(`/assessments/${id}/report?user_id=${x.user.id}`)).json().resource
      .report as PersonReport;
    expect(open.questions[0].groups).toEqual([]);
    await owner.put(`/assessments/${id}/close`);
    const closed = (await owner.get(`/assessments/${id}/report?user_id=${x.user.id}`)).json()
      .resource.report as PersonReport;
    expect(closed.questions[0].groups.map((g) => [g.group, g.merged, g.raters])).toEqual([
      ['other', ['peer', 'reviewer'], 3],
    ]);
  });
});

describe('who assesses whom, for those who run the cycle', () => {
  it('the owner sees each rater by name with their progress, never what they said', async () => {
    const made = await createWorkspace(t, { members: { member: 4 } });
    const [x, a, b, c] = made.people.member;
    const owner = call(t, made.owner.token);
    const created = await owner.post(`/workspaces/${made.workspace.id}/assessments`, {
      name: 'Progress',
      questions,
      who: {
        evaluatee_ids: [x.user.id],
        rules: ['self', 'list'],
        pairs: [a, b, c].map((p) => ({ assessor_id: p.user.id, evaluatee_id: x.user.id })),
      },
    });
    const id = created.json().resource.assessment.id;
    const answer = async (p: Person, submit: boolean) => {
      const mine = (await call(t, p.token).get(`/assessments/${id}/questions`)).json().resource;
      await call(t, p.token).post(`/assessments/${id}/questions`, {
        evaluable_id: mine.evaluables[0].id,
        submit,
        answers: [
          { question_id: mine.questions[0].id, rating: 2 },
          { question_id: mine.questions[1].id, text: 'NEVER-SHOWN' },
        ],
      });
    };
    await answer(a, true);
    await answer(b, false);
    const who = await owner.get(`/assessments/${id}/users-who-assess/${x.user.id}`);
    expect(who.statusCode).toBe(200);
    const people = who.json().resource.people as {
      id: number;
      status: string;
      rater_group: string;
    }[];
    expect(people.map((p) => [p.id, p.rater_group, p.status])).toEqual([
      [x.user.id, 'self', 'pending'],
      [a.user.id, 'other', 'submitted'],
      [b.user.id, 'other', 'draft'],
      [c.user.id, 'other', 'pending'],
    ]);
    expect(who.body).not.toContain('NEVER-SHOWN');
    expect(who.body).not.toMatch(/"rating"|"text"/);
    // The person assessed sees no names in an anonymous assessment.
    const mine = (await call(t, x.token).get(`/assessments/${id}/users-who-assess-me`)).json()
      .resource;
    expect(mine.people).toBeNull();
    expect(mine.groups).toEqual([
      { group: 'self', count: 1 },
      { group: 'other', count: 3 },
    ]);
    // Wrong role and bad input.
    expect(
      (await call(t, a.token).get(`/assessments/${id}/users-who-assess/${x.user.id}`)).statusCode,
    ).toBe(403);
    expect((await owner.get(`/assessments/${id}/users-who-assess/abc`)).statusCode).toBe(422);
    expect(
      (await owner.get(`/assessments/${id}/users-who-assess/${made.owner.user.id}`)).json()
        .resource,
    ).toEqual({ people: [], groups: [] });
  });
});

describe('every setting stays editable until the first answer is handed in', () => {
  it('an assessment made with no rater rule gets one through Edit, then another; answers lock it', async () => {
    const made = await createWorkspace(t, { members: { member: 3 } });
    const [a, b, c] = made.people.member;
    const ws = made.workspace.id;
    const owner = call(t, made.owner.token);
    const created = await owner.post(`/workspaces/${ws}/assessments`, {
      name: 'No rule',
      questions,
    });
    const id = created.json().resource.assessment.id;
    expect(created.json().resource.assessment).toMatchObject({
      evaluable_count: 0,
      rater_rules: null,
      answering: { started: false, handed_in: false },
    });
    const put = (body: object) => owner.put(`/assessments/${id}`, { workspace_id: ws, ...body });
    const self = await put({
      who: { evaluatee_ids: [a.user.id, b.user.id, c.user.id], rules: ['self'] },
    });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().resource.assessment).toMatchObject({
      evaluable_count: 3,
      rater_rules: { rules: ['self'] },
    });
    // Type, named, threshold (down too) and questions all change while nobody handed in.
    const changed = await put({
      type: 'team',
      named: true,
      anonymity_threshold: 5,
      questions: questions.slice(0, 1),
      who: { evaluatee_ids: [a.user.id, b.user.id, c.user.id], rules: ['self', 'everyone'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().resource.assessment).toMatchObject({
      type: 'team',
      named: true,
      anonymity_threshold: 5,
      // Named: the owner rates too (their answers are read by name anyway).
      evaluable_count: 12,
    });
    // Anonymous again: the owner must stop rating others, so the plan is made again.
    expect((await put({ anonymity_threshold: 3, named: false })).statusCode).toBe(422);
    const anonymous = await put({
      anonymity_threshold: 3,
      named: false,
      who: { evaluatee_ids: [a.user.id, b.user.id, c.user.id], rules: ['self', 'everyone'] },
    });
    expect(anonymous.json().resource.assessment).toMatchObject({
      named: false,
      anonymity_threshold: 3,
      evaluable_count: 9,
    });
    // A draft, then new questions: the draft starts again.
    const mine = (await call(t, a.token).get(`/assessments/${id}/questions`)).json().resource;
    await call(t, a.token).post(`/assessments/${id}/questions`, {
      evaluable_id: mine.evaluables[0].id,
      answers: [{ question_id: mine.questions[0].id, rating: 4 }],
    });
    // Started anonymously: it cannot become named.
    const named = await put({ named: true });
    expect(named.statusCode).toBe(409);
    expect(named.json().messages[0]).toContain('promise');
    expect((await put({ questions })).statusCode).toBe(200);
    const again = (await call(t, a.token).get(`/assessments/${id}/questions`)).json().resource;
    expect(again.evaluables[0]).toMatchObject({ status: 'pending', answers: [] });
    // Replacing the plan keeps the pairs it still names and drops the others.
    const fewer = await put({ who: { evaluatee_ids: [a.user.id], rules: ['self'] } });
    expect(fewer.json().resource.assessment.evaluable_count).toBe(1);
    // Handed in: locked.
    const now = (await call(t, a.token).get(`/assessments/${id}/questions`)).json().resource;
    await call(t, a.token).post(`/assessments/${id}/questions`, {
      evaluable_id: now.evaluables[0].id,
      submit: true,
      answers: [{ question_id: now.questions[0].id, rating: 4 }],
    });
    const locked = await put({ who: { rules: ['self'] } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().messages[0]).toContain('who assesses whom');
    // The name, description and due date stay editable.
    expect((await put({ name: 'Renamed', description: 'Still fine' })).statusCode).toBe(200);
  });

  it('refuses bad input and wrong roles on Edit, with nothing changed', async () => {
    const made = await createWorkspace(t, { members: { member: 2, admin: 1 } });
    const [a] = made.people.member;
    const ws = made.workspace.id;
    const owner = call(t, made.owner.token);
    const id = (
      await owner.post(`/workspaces/${ws}/assessments`, { name: 'Bad input', questions })
    ).json().resource.assessment.id;
    const outsider = await t.createUser();
    const before = await rowCounts(t.db);
    const put = (body: object, who = owner) =>
      who.put(`/assessments/${id}`, { workspace_id: ws, ...body });
    for (const body of [
      { who: { rules: ['self'], evaluatee_ids: [outsider.user.id] } },
      { who: { rules: ['nobody'] } },
      { who: { rules: ['reviewer'], reviewer_id: made.people.admin[0].user.id } },
      { type: 'solo' },
      { named: 'yes' },
      { anonymity_threshold: 2 },
    ]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await put({ who: { rules: ['self'] } }, call(t, a.token))).statusCode).toBe(403);
    expect((await put({ who: { rules: ['self'] } }, call(t, outsider.token))).statusCode).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('in a named assessment an owner may rate: their answers are read by name anyway', async () => {
    const made = await createWorkspace(t, { members: { member: 1 } });
    const [a] = made.people.member;
    const owner = call(t, made.owner.token);
    const res = await owner.post(`/workspaces/${made.workspace.id}/assessments`, {
      name: 'Named',
      named: true,
      questions,
      who: { evaluatee_ids: [a.user.id], rules: ['reviewer'], reviewer_id: made.owner.user.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource.assessment.evaluable_count).toBe(1);
    // Becoming anonymous with the owner as a rater is refused.
    const anonymous = await owner.put(`/assessments/${res.json().resource.assessment.id}`, {
      workspace_id: made.workspace.id,
      named: false,
    });
    expect(anonymous.statusCode).toBe(422);
  });
});

describe('answers handed in before report pools existed (migration 0018)', () => {
  it('go into the pools the reports formed from them, so no report changes', async () => {
    const made = await createWorkspace(t, { members: { member: 9 } });
    const [x, ...others] = made.people.member;
    const owner = call(t, made.owner.token);
    const created = await owner.post(`/workspaces/${made.workspace.id}/assessments`, {
      name: 'Before pools',
      questions,
      who: { evaluatee_ids: [x.user.id], rules: ['self'] },
    });
    const id = created.json().resource.assessment.id;
    // Three reviewers (alone), two peers (below three) and two others: the peers and others
    // made one "other" group of four; the eighth rater answered nothing and was not counted.
    const groups = ['reviewer', 'reviewer', 'reviewer', 'peer', 'peer', 'other', 'other', 'other'];
    for (const [i, p] of others.entries()) {
      await owner.post(`/assessments/${id}/user-assessment`, {
        assessor_id: p.user.id,
        evaluatee_id: x.user.id,
        rater_group: groups[i],
      });
    }
    const pairs = await t.db
      .select()
      .from(assessmentEvaluables)
      .where(eq(assessmentEvaluables.assessmentId, id));
    const [question] = await t.db
      .select()
      .from(assessmentQuestions)
      .where(eq(assessmentQuestions.assessmentId, id));
    for (const pair of pairs) {
      await t.db
        .update(assessmentEvaluables)
        .set({ status: 'submitted', reportPool: null })
        .where(eq(assessmentEvaluables.id, pair.id));
      if (pair.assessorId !== others[7].user.id) {
        await t.db
          .insert(assessmentAnswers)
          .values({ evaluableId: pair.id, questionId: question.id, rating: 3 });
      }
    }
    const file = readFileSync('server/db/migrations/0018_report_pools.sql', 'utf8');
    for (const statement of file.split('--> statement-breakpoint').slice(2)) {
      await t.db.execute(sql.raw(statement));
    }
    const after = await t.db
      .select()
      .from(assessmentEvaluables)
      .where(eq(assessmentEvaluables.assessmentId, id));
    const poolOf = (userId: number) => after.find((e) => e.assessorId === userId)!.reportPool;
    expect(poolOf(x.user.id)).toBe('self');
    expect(others.map((p) => poolOf(p.user.id))).toEqual([
      'reviewer',
      'reviewer',
      'reviewer',
      'other',
      'other',
      'other',
      'other',
      null,
    ]);
  });
});
