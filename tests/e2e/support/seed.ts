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

  return {
    owner,
    ownerId: idOf(owner),
    member: members[0],
    workspaceId,
    workspaceName,
    reviewedTaskId,
    teamIds,
  };
}
