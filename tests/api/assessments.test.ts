import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assessment, PersonReport, Question } from '@contracts/assessments';
import { notifications } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam, future, pdf } from './tasks-support';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'warn' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;

const questions = [
  {
    kind: 'rating',
    title: 'Does their share',
    options: { scale: 5, labels: ['Never', '', '', '', 'Always'] },
  },
  { kind: 'rating', title: 'Listens', options: { scale: 5 } },
  { kind: 'choice', title: 'Role', options: { choices: ['Leader', 'Builder', 'Checker'] } },
  { kind: 'text', title: 'One thing to keep', required: false },
];

async function xlsxRows(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('a peer assessment of a formed team of four, end to end', () => {
  let owner: Person;
  let team: Person[];
  let outsider: Person;
  let workspaceId: number;
  let teamId: number;
  let assessment: Assessment;
  let qs: Question[];
  // The rating every member gives, by assessor index and person-assessed index.
  const rate = (a: number, e: number) => (a === e ? 5 : 2 + ((a + e) % 3));

  beforeAll(async () => {
    const made = await createWorkspace(t, { members: { member: 5 } });
    owner = made.owner;
    team = made.people.member.slice(0, 4);
    workspaceId = made.workspace.id;
    teamId = (
      await createTeam(
        t,
        workspaceId,
        'Red',
        team.map((p) => p.user.id),
      )
    ).id;
    outsider = await t.createUser();
  });

  it('the owner creates it: everyone rates self and teammates', async () => {
    const res = await call(t, owner.token).post(`/workspaces/${workspaceId}/assessments`, {
      name: 'Sprint 1 peer review',
      type: 'team',
      expired_at: future(7),
      questions,
      who: { evaluatee_ids: team.map((p) => p.user.id), rules: ['self', 'teammates'] },
    });
    expect(res.statusCode).toBe(201);
    assessment = res.json().resource.assessment;
    expect(assessment).toMatchObject({
      status: 'open',
      anonymity_threshold: 3,
      evaluable_count: 16,
      percentage: 0,
    });
    const pairs = await call(t, owner.token).get(
      `/assessments/${assessment.id}/evaluables-by-owner`,
    );
    const groups = pairs
      .json()
      .resource.evaluables.map((e: { rater_group: string }) => e.rater_group);
    expect(groups.filter((g: string) => g === 'self')).toHaveLength(4);
    expect(groups.filter((g: string) => g === 'peer')).toHaveLength(12);
    const counts = await call(t, owner.token).get(
      `/workspaces/${workspaceId}/assessments?status=current`,
    );
    expect(counts.json().resource.counts).toEqual({ open: 1, closed: 0, archived: 0 });
  });

  it('members answer: a draft first, then each person handed in', async () => {
    const mine = await call(t, team[0].token).get(`/assessments/${assessment.id}/questions`);
    expect(mine.statusCode).toBe(200);
    qs = mine.json().resource.questions;
    expect(mine.json().resource.evaluables).toHaveLength(4);
    // A draft is kept and does not count.
    const first = mine.json().resource.evaluables[0];
    const draft = await call(t, team[0].token).post(`/assessments/${assessment.id}/questions`, {
      evaluable_id: first.id,
      answers: [{ question_id: qs[0].id, rating: 1 }],
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().resource.status).toBe('draft');
    // Handing in without the required answers is refused.
    const early = await call(t, team[0].token).post(`/assessments/${assessment.id}/questions`, {
      evaluable_id: first.id,
      answers: [],
      submit: true,
    });
    expect(early.statusCode).toBe(422);
    // Someone else's evaluable is not theirs to answer.
    const other = await call(t, team[1].token).post(`/assessments/${assessment.id}/questions`, {
      evaluable_id: first.id,
      answers: [{ question_id: qs[0].id, rating: 3 }],
    });
    expect(other.statusCode).toBe(403);
    for (const [a, member] of team.entries()) {
      const list = await call(t, member.token).get(`/assessments/${assessment.id}/questions`);
      for (const e of list.json().resource.evaluables) {
        const eIndex = team.findIndex((p) => p.user.id === e.evaluatee.id);
        const res = await call(t, member.token).post(`/assessments/${assessment.id}/questions`, {
          evaluable_id: e.id,
          submit: true,
          answers: [
            { question_id: qs[0].id, rating: rate(a, eIndex) },
            { question_id: qs[1].id, rating: 4 },
            { question_id: qs[2].id, choice: 'Builder' },
            { question_id: qs[3].id, text: `note from ${a} to ${eIndex}` },
          ],
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().resource.status).toBe('submitted');
      }
    }
    const done = await call(t, owner.token).get(`/assessments/${assessment.id}/percentage`);
    expect(done.json().resource).toEqual({ percentage: 100, submitted: 16, total: 16 });
  });

  it('nothing is readable by members before release; the owner releases', async () => {
    const before = await call(t, team[0].token).get(`/assessments/${assessment.id}/report`);
    expect(before.statusCode).toBe(403);
    const released = await call(t, owner.token).put(`/assessments/${assessment.id}/release`, {
      released: true,
    });
    expect(released.json().resource.assessment.released).toBe(true);
  });

  it("each member's report shows self against others, with a contribution score", async () => {
    for (const [e, member] of team.entries()) {
      const res = await call(t, member.token).get(`/assessments/${assessment.id}/report`);
      expect(res.statusCode).toBe(200);
      const report: PersonReport = res.json().resource.report;
      expect(report.evaluatee.id).toBe(member.user.id);
      const q0 = report.questions[0];
      const peers = [0, 1, 2, 3].filter((a) => a !== e).map((a) => rate(a, e));
      expect(q0.self).toBe(5);
      expect(q0.others_mean).toBeCloseTo(peers.reduce((x, y) => x + y, 0) / 3, 2);
      expect(q0.groups.map((g) => [g.group, g.raters])).toEqual([
        ['self', 1],
        ['peer', 3],
      ]);
      // Self rated 5 everywhere on the first question: a blind spot where others rate lower.
      expect(report.blind_spots[0].question_id).toBe(qs[0].id);
      expect(report.contribution).toBeGreaterThan(0);
      // Comments come without names, sorted.
      expect(report.questions[3].texts).toEqual([...report.questions[3].texts].sort());
      expect(JSON.stringify(report)).not.toContain('assessor');
      // Another person's report is not theirs to read.
      const peer = team[(e + 1) % 4];
      const theirs = await call(t, member.token).get(
        `/assessments/${assessment.id}/report?user_id=${peer.user.id}`,
      );
      expect(theirs.statusCode).toBe(403);
    }
    // Row-by-row answers of someone else: refused (the assessment is not named).
    const pairs = await call(t, owner.token).get(
      `/assessments/${assessment.id}/evaluables-by-owner`,
    );
    const foreign = pairs
      .json()
      .resource.evaluables.find(
        (e: { assessor: { id: number } }) => e.assessor.id === team[1].user.id,
      );
    expect(
      (await call(t, team[0].token).get(`/assessments/${assessment.id}/user-answers/${foreign.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, owner.token).get(`/assessments/${assessment.id}/user-answers/${foreign.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, team[1].token).get(`/assessments/${assessment.id}/user-answers/${foreign.id}`))
        .statusCode,
    ).toBe(200);
  });

  it('exports open in exceljs with the numbers of the report', async () => {
    const overall = (
      await call(t, owner.token).get(
        `/assessments/${assessment.id}/overall-report-general-assessment`,
      )
    ).json().resource;
    const report = await call(t, owner.token).get(
      `/assessments/${assessment.id}/export-report?format=xlsx`,
    );
    expect(report.statusCode).toBe(200);
    const rows = await xlsxRows(report.rawPayload);
    expect(rows[1][0]).toBe('Does their share');
    expect(rows[1][2]).toBe(overall.questions[0].self);
    expect(rows[1][3]).toBe(overall.questions[0].others_mean);
    expect(rows[1][4]).toBe(overall.questions[0].others_spread);
    const question = await call(t, owner.token).get(
      `/assessments/${assessment.id}/export-question-report?format=xlsx&team_id=${teamId}`,
    );
    const qRows = await xlsxRows(question.rawPayload);
    for (const person of team) {
      const r = (
        await call(t, owner.token).get(
          `/assessments/${assessment.id}/report?user_id=${person.user.id}`,
        )
      ).json().resource.report as PersonReport;
      const row = qRows.find((x) => x[1] === person.user.email && x[2] === 'Does their share')!;
      expect(row[3]).toBe(r.questions[0].self);
      expect(row[4]).toBe(r.questions[0].others_mean);
      expect(row[6]).toBe(r.contribution);
    }
    const detail = await call(t, owner.token).get(
      `/assessments/${assessment.id}/export-detail-report?format=csv&user_id=${team[0].user.id}`,
    );
    expect(detail.headers['content-type']).toContain('text/csv');
    const csv = detail.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Person,Email,Question,Rater group,Raters,Mean,Spread');
    expect(csv).toHaveLength(1 + 4 * 2); // four questions, self and peers
  });

  it('refuses wrong roles on every managing route, with nothing changed', async () => {
    const id = assessment.id;
    const member = team[0];
    const before = await rowCounts(t.db);
    const attempts: [string, string, object?][] = [
      ['PUT', `/assessments/${id}`, { workspace_id: workspaceId, name: 'x' }],
      ['PUT', `/assessments/${id}/schema`, { schema: { color: '#112233' } }],
      ['DELETE', `/assessments/${id}`],
      ['POST', `/assessments/${id}/archive`],
      ['POST', `/assessments/${id}/restore`, { to: 'open' }],
      ['PUT', `/assessments/${id}/close`],
      ['PUT', `/assessments/${id}/open`],
      ['PUT', `/assessments/${id}/release`, { released: false }],
      ['GET', `/assessments/${id}/evaluables-by-owner`],
      ['POST', `/assessments/${id}/evaluables-by-owner`, { rules: ['everyone'] }],
      ['GET', `/assessments/${id}/assessors`],
      ['DELETE', `/assessments/${id}/assessor/${team[1].user.id}`],
      [
        'POST',
        `/assessments/${id}/user-assessment`,
        { assessor_id: team[1].user.id, evaluatee_id: team[2].user.id },
      ],
      [
        'DELETE',
        `/assessments/${id}/user-assessment?assessor_id=${team[1].user.id}&evaluatee_id=${team[2].user.id}`,
      ],
      ['GET', `/assessments/${id}/users-who-assess/${team[1].user.id}`],
      ['GET', `/assessments/${id}/overall-report-general-assessment`],
      ['GET', `/assessments/${id}/export-report`],
      ['GET', `/assessments/${id}/export-question-report`],
      ['GET', `/assessments/${id}/export-detail-report`],
      ['POST', `/assessments/${id}/send-reminder`, { user_id: team[1].user.id }],
      ['POST', `/assessments/${id}/send-reminder-for-all`],
      ['POST', `/workspaces/${workspaceId}/assessments`, { name: 'x', questions }],
      ['POST', `/workspaces/${workspaceId}/announcements`, { name: 'x', questions }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/api/v2/core${url}`,
        headers: { authorization: `Bearer ${member.token}` },
        payload: body,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      const out = await t.app.inject({
        method: method as 'GET',
        url: `/api/v2/core${url}`,
        headers: { authorization: `Bearer ${outsider.token}` },
        payload: body,
      });
      expect(out.statusCode, `outsider ${method} ${url}`).toBe(404);
    }
    for (const url of [
      `/assessments/${id}`,
      `/assessments/${id}/questions`,
      `/assessments/${id}/report`,
      `/assessments/${id}/percentage`,
      `/assessments/${id}/users-who-assess-me`,
      `/workspaces/${workspaceId}/assessments`,
    ]) {
      expect((await call(t, outsider.token).get(url)).statusCode, url).toBe(404);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('an invalid status answers 422 and logs "status is invalid"', async () => {
    const before = lines.length;
    const res = await call(t, owner.token).get(
      `/workspaces/${workspaceId}/assessments?status=frozen`,
    );
    expect(res.statusCode).toBe(422);
    expect(lines.slice(before).some((l) => l.includes('status is invalid'))).toBe(true);
  });

  it('moves through close, open, archive and restore; update sets current or previous', async () => {
    const id = assessment.id;
    const owner_ = call(t, owner.token);
    expect((await owner_.put(`/assessments/${id}/close`)).json().resource.assessment.status).toBe(
      'closed',
    );
    expect((await owner_.put(`/assessments/${id}/open`)).json().resource.assessment.status).toBe(
      'open',
    );
    expect(
      (await owner_.post(`/assessments/${id}/archive`)).json().resource.assessment.status,
    ).toBe('archived');
    expect(
      (await owner_.post(`/assessments/${id}/restore`, { to: 'open' })).json().resource.assessment
        .status,
    ).toBe('open');
    const past = await owner_.put(`/assessments/${id}`, {
      workspace_id: workspaceId,
      expired_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(past.json().resource.assessment.status).toBe('closed');
    const none = await owner_.put(`/assessments/${id}`, {
      workspace_id: workspaceId,
      expired_at: null,
    });
    expect(none.json().resource.assessment.status).toBe('open');
    // Questions are locked once people answered.
    const locked = await owner_.put(`/assessments/${id}`, { workspace_id: workspaceId, questions });
    expect(locked.statusCode).toBe(409);
    const colour = await owner_.put(`/assessments/${id}/schema`, { schema: { color: '#aa3366' } });
    expect(colour.json().resource.assessment.schema.color).toBe('#aa3366');
  });
});

describe('anonymity through the API', () => {
  let owner: Person;
  let eve: Person;
  let peers: Person[];
  let reviewers: Person[];
  let workspaceId: number;
  let id: number;
  let qs: Question[];

  beforeAll(async () => {
    const made = await createWorkspace(t, { members: { member: 6 } });
    owner = made.owner;
    [eve, ...peers] = made.people.member;
    reviewers = peers.splice(2, 3);
    workspaceId = made.workspace.id;
    const res = await call(t, owner.token).post(`/workspaces/${workspaceId}/assessments`, {
      name: '360 for Eve',
      questions,
      who: {
        evaluatee_ids: [eve.user.id],
        rules: ['self'],
        pairs: [...peers, ...reviewers].map((p) => ({
          assessor_id: p.user.id,
          evaluatee_id: eve.user.id,
        })),
      },
    });
    expect(res.statusCode).toBe(201);
    id = res.json().resource.assessment.id;
    // Two peers and three reviewers: the peers cannot merge into "other" on their own.
    for (const p of [...peers, ...reviewers]) {
      await call(t, owner.token).delete(
        `/assessments/${id}/user-assessment?assessor_id=${p.user.id}&evaluatee_id=${eve.user.id}`,
      );
      const added = await call(t, owner.token).post(`/assessments/${id}/user-assessment`, {
        assessor_id: p.user.id,
        evaluatee_id: eve.user.id,
        rater_group: peers.includes(p) ? 'peer' : 'reviewer',
      });
      expect(added.statusCode).toBe(200);
    }
    const everyone = [eve, ...peers, ...reviewers];
    for (const [i, person] of everyone.entries()) {
      const mine = await call(t, person.token).get(`/assessments/${id}/questions`);
      qs = mine.json().resource.questions;
      const e = mine.json().resource.evaluables[0];
      const isPeer = peers.includes(person);
      const res = await call(t, person.token).post(`/assessments/${id}/questions`, {
        evaluable_id: e.id,
        submit: true,
        answers: [
          { question_id: qs[0].id, rating: isPeer ? 1 : 3 + (i % 2) },
          { question_id: qs[1].id, rating: isPeer ? 1 : 4 },
          { question_id: qs[2].id, choice: isPeer ? 'Checker' : 'Leader' },
          { question_id: qs[3].id, text: isPeer ? `PEER-SECRET-${i}` : `fine ${i}` },
        ],
      });
      expect(res.statusCode).toBe(200);
    }
    await call(t, owner.token).put(`/assessments/${id}/release`, { released: true });
  });

  /** Everything that could be read about Eve, by the owner and by Eve. */
  async function everything() {
    const o = call(t, owner.token);
    const parts = [
      await o.get(`/assessments/${id}/report?user_id=${eve.user.id}`),
      await o.get(`/assessments/${id}/overall-report-general-assessment`),
      await o.get(`/assessments/${id}/export-report?format=csv`),
      await o.get(`/assessments/${id}/export-question-report?format=csv`),
      await o.get(`/assessments/${id}/export-detail-report?format=csv`),
      await call(t, eve.token).get(`/assessments/${id}/report`),
      await call(t, eve.token).get(`/assessments/${id}/users-who-assess-me`),
    ];
    for (const p of parts) expect(p.statusCode).toBe(200);
    const xlsx = await Promise.all(
      ['export-report', 'export-question-report', 'export-detail-report'].map(async (path) =>
        JSON.stringify(await xlsxRows((await o.get(`/assessments/${id}/${path}`)).rawPayload)),
      ),
    );
    return parts.map((p) => p.body).join('\n') + xlsx.join('\n');
  }

  it('with 2 peer answers and threshold 3, nothing of the peers can be read or derived', async () => {
    const text = await everything();
    expect(text).not.toContain('PEER-SECRET');
    expect(text).not.toContain('Checker');
    expect(text).not.toMatch(/"group":"peer"|"peer"|Peers/);
    const report: PersonReport = (await call(t, eve.token).get(`/assessments/${id}/report`)).json()
      .resource.report;
    // Others are the three reviewers only; the peers' 1s are nowhere in the mean.
    expect(report.questions[1].others_mean).toBe(4);
    expect(report.questions[0].groups.map((g) => [g.group, g.raters])).toEqual([
      ['self', 1],
      ['reviewer', 3],
    ]);
    const who = (await call(t, eve.token).get(`/assessments/${id}/users-who-assess-me`)).json()
      .resource;
    expect(who.people).toBeNull();
    expect(who.groups).toEqual([
      { group: 'self', count: 1 },
      { group: 'reviewer', count: 3 },
    ]);
    // The owner, who runs the cycle, sees who rates Eve and who handed in, never what.
    const plan = await call(t, owner.token).get(
      `/assessments/${id}/users-who-assess/${eve.user.id}`,
    );
    expect(plan.json().resource.people).toHaveLength(6);
    expect(plan.body).not.toContain('PEER-SECRET');
    expect(plan.body).not.toContain('Checker');
  });

  it('raised to 5 it still holds (and hides the three reviewers too); below 3 is refused', async () => {
    const raised = await call(t, owner.token).put(`/assessments/${id}`, {
      workspace_id: workspaceId,
      anonymity_threshold: 5,
    });
    expect(raised.json().resource.assessment.anonymity_threshold).toBe(5);
    const text = await everything();
    expect(text).not.toContain('PEER-SECRET');
    expect(text).not.toContain('Checker');
    expect(text).not.toContain('fine ');
    const report: PersonReport = (await call(t, eve.token).get(`/assessments/${id}/report`)).json()
      .resource.report;
    expect(report.questions[0].groups.map((g) => g.group)).toEqual(['self']);
    expect(report.questions[0].others_mean).toBeNull();

    const before = await rowCounts(t.db);
    for (const low of [2, 0, -1, 11]) {
      const res = await call(t, owner.token).put(`/assessments/${id}`, {
        workspace_id: workspaceId,
        anonymity_threshold: low,
        name: 'changed',
      });
      expect(res.statusCode).toBe(422);
    }
    const create = await call(t, owner.token).post(`/workspaces/${workspaceId}/assessments`, {
      name: 'Too open',
      anonymity_threshold: 2,
      questions,
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().messages[0]).toContain('between 3 and 10');
    expect(await rowCounts(t.db)).toEqual(before);
    const still = (await call(t, owner.token).get(`/assessments/${id}`)).json().resource.assessment;
    expect(still).toMatchObject({ name: '360 for Eve', anonymity_threshold: 5 });
  });
});

describe('reminders and announcements', () => {
  it('reminds one and all (notification and mail) and lists open assessments, overdue first', async () => {
    const made = await createWorkspace(t, { members: { member: 2 } });
    const [ann, ben] = made.people.member;
    const o = call(t, made.owner.token);
    const mk = async (name: string, due: string) =>
      (
        await o.post(`/workspaces/${made.workspace.id}/assessments`, {
          name,
          expired_at: due,
          questions,
          who: { evaluatee_ids: [ann.user.id, ben.user.id], rules: ['self'] },
        })
      ).json().resource.assessment as Assessment;
    const soon = await mk('Soon', future(2));
    const late = await mk('Late', future(1));
    const one = await o.post(`/assessments/${soon.id}/send-reminder`, { user_id: ann.user.id });
    expect(one.json().resource.sent).toBe(1);
    const all = await o.post(`/assessments/${soon.id}/send-reminder-for-all`);
    expect(all.json().resource.sent).toBe(2);
    await t.app.deps.jobs.drain();
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'assessment_reminder'));
    expect(
      told
        .filter((n) => n.referenceId === soon.id)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([ann.user.id, ann.user.id, ben.user.id].sort());
    const reminders = (await call(t, ann.token).get('/reminder/assessment-task')).json().resource;
    expect(reminders.assessments.map((r: { id: number }) => r.id)).toEqual([late.id, soon.id]);
    // Answered: gone from the reminders.
    const mine = (await call(t, ann.token).get(`/assessments/${late.id}/questions`)).json()
      .resource;
    await call(t, ann.token).post(`/assessments/${late.id}/questions`, {
      evaluable_id: mine.evaluables[0].id,
      submit: true,
      answers: [
        { question_id: mine.questions[0].id, rating: 3 },
        { question_id: mine.questions[1].id, rating: 3 },
        { question_id: mine.questions[2].id, choice: 'Leader' },
      ],
    });
    const after = (await call(t, ann.token).get('/reminder/assessment-task')).json().resource;
    expect(after.assessments.map((r: { id: number }) => r.id)).toEqual([soon.id]);
  });

  it('an announcement is reminded until answered', async () => {
    const made = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = made.people.member;
    const created = await call(t, made.owner.token).post(
      `/workspaces/${made.workspace.id}/announcements`,
      {
        name: 'Welcome survey',
        questions: [
          { kind: 'choice', title: 'Preferred meeting day', options: { choices: ['Mon', 'Fri'] } },
        ],
      },
    );
    expect(created.statusCode).toBe(201);
    const announcementId = created.json().resource.assessment.id;
    const reminder = (await call(t, ann.token).get('/announcements/reminder')).json().resource;
    expect(reminder.announcements.map((a: { id: number }) => a.id)).toEqual([announcementId]);
    const qs = (await call(t, ann.token).get(`/announcements/${announcementId}/questions`)).json()
      .resource;
    expect(qs.answered).toBe(false);
    const bad = await call(t, ann.token).post(`/announcements/${announcementId}/questions`, {
      answers: [{ question_id: qs.questions[0].id, choice: 'Sun' }],
    });
    expect(bad.statusCode).toBe(422);
    const answered = await call(t, ann.token).post(`/announcements/${announcementId}/questions`, {
      answers: [{ question_id: qs.questions[0].id, choice: 'Fri' }],
    });
    expect(answered.json().resource.answered).toBe(true);
    expect(
      (await call(t, ann.token).get('/announcements/reminder')).json().resource.announcements,
    ).toEqual([]);
    // Announcements are not assessments: not listed, not counted.
    const list = (
      await call(t, made.owner.token).get(`/workspaces/${made.workspace.id}/assessments`)
    ).json().resource;
    expect(list.counts).toEqual({ open: 0, closed: 0, archived: 0 });
    const outsider = await t.createUser();
    expect(
      (await call(t, outsider.token).get(`/announcements/${announcementId}/questions`)).statusCode,
    ).toBe(404);
  });
});

describe('files on answers', () => {
  it('the assessor attaches files to a draft; nobody else reads them in an anonymous assessment', async () => {
    const made = await createWorkspace(t, { members: { member: 2 } });
    const [ann, ben] = made.people.member;
    const created = await call(t, made.owner.token).post(
      `/workspaces/${made.workspace.id}/assessments`,
      {
        name: 'With files',
        questions,
        who: { evaluatee_ids: [ann.user.id], rules: ['self'] },
      },
    );
    const id = created.json().resource.assessment.id;
    const mine = (await call(t, ann.token).get(`/assessments/${id}/questions`)).json().resource;
    const evaluableId = mine.evaluables[0].id;
    const before = await rowCounts(t.db);
    expect(
      (await call(t, ben.token).upload('POST', `/evaluables/${evaluableId}/files`, [pdf('x.pdf')]))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, ann.token).post(`/evaluables/${evaluableId}/files`, { files: [] })).statusCode,
    ).toBe(415);
    expect(await rowCounts(t.db)).toEqual(before);
    const added = await call(t, ann.token).upload('POST', `/evaluables/${evaluableId}/files`, [
      pdf('evidence.pdf'),
    ]);
    expect(added.statusCode).toBe(200);
    const [file] = added.json().resource.files;
    expect(file).toMatchObject({ name: 'evidence.pdf', mime_type: 'application/pdf' });
    const renamed = await call(t, ann.token).upload('PUT', `/edit-file/${file.id}`, [
      { name: 'name', value: 'proof.pdf' },
    ]);
    expect(renamed.json().resource.files[0].name).toBe('proof.pdf');
    const download = await call(t, ann.token).get(`/evaluables/${evaluableId}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
    // Not named: the owner reads no files of an assessor; outsiders get 404.
    expect(
      (await call(t, made.owner.token).get(`/evaluables/${evaluableId}/files`)).statusCode,
    ).toBe(403);
    expect(
      (await call(t, (await t.createUser()).token).get(`/evaluables/${evaluableId}/files`))
        .statusCode,
    ).toBe(404);
    // Handed in: the files are fixed.
    await call(t, ann.token).post(`/assessments/${id}/questions`, {
      evaluable_id: evaluableId,
      submit: true,
      answers: [
        { question_id: mine.questions[0].id, rating: 3 },
        { question_id: mine.questions[1].id, rating: 3 },
        { question_id: mine.questions[2].id, choice: 'Leader' },
      ],
    });
    expect(
      (
        await call(t, ann.token).upload('POST', `/evaluables/${evaluableId}/files`, [
          pdf('late.pdf'),
        ])
      ).statusCode,
    ).toBe(409);
  });
});

describe('live updates', () => {
  it('tells the workspace room an assessment changed, with its ids and never who answered', async () => {
    const made = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = made.people.member;
    const sent: { room: number; event: string; payload: unknown }[] = [];
    const realtime = t.app.deps.realtime;
    const original = realtime.toWorkspace.bind(realtime);
    realtime.toWorkspace = ((room: number, event: string, payload: unknown) => {
      sent.push({ room, event, payload });
      return original(room as never, event as never, payload as never);
    }) as typeof realtime.toWorkspace;
    try {
      const owner = call(t, made.owner.token);
      const created = await owner.post(`/workspaces/${made.workspace.id}/assessments`, {
        name: 'Live',
        questions: [{ kind: 'rating', title: 'Clear', options: { scale: 5 } }],
        who: { evaluatee_ids: [ann.user.id], rules: ['self'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().resource.assessment.id;
      const mine = (await call(t, ann.token).get(`/assessments/${id}/questions`)).json().resource;
      // A draft tells nobody; a hand-in does.
      const answer = (submit: boolean) =>
        call(t, ann.token).post(`/assessments/${id}/questions`, {
          evaluable_id: mine.evaluables[0].id,
          submit,
          answers: [{ question_id: mine.questions[0].id, rating: 2 }],
        });
      expect((await answer(false)).statusCode).toBe(200);
      const afterDraft = sent.length;
      expect((await answer(true)).statusCode).toBe(200);
      const afterHandIn = sent.length;
      expect((await owner.put(`/assessments/${id}/release`, { released: true })).statusCode).toBe(
        200,
      );
      expect((await owner.put(`/assessments/${id}/close`)).statusCode).toBe(200);
      // A refused change tells nobody.
      const refused = await call(t, ann.token).put(`/assessments/${id}/open`);
      expect(refused.statusCode).toBe(403);
      const mineOnly = sent.filter((s) => s.event === 'assessment-changed');
      expect(afterDraft).toBe(1);
      expect(afterHandIn).toBe(2);
      expect(mineOnly).toHaveLength(4);
      for (const s of mineOnly) {
        expect(s.room).toBe(made.workspace.id);
        expect(s.payload).toEqual({ id, workspace_id: made.workspace.id });
      }
    } finally {
      realtime.toWorkspace = original;
    }
  });
});
