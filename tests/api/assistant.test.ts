import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantAnswer } from '@contracts/assistant';
import { actorFor } from '@server/core/actor';
import { personalityAnswers, userProfiles } from '@server/db/schema';
import { candidatesForTeam } from '@server/modules/team-formation';
import { createWorkspace } from '../support/factories';
import { startOpenAiStandIn } from '../support/openai-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam, future } from './tasks-support';

/**
 * The team assistant (issue 34): each intent on a seeded workspace, answered by the same
 * operations the screens call with the asker as the actor; the model path against a local
 * OpenAI-compatible stand-in, and the rules when the model is slow or fails.
 */
type Person = Awaited<ReturnType<TestApp['createUser']>>;

let t: TestApp;
let withModel: TestApp;
let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;

let owner: Person;
let viewer: Person;
let outsider: Person;
let ann: Person, ben: Person, cat: Person, dan: Person, eve: Person, fay: Person, gus: Person;
let workspaceId: number;
let essayId: number;
let team3Id: number;
let assessmentId: number;

const nameOf = (p: Person) => `${p.user.firstName} ${p.user.lastName}`;

async function ask(app: TestApp, person: Person | null, question: string, language = 'en') {
  return app.app.inject({
    method: 'POST',
    url: `/api/v2/core/workspaces/${workspaceId}/assistant/ask`,
    headers: { ...(person ? { authorization: `Bearer ${person.token}` } : {}), language },
    payload: { question },
  });
}
async function answerOf(app: TestApp, person: Person, question: string, language = 'en') {
  const res = await ask(app, person, question, language);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource.answer as AssistantAnswer;
}
const labels = (a: AssistantAnswer) => a.items.map((i) => i.label).sort();

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  t = await createTestApp();
  withModel = await createTestApp(
    {
      ASSISTANT_AI_URL: standIn.url,
      ASSISTANT_AI_KEY: 'sk-test',
      ASSISTANT_AI_MODEL: 'stand-in-model',
      ASSISTANT_AI_TIMEOUT_MS: '3000',
    },
    { sharedDatabase: t.database },
  );
  const made = await createWorkspace(t, { members: { member: 7, viewer: 1 } });
  owner = made.owner;
  viewer = made.people.viewer[0];
  [ann, ben, cat, dan, eve, fay, gus] = made.people.member;
  workspaceId = made.workspace.id;
  outsider = await t.createUser();

  // Everyone finished the self-assessment (answers differ person to person) and gave free hours.
  for (const [n, member] of made.people.member.entries()) {
    const answers: Record<string, number> = {};
    for (let order = 1; order <= 50; order++) answers[String(order)] = ((order * (n + 3)) % 5) + 1;
    await t.db
      .insert(personalityAnswers)
      .values({ userId: member.user.id, answers, completedAt: new Date() });
    await t.db
      .insert(userProfiles)
      .values({ userId: member.user.id, availability: [9, 10, 11, 33 + (n % 3)] });
  }
  const team1 = await createTeam(t, workspaceId, 'Team 1', [cat.user.id, dan.user.id]);
  await createTeam(t, workspaceId, 'Team 2', [eve.user.id, fay.user.id]);
  team3Id = (await createTeam(t, workspaceId, 'Team 3', [gus.user.id])).id;

  const o = call(t, owner.token);
  const essay = await o.post(`/workspaces/${workspaceId}/tasks-by-owner`, {
    name: 'Essay on rivers',
    expired_at: future(3),
    user_ids: [ann.user.id, ben.user.id],
    team_ids: [team1.id],
  });
  expect(essay.statusCode, essay.body).toBe(201);
  essayId = essay.json().resource.task.id;
  const later = await o.post(`/workspaces/${workspaceId}/tasks-by-owner`, {
    name: 'Lab report',
    expired_at: future(20),
    user_ids: [ann.user.id],
  });
  expect(later.statusCode, later.body).toBe(201);
  const handedIn = await call(t, ann.token).upload('POST', `/tasks/${essayId}/submit`, [
    { name: 'answer', value: 'My essay.' },
  ]);
  expect(handedIn.statusCode, handedIn.body).toBe(200);

  // A 360 of Gus with two peers: below the threshold of 3, their figures stay hidden.
  const created = await o.post(`/workspaces/${workspaceId}/assessments`, {
    name: 'Spring 360',
    questions: [{ kind: 'rating', title: 'Listens', options: { scale: 5 } }],
    who: { evaluatee_ids: [gus.user.id], rules: ['self'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  assessmentId = created.json().resource.assessment.id;
  for (const r of [eve, fay]) {
    const added = await o.post(`/assessments/${assessmentId}/user-assessment`, {
      assessor_id: r.user.id,
      evaluatee_id: gus.user.id,
      rater_group: 'peer',
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  for (const [i, person] of [gus, eve, fay].entries()) {
    const mine = (await call(t, person.token).get(`/assessments/${assessmentId}/questions`)).json()
      .resource;
    const e = mine.evaluables.find(
      (v: { evaluatee: { id: number } }) => v.evaluatee.id === gus.user.id,
    );
    const res = await call(t, person.token).post(`/assessments/${assessmentId}/questions`, {
      evaluable_id: e.id,
      submit: true,
      answers: [{ question_id: mine.questions[0].id, rating: 3 + (i % 2) }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Two apps and a seeded workspace: slow on the embedded database of a busy machine.
}, 240_000);

afterAll(async () => {
  await withModel.close();
  await t.close();
  await standIn.close();
});

describe('the assistant by its rules', () => {
  it('names exactly those who have not handed in a task, for an owner (fuzzy name)', async () => {
    const answer = await answerOf(t, owner, 'Who has not submitted essay on river yet?');
    expect(answer).toMatchObject({
      intent: 'not_submitted',
      source: 'rules',
      model_configured: false,
      refused: false,
    });
    expect(labels(answer)).toEqual([ben, cat, dan].map(nameOf).sort());
    expect(answer.link?.href).toBe(`/workspaces/${workspaceId}/tasks/${essayId}/report`);
  });

  it('understands the same in Vietnamese and answers in Vietnamese', async () => {
    const answer = await answerOf(t, owner, 'Ai chưa nộp bài Essay on rivers?', 'vi');
    expect(answer.intent).toBe('not_submitted');
    expect(labels(answer)).toEqual([ben, cat, dan].map(nameOf).sort());
    expect(answer.text).toContain('chưa nộp');
  });

  it('tells a viewer and a member in words that they may not see submissions, with no names', async () => {
    for (const person of [viewer, ben]) {
      const answer = await answerOf(t, person, 'Who has not submitted Essay on rivers?');
      expect(answer.intent).toBe('not_submitted');
      expect(answer.refused).toBe(true);
      expect(answer.items).toEqual([]);
      expect(answer.link).toBeNull();
      for (const p of [ann, ben, cat, dan]) expect(answer.text).not.toContain(nameOf(p));
      expect(answer.text.length).toBeGreaterThan(10);
    }
  });

  it('says when no task is like the one named', async () => {
    const answer = await answerOf(t, owner, 'who has not submitted quantum chromodynamics');
    expect(answer.items).toEqual([]);
    expect(answer.text).toContain('quantum chromodynamics');
  });

  it('lists what is due this week, not what is due later', async () => {
    const answer = await answerOf(t, ann, 'What is due this week?');
    expect(answer.intent).toBe('due_this_week');
    expect(answer.items.map((i) => i.label)).toEqual(['Essay on rivers']);
    expect(answer.items[0].href).toBe(`/workspaces/${workspaceId}/tasks/${essayId}/info`);
    const vi = await answerOf(t, ann, 'Tuần này có gì đến hạn chót?', 'vi');
    expect(vi.intent).toBe('due_this_week');
    expect(vi.items.map((i) => i.label)).toEqual(['Essay on rivers']);
  });

  it('tells an owner how balanced the teams are, and a member that it is not theirs to see', async () => {
    const answer = await answerOf(t, owner, 'How balanced are our teams?');
    expect(answer).toMatchObject({ intent: 'team_balance', refused: false });
    expect(answer.items.map((i) => i.label)).toEqual(['Team 1', 'Team 2', 'Team 3']);
    expect(answer.text).toContain('ρ =');
    const vi = await answerOf(t, owner, 'Các nhóm có cân bằng không?', 'vi');
    expect(vi.intent).toBe('team_balance');
    const member = await answerOf(t, ben, 'How balanced are our teams?');
    expect(member).toMatchObject({ refused: true, items: [] });
  });

  it('suggests who could join team 3 from the formation measures', async () => {
    const answer = await answerOf(t, owner, 'Who could join team 3?');
    expect(answer.intent).toBe('team_candidates');
    const expected = await candidatesForTeam(t.app.deps, actorFor(owner.user, 'assistant'), {
      workspaceId,
      teamId: team3Id,
    });
    expect(expected.candidates.length).toBeGreaterThan(0);
    expect(answer.items.map((i) => i.label)).toEqual(expected.candidates.map((c) => c.person.name));
    // Gus is in team 3 already; nobody outside the workspace is named.
    expect(answer.items.map((i) => i.label)).not.toContain(nameOf(gus));
    const vi = await answerOf(t, owner, 'Ai có thể tham gia nhóm 3?', 'vi');
    expect(vi.items.map((i) => i.label)).toEqual(expected.candidates.map((c) => c.person.name));
    expect((await answerOf(t, viewer, 'Who could join team 3?')).refused).toBe(true);
  });

  it('summarises an assessment, keeping groups below the threshold hidden', async () => {
    const answer = await answerOf(t, owner, 'Summarise the Spring 360 assessment');
    expect(answer).toMatchObject({ intent: 'assessment_summary', refused: false });
    expect(answer.link?.href).toBe(`/workspaces/${workspaceId}/assessments/${assessmentId}/report`);
    expect(answer.text).toContain('3 of 3');
    // Two peers answered, the threshold is 3: the report shows no figure of theirs.
    expect(answer.items).toEqual([
      { label: 'Listens', detail: "others' average hidden", href: null },
    ]);
    // Gus's own results are not released yet: the assistant says so.
    const own = await answerOf(t, gus, 'tóm tắt đánh giá Spring 360', 'vi');
    expect(own).toMatchObject({ intent: 'assessment_summary', refused: true, items: [] });
  });

  it('offers what it can answer when it does not understand', async () => {
    const answer = await answerOf(t, owner, 'Tell me a joke');
    expect(answer.intent).toBe('help');
    expect(answer.items).toHaveLength(5);
  });
});

describe('the assistant with a model', () => {
  it('lets the model pick the intent, and answers from the operations', async () => {
    standIn.answerWith(() => ({
      kind: 'tool',
      name: 'not_submitted',
      arguments: { task: 'river essay' },
    }));
    const before = standIn.seen.length;
    const answer = await answerOf(withModel, owner, 'which folks still owe me the river thing?');
    expect(answer).toMatchObject({
      intent: 'not_submitted',
      source: 'model',
      model_configured: true,
    });
    expect(labels(answer)).toEqual([ben, cat, dan].map(nameOf).sort());
    const request = standIn.seen[before];
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('stand-in-model');
    expect(request.body.tools?.map((tool) => tool.function.name).sort()).toEqual([
      'assessment_summary',
      'due_this_week',
      'not_submitted',
      'team_balance',
      'team_candidates',
    ]);
  });

  it('never lets the model show what the asker may not see', async () => {
    standIn.answerWith(() => ({
      kind: 'tool',
      name: 'not_submitted',
      arguments: { task: 'Essay on rivers' },
    }));
    const answer = await answerOf(withModel, viewer, 'list everyone who is late with the essay');
    expect(answer).toMatchObject({ source: 'model', refused: true, items: [] });
  });

  it('falls back to the rules when the model times out, errors or calls no tool', async () => {
    const question = 'Who has not submitted Essay on rivers?';
    for (const reply of [
      { kind: 'hang', delayMs: 20_000 },
      { kind: 'status', status: 500 },
      { kind: 'text', content: 'Ben, Cat and Dan.' },
      { kind: 'tool', name: 'drop_database', arguments: {} },
    ] as const) {
      standIn.answerWith(() => reply);
      const answer = await answerOf(withModel, owner, question);
      expect(answer, reply.kind).toMatchObject({ intent: 'not_submitted', source: 'rules' });
      expect(labels(answer)).toEqual([ben, cat, dan].map(nameOf).sort());
    }
  });
});

describe('the assistant refuses', () => {
  it('an empty or too long question, in the asker’s language', async () => {
    const empty = await ask(t, owner, '   ', 'vi');
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
    const enEmpty = await ask(t, owner, '', 'en');
    expect(empty.json().messages.join(' ')).not.toEqual(enEmpty.json().messages.join(' '));
    const long = await ask(t, owner, 'x'.repeat(501));
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    const wrongShape = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/${workspaceId}/assistant/ask`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { question: 42 },
    });
    expect(wrongShape.statusCode).toBe(422);
  });

  it('an outsider (404) and a signed-out visitor (401)', async () => {
    expect((await ask(t, outsider, 'What is due this week?')).statusCode).toBe(404);
    expect((await ask(t, null, 'What is due this week?')).statusCode).toBe(401);
    const status = await call(t, outsider.token).get(`/workspaces/${workspaceId}/assistant`);
    expect(status.statusCode).toBe(404);
    const mine = await call(t, viewer.token).get(`/workspaces/${workspaceId}/assistant`);
    expect(mine.json().resource).toEqual({ model_configured: false });
  });
});
