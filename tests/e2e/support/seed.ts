import type { APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, type Language, type TestAccount } from './accounts';
import { E2E_BASE_URL } from './env';
import { mailedLink } from './mail';

/**
 * A lived-in course workspace, made through the API as people would: an owner, an admin and
 * four members in two teams, and tasks in every state of the review loop (open, submitted,
 * returned, accepted). The screenshot run and the accessibility spec look at it.
 */
export interface SeededWorkspace {
  owner: TestAccount;
  ownerId: number;
  member: TestAccount;
  workspaceId: number;
  workspaceName: string;
  /** A task with submitted, returned and accepted work. */
  reviewedTaskId: number;
  /** A released 360 everyone answered (its report has figures). */
  assessmentId: number;
  /** An objective with key results, check-ins and a parent. */
  objectiveId: number;
  teamIds: number[];
}

const PEOPLE = [
  { firstName: 'Minh', lastName: 'Ngo' },
  { firstName: 'Hoa', lastName: 'Le' },
  { firstName: 'Quang', lastName: 'Tran' },
  { firstName: 'Bartholomew', lastName: 'Featherstonehaugh-Wickham' },
  { firstName: 'Thao', lastName: 'Vu' },
];

export async function seedWorkspace(
  request: APIRequestContext,
  language: Language = 'en',
): Promise<SeededWorkspace> {
  const core = `${E2E_BASE_URL}/api/v2/core`;
  const as = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });
  const expectOk = async (what: string, response: Awaited<ReturnType<typeof request.get>>) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, read loosely
    return ((await response.json()) as { resource: any }).resource;
  };

  const owner = await createVerifiedAccount(request, {
    firstName: 'Linh',
    lastName: 'Pham',
    language,
  });
  const people: TestAccount[] = [];
  for (const person of PEOPLE)
    people.push(await createVerifiedAccount(request, { ...person, language }));
  const [admin, ...members] = people;

  const workspaceName = 'Software Engineering 2026 — Cohort A';
  const workspace = await expectOk(
    'workspace',
    await request.post(`${core}/workspaces`, {
      headers: as(owner),
      data: {
        name: workspaceName,
        workspace_type: 'course',
        description: 'Projects in teams of three, reviewed every week.',
      },
    }),
  );
  const workspaceId = workspace.id as number;
  await expectOk(
    'invite',
    await request.post(`${core}/workspaces/${workspaceId}/invite`, {
      headers: as(owner),
      data: { invitations: people.map((person) => ({ email: person.email })) },
    }),
  );
  for (const person of people) {
    const link = await mailedLink(person.email, '/join');
    await expectOk(
      'join',
      await request.post(`${core}/join/join-to-workspace`, {
        headers: as(person),
        data: { token: link.searchParams.get('token') },
      }),
    );
  }
  const users: { id: number; email: string }[] = (
    await expectOk(
      'members',
      await request.get(`${core}/workspaces/${workspaceId}/users`, { headers: as(owner) }),
    )
  ).users;
  const idOf = (account: TestAccount) => users.find((user) => user.email === account.email)!.id;
  await expectOk(
    'admin role',
    await request.put(`${core}/workspaces/${workspaceId}/users/${idOf(admin)}/change-role`, {
      headers: as(owner),
      data: { role: 'admin' },
    }),
  );

  const teamIds: number[] = [];
  for (const [name, team] of [
    ['Blue Herons', members.slice(0, 2)],
    ['Night Owls', members.slice(2)],
  ] as const) {
    const created = await expectOk(
      'team',
      await request.post(`${core}/workspaces/${workspaceId}/teams`, {
        headers: as(owner),
        data: { name, member_ids: team.map(idOf) },
      }),
    );
    teamIds.push(created.team.id);
  }

  const day = 24 * 3600 * 1000;
  const createTask = async (name: string, assignees: TestAccount[], due: number) => {
    const created = await expectOk(
      `task ${name}`,
      await request.post(`${core}/workspaces/${workspaceId}/tasks-by-owner`, {
        headers: as(owner),
        data: {
          name,
          description: 'Write it up and attach what you made.',
          started_at: new Date(Date.now() - 3 * day).toISOString(),
          expired_at: new Date(Date.now() + due * day).toISOString(),
          user_ids: assignees.map(idOf),
          reviewer_ids: [idOf(admin)],
        },
      }),
    );
    return created.task.id as number;
  };
  const submit = async (account: TestAccount, taskId: number, answer: string) =>
    expectOk(
      'submit',
      await request.post(`${core}/tasks/${taskId}/submit`, {
        headers: as(account),
        multipart: { answer },
      }),
    );
  const unitOf = async (taskId: number, account: TestAccount) => {
    const task = (
      await expectOk('task', await request.get(`${core}/tasks/${taskId}`, { headers: as(admin) }))
    ).task;
    const units = task.assignments as { id: number; user: { id: number } | null }[];
    return units.find((unit) => unit.user?.id === idOf(account))!.id;
  };

  const reviewedTaskId = await createTask('Requirements document', members, 5);
  await submit(members[0], reviewedTaskId, 'Our requirements, with the interview notes.');
  await submit(members[1], reviewedTaskId, 'First draft.');
  await submit(members[2], reviewedTaskId, 'Final version with the use cases.');
  await expectOk(
    'return',
    await request.post(`${core}/tasks/${reviewedTaskId}/open-by-reviewer`, {
      headers: as(admin),
      data: {
        assignment_id: await unitOf(reviewedTaskId, members[1]),
        comment: 'Please add the non-functional requirements.',
      },
    }),
  );
  await expectOk(
    'accept',
    await request.post(`${core}/tasks/${reviewedTaskId}/close-by-reviewer`, {
      headers: as(admin),
      data: { assignment_id: await unitOf(reviewedTaskId, members[2]) },
    }),
  );
  await createTask(
    'Architecture sketch and a long title that needs to wrap somewhere',
    members.slice(0, 2),
    12,
  );
  await createTask('Sprint 1 retrospective', members, 1);

  const assessmentId = await seedAssessments(
    request,
    core,
    workspaceId,
    [owner, ...people],
    members.map(idOf),
    expectOk,
  );
  const objectiveId = await seedObjectives(
    request,
    core,
    workspaceId,
    owner,
    members.map(idOf),
    expectOk,
  );

  return {
    owner,
    ownerId: idOf(owner),
    member: members[0],
    workspaceId,
    workspaceName,
    reviewedTaskId,
    assessmentId,
    objectiveId,
    teamIds,
  };
}

/**
 * OKRs for the screens: objective 1 on a fresh database with three key results, two of them
 * checked in twice (a history chart), aligned under a company objective, and an org chart.
 */
async function seedObjectives(
  request: APIRequestContext,
  core: string,
  workspaceId: number,
  owner: TestAccount,
  memberIds: number[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, read loosely
  expectOk: (what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) => Promise<any>,
): Promise<number> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const position = async (name: string, parentId?: number) =>
    (
      await expectOk(
        'org position',
        await request.post(`${core}/workspaces/${workspaceId}/org-position`, {
          headers,
          data: { name, ...(parentId ? { parent_id: parentId } : {}) },
        }),
      )
    ).org_position.id as number;
  const school = await position('Faculty of Engineering');
  await position('Software Engineering', school);
  await position('Student services', school);
  const made = await expectOk(
    'objective',
    await request.post(`${core}/workspaces/${workspaceId}/objectives`, {
      headers,
      data: {
        name: 'Ship a useful product by the end of the term',
        owner_ids: memberIds.slice(0, 2),
        started_at: '2026-09-01',
        ended_at: '2026-12-20',
        check_in_every_days: 7,
        key_results: [
          {
            name: 'Weekly active users',
            kind: 'increase',
            start_value: 0,
            target_value: 200,
            unit: 'users',
          },
          { name: 'Open bugs', kind: 'decrease', start_value: 40, target_value: 5 },
          { name: 'Launched on the store', kind: 'done' },
        ],
      },
    }),
  );
  const [users, bugs] = made.objective.key_results as { id: number }[];
  for (const [kr, value, status] of [
    [users.id, 60, 'on trace'],
    [bugs.id, 30, 'at risk'],
    [users.id, 120, 'on trace'],
    [bugs.id, 22, 'on trace'],
  ] as const) {
    await expectOk(
      'check-in',
      await request.post(`${core}/key-results/${kr}/answer`, {
        headers,
        data: { value, status, confidence: 7, note: 'Weekly check-in' },
      }),
    );
  }
  const company = await expectOk(
    'parent objective',
    await request.post(`${core}/workspaces/${workspaceId}/objectives`, {
      headers,
      data: {
        name: 'Graduates ready for industry',
        key_results: [
          { name: 'Internship offers', kind: 'reach', start_value: 0, target_value: 30 },
        ],
      },
    }),
  );
  await expectOk(
    'alignment',
    await request.post(`${core}/objectives/${made.objective.id}/alignments`, {
      headers,
      data: { parent_objective_id: company.objective.id, weight: 2 },
    }),
  );
  return made.objective.id as number;
}

/**
 * Assessments for the screens: a released 360 (assessment 1 on a fresh database) that
 * everyone answered, so its report has figures, and an open team review still to answer.
 */
async function seedAssessments(
  request: APIRequestContext,
  core: string,
  workspaceId: number,
  everyone: TestAccount[],
  memberIds: number[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, read loosely
  expectOk: (what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) => Promise<any>,
): Promise<number> {
  const as = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });
  const [owner] = everyone;
  const questions = [
    { kind: 'rating', title: 'Communicates clearly', options: { scale: 5 } },
    { kind: 'rating', title: 'Does their share', options: { scale: 5 } },
    { kind: 'rating', title: 'Helps others', options: { scale: 5 } },
    { kind: 'rating', title: 'Meets deadlines', options: { scale: 5 } },
    { kind: 'choice', title: 'Best role', options: { choices: ['Leader', 'Builder', 'Checker'] } },
    { kind: 'text', title: 'One thing to keep doing', required: false },
  ];
  const created = await expectOk(
    'assessment',
    await request.post(`${core}/workspaces/${workspaceId}/assessments`, {
      headers: as(owner),
      data: {
        name: 'Mid-term 360',
        questions,
        who: { evaluatee_ids: memberIds, rules: ['self', 'everyone'] },
      },
    }),
  );
  const id = created.assessment.id as number;
  const roles = ['Leader', 'Builder', 'Checker'];
  for (const [i, person] of everyone.entries()) {
    const mine = await expectOk(
      'questions',
      await request.get(`${core}/assessments/${id}/questions`, { headers: as(person) }),
    );
    for (const [j, evaluable] of (mine.evaluables as { id: number }[]).entries()) {
      const q = mine.questions as { id: number }[];
      await expectOk(
        'answer',
        await request.post(`${core}/assessments/${id}/questions`, {
          headers: as(person),
          data: {
            evaluable_id: evaluable.id,
            submit: true,
            answers: [
              { question_id: q[0].id, rating: 2 + ((i + j) % 4) },
              { question_id: q[1].id, rating: 3 + ((i * j) % 3) },
              { question_id: q[2].id, rating: 1 + ((i + 2 * j) % 5) },
              { question_id: q[3].id, rating: 4 },
              { question_id: q[4].id, choice: roles[(i + j) % 3] },
              {
                question_id: q[5].id,
                text: ['Clear stand-ups.', 'Careful reviews.', 'Good questions.'][(i + j) % 3],
              },
            ],
          },
        }),
      );
    }
  }
  await expectOk(
    'release',
    await request.put(`${core}/assessments/${id}/release`, {
      headers: as(owner),
      data: { released: true },
    }),
  );
  await expectOk(
    'team review',
    await request.post(`${core}/workspaces/${workspaceId}/assessments`, {
      headers: as(owner),
      data: {
        name: 'Sprint 1 peer review',
        type: 'team',
        expired_at: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
        questions: questions.slice(0, 3),
        who: { rules: ['self', 'teammates'] },
      },
    }),
  );
  return id;
}
