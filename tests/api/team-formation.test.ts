import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalityAnswers, skills, userProfiles } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;

function call(
  person: Person,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: bearer(person.token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function refusedWithoutWriting(
  action: () => Promise<{ statusCode: number }>,
  status: number,
) {
  // Earlier steps' notifications are delivered in the background first.
  await t.app.deps.jobs.drain();
  const before = await rowCounts(t.db);
  const response = await action();
  expect(response.statusCode).toBe(status);
  expect(await rowCounts(t.db)).toEqual(before);
}

/** A workspace of members who filled in their profiles (answers vary person to person). */
async function seededWorkspace(memberCount: number) {
  const made = await createWorkspace(t, { members: { member: memberCount, viewer: 1 } });
  const members = made.people.member;
  for (const [n, member] of members.entries()) {
    const answers: Record<string, number> = {};
    for (let order = 1; order <= 50; order++) answers[String(order)] = ((order * (n + 3)) % 5) + 1;
    await t.db
      .insert(personalityAnswers)
      .values({ userId: member.user.id, answers, completedAt: new Date() });
    await t.db
      .insert(userProfiles)
      .values({ userId: member.user.id, availability: [9, 10, 11, 33 + (n % 3)] });
    await call(member, 'POST', '/core/user/skills', {
      skills: [{ name: n % 3 === 0 ? 'Backend' : n % 3 === 1 ? 'Design' : 'Testing' }],
    });
  }
  return { ...made, members, viewer: made.people.viewer[0] };
}

/** Polls a run until the engine has answered; the engine runs in a worker thread. */
async function finished(person: Person, token: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await call(person, 'GET', `/teamformation/${token}`);
    expect(response.statusCode).toBe(200);
    const run = response.json().resource.run;
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the run never finished');
}

describe('team formation', () => {
  it('starts, polls, scores a swap and confirms into teams with the right members', async () => {
    const w = await seededWorkspace(12);
    const women = [w.members[0].user.id, w.members[5].user.id];
    const started = await call(w.owner, 'POST', '/teamformation', {
      workspace_id: w.workspace.id,
      strategy: 'mixed',
      weights: { personality: 0.5, spread: 0.1, skills: 0.3, availability: 0.1 },
      team_size: { min: 3, max: 4 },
      required_skills: ['backend', 'Design'],
      groups: [{ name: 'Women', user_ids: women }],
      keep_apart: [[w.members[1].user.id, w.members[2].user.id]],
      seed: 7,
    });
    expect(started.statusCode).toBe(200);
    const { token, status } = started.json().resource;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(['queued', 'running']).toContain(status);

    const run = await finished(w.owner, token);
    expect(run.status).toBe('done');
    expect(run.people_count).toBe(12);
    expect(run.coverage).toEqual({
      personality: 12,
      skills: 12,
      availability: 12,
      hidden: { personality: 0, skills: 0, availability: 0 },
    });
    expect(run.metrics.violations.total).toBe(0);
    for (const key of ['rho', 'rho2', 'dmax', 'skills_mean', 'availability_mean', 'objective']) {
      expect(typeof run.metrics[key]).toBe('number');
    }
    const split: number[][] = run.teams.map((team: { members: { id: number }[] }) =>
      team.members.map((m) => m.id),
    );
    expect(split.flat().sort((a, b) => a - b)).toEqual(
      w.members.map((m) => m.user.id).sort((a, b) => a - b),
    );
    for (const team of split) {
      expect(team.length).toBeGreaterThanOrEqual(3);
      expect(team.length).toBeLessThanOrEqual(4);
      expect([0, 2]).toContain(team.filter((id) => women.includes(id)).length);
    }
    expect(run.teams[0].metrics).toHaveProperty('mean_z.E');

    // The owner swaps the first members of the first two teams and sees the metrics move.
    const swapped = split.map((team) => [...team]);
    [swapped[0][0], swapped[1][0]] = [swapped[1][0], swapped[0][0]];
    const scored = await call(w.owner, 'POST', `/teamformation/${token}/score`, {
      teams: swapped,
    });
    expect(scored.statusCode).toBe(200);
    expect(scored.json().resource.metrics.rho).not.toBe(run.metrics.rho);
    expect(scored.json().resource.team_metrics).toHaveLength(split.length);
    expect(
      (await call(w.owner, 'POST', `/teamformation/${token}/score`, { teams: [split[0]] }))
        .statusCode,
    ).toBe(422);

    const confirmed = await call(
      w.owner,
      'POST',
      `/core/workspaces/${w.workspace.id}/team-formation`,
      {
        token,
        teams: swapped,
      },
    );
    expect(confirmed.statusCode).toBe(200);
    const created = confirmed.json().resource.teams;
    expect(created.map((team: { name: string }) => team.name)).toEqual(
      split.map((_, i) => `Team ${i + 1}`),
    );

    const listed = await call(w.members[3], 'GET', `/core/workspaces/${w.workspace.id}/teams`);
    const stored = listed
      .json()
      .resource.teams.map((team: { members: { id: number }[] }) =>
        team.members.map((m) => m.id).sort((a, b) => a - b),
      );
    expect(stored.sort((a: number[], b: number[]) => a[0] - b[0])).toEqual(
      swapped.map((team) => [...team].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]),
    );
    expect(listed.json().resource.user_team).not.toBeNull();

    await refusedWithoutWriting(
      () => call(w.owner, 'POST', `/core/workspaces/${w.workspace.id}/team-formation`, { token }),
      409,
    );
    const polled = await call(w.owner, 'GET', `/teamformation/${token}`);
    expect(polled.json().resource.run.status).toBe('confirmed');

    const history = await call(w.owner, 'GET', `/teamformation/history/${w.workspace.id}`);
    expect(history.json().resource.runs).toEqual([
      expect.objectContaining({ token, status: 'confirmed', people_count: 12 }),
    ]);

    // Everyone has a team now: a new run has nobody to place.
    await refusedWithoutWriting(
      () => call(w.owner, 'POST', '/teamformation', { workspace_id: w.workspace.id }),
      422,
    );
  });

  it('is closed to viewers, members and outsiders, for starting and confirming', async () => {
    const w = await seededWorkspace(6);
    const outsider = await t.createUser();
    const body = {
      workspace_id: w.workspace.id,
      strategy: 'random',
      team_size: { min: 3, max: 3 },
    };
    await refusedWithoutWriting(() => call(w.viewer, 'POST', '/teamformation', body), 403);
    await refusedWithoutWriting(() => call(w.members[0], 'POST', '/teamformation', body), 403);
    await refusedWithoutWriting(() => call(outsider, 'POST', '/teamformation', body), 404);

    const { token } = (await call(w.owner, 'POST', '/teamformation', body)).json().resource;
    await finished(w.owner, token);
    expect((await call(w.viewer, 'GET', `/teamformation/${token}`)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/teamformation/${token}`)).statusCode).toBe(404);
    expect(
      (await call(w.viewer, 'GET', `/teamformation/history/${w.workspace.id}`)).statusCode,
    ).toBe(403);
    const score = `/teamformation/${token}/score`;
    await refusedWithoutWriting(() => call(w.viewer, 'POST', score, { teams: [[1]] }), 403);
    await refusedWithoutWriting(() => call(outsider, 'POST', score, { teams: [[1]] }), 404);
    await refusedWithoutWriting(() => call(w.owner, 'POST', score, { teams: 'x' }), 422);
    expect((await call(w.owner, 'GET', '/teamformation/history/x')).statusCode).toBe(422);
    const confirm = `/core/workspaces/${w.workspace.id}/team-formation`;
    await refusedWithoutWriting(() => call(w.viewer, 'POST', confirm, { token }), 403);
    await refusedWithoutWriting(() => call(w.members[0], 'POST', confirm, { token }), 403);
    await refusedWithoutWriting(() => call(outsider, 'POST', confirm, { token }), 404);

    // Another workspace's owner cannot confirm this run through their own workspace.
    const other = await createWorkspace(t);
    await refusedWithoutWriting(
      () =>
        call(other.owner, 'POST', `/core/workspaces/${other.workspace.id}/team-formation`, {
          token,
        }),
      404,
    );
  });

  it('asks for skills by catalogue id or by name in either language, one skill either way', async () => {
    const w = await seededWorkspace(6);
    const catalogue = await call(w.owner, 'GET', '/core/skills?search=public%20speaking');
    const speaking = catalogue.json().resource.skills[0];
    expect(speaking.name).toBe('Public speaking');
    const started = await call(w.owner, 'POST', '/teamformation', {
      workspace_id: w.workspace.id,
      team_size: { min: 3, max: 3 },
      required_skill_ids: [speaking.id],
      // The Vietnamese name of the same skill, and one of the members' own skills.
      required_skills: ['nói trước công chúng', 'backend'],
      seed: 3,
    });
    expect(started.statusCode).toBe(200);
    const run = await finished(w.owner, started.json().resource.token);
    expect(run.status).toBe('done');
    // Nobody listed public speaking: every team misses it, by name; backend is covered somewhere.
    for (const team of run.teams) {
      expect(team.metrics.missing_skills).toContain('Public speaking');
    }
    expect(run.metrics.skills_mean).toBeGreaterThan(0);
  });

  it('refuses bad input without storing a run', async () => {
    const w = await seededWorkspace(4);
    const outsider = await t.createUser();
    const start = (body: Record<string, unknown>) =>
      call(w.owner, 'POST', '/teamformation', { workspace_id: w.workspace.id, ...body });
    await refusedWithoutWriting(() => start({ team_size: { min: 5, max: 3 } }), 422);
    await refusedWithoutWriting(
      () =>
        start({
          strategy: 'skills',
          weights: { personality: 1, spread: 0, skills: 0, availability: 0 },
        }),
      422,
    );
    await refusedWithoutWriting(() => start({ strategy: 'alphabetical' }), 422);
    await refusedWithoutWriting(
      () => start({ weights: { personality: 0, spread: 0, skills: 0, availability: 0 } }),
      422,
    );
    await refusedWithoutWriting(
      () => start({ keep_apart: [[w.members[0].user.id, outsider.user.id]] }),
      422,
    );
    await refusedWithoutWriting(
      () => start({ keep_apart: [[w.members[0].user.id, w.members[0].user.id]] }),
      422,
    );
    await refusedWithoutWriting(() => start({ user_ids: [w.viewer.user.id] }), 422);
    // A skill id nobody has, one of another workspace, or not an id at all.
    const other = await createWorkspace(t);
    const [elsewhere] = await t.db
      .insert(skills)
      .values({ name: 'Elsewhere only', workspaceId: other.workspace.id })
      .returning();
    for (const ids of [[999_999], [elsewhere!.id], ['x'], [0]]) {
      await refusedWithoutWriting(() => start({ required_skill_ids: ids }), 422);
    }
    expect((await call(w.owner, 'GET', '/teamformation/not-a-token')).statusCode).toBe(422);
    expect(
      (await call(w.owner, 'GET', '/teamformation/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    await refusedWithoutWriting(
      () =>
        call(w.owner, 'POST', `/core/workspaces/${w.workspace.id}/team-formation`, {
          token: '00000000-0000-4000-8000-000000000000',
        }),
      404,
    );

    // A run that cannot meet its sizes still answers, and says which rule fails.
    const { token } = (await start({ team_size: { min: 3, max: 3 } })).json().resource;
    const run = await finished(w.owner, token);
    expect(run.status).toBe('done');
    expect(run.infeasible).toEqual([expect.objectContaining({ rule: 'team_size' })]);
    await refusedWithoutWriting(
      () =>
        call(w.owner, 'POST', `/core/workspaces/${w.workspace.id}/team-formation`, {
          token,
          teams: [[w.members[0].user.id]],
        }),
      422,
    );
  });
});

describe('public workspaces of the team generator', () => {
  it('are published by owners, browsed by anyone signed in and copied without their people', async () => {
    const w = await seededWorkspace(4);
    await call(w.owner, 'POST', `/core/workspaces/${w.workspace.id}/teams`, {
      name: 'Alpha',
      member_ids: [w.members[0].user.id],
    });
    const stranger = await t.createUser();
    await refusedWithoutWriting(
      () =>
        call(w.members[0], 'PUT', `/teamgenerator/workspaces/${w.workspace.id}/public`, {
          summary: null,
        }),
      403,
    );
    await refusedWithoutWriting(
      () =>
        call(w.owner, 'PUT', `/teamgenerator/workspaces/${w.workspace.id}/public`, { summary: 7 }),
      422,
    );
    expect(
      (await call(stranger, 'GET', `/teamgenerator/workspaces/${w.workspace.id}`)).statusCode,
    ).toBe(404);
    // Owners read whether it is published without a 404; members may not, strangers see nothing.
    const state = `/teamgenerator/workspaces/${w.workspace.id}/public`;
    expect((await call(w.owner, 'GET', state)).json().resource).toEqual({
      public: false,
      summary: null,
      published_at: null,
    });
    expect((await call(w.members[0], 'GET', state)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', state)).statusCode).toBe(404);
    expect((await call(w.owner, 'GET', '/teamgenerator/workspaces/abc/public')).statusCode).toBe(
      422,
    );
    expect(
      (
        await call(w.owner, 'PUT', `/teamgenerator/workspaces/${w.workspace.id}/public`, {
          summary: 'A course of four',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(w.owner, 'GET', state)).json().resource).toMatchObject({
      public: true,
      summary: 'A course of four',
    });

    const list = await call(stranger, 'GET', '/teamgenerator/workspaces?search=four');
    expect(list.json().resource.workspaces.meta.total).toBe(1);
    expect(list.json().resource.workspaces.data[0]).toMatchObject({
      id: w.workspace.id,
      members_count: 6,
      teams_count: 1,
    });
    const detail = await call(stranger, 'GET', `/teamgenerator/workspaces/${w.workspace.id}`);
    expect(detail.json().resource.teams).toEqual([{ name: 'Alpha', members_count: 1 }]);
    const users = await call(stranger, 'GET', `/teamgenerator/workspaces/${w.workspace.id}/users`);
    expect(users.json().resource.users).toHaveLength(6);
    expect(users.json().resource.users[0]).not.toHaveProperty('email');

    await refusedWithoutWriting(
      () =>
        call(stranger, 'POST', '/teamgenerator/workspaces/transfer-from-public', {
          workspace_id: 'x',
        }),
      422,
    );
    const copy = await call(stranger, 'POST', '/teamgenerator/workspaces/transfer-from-public', {
      workspace_id: w.workspace.id,
      name: 'My copy',
    });
    expect(copy.statusCode).toBe(200);
    const copied = copy.json().resource;
    expect(copied).toMatchObject({ workspace: { name: 'My copy' }, teams_count: 1 });
    const copiedTeams = await call(
      stranger,
      'GET',
      `/core/workspaces/${copied.workspace.id}/teams`,
    );
    expect(copiedTeams.json().resource.teams).toEqual([
      expect.objectContaining({ name: 'Alpha', members_count: 0 }),
    ]);

    await refusedWithoutWriting(
      () => call(w.members[0], 'DELETE', `/teamgenerator/workspaces/${w.workspace.id}/public`),
      403,
    );
    expect((await call(stranger, 'GET', '/teamgenerator/workspaces?per_page=500')).statusCode).toBe(
      422,
    );
    await call(w.owner, 'DELETE', `/teamgenerator/workspaces/${w.workspace.id}/public`);
    await refusedWithoutWriting(
      () =>
        call(stranger, 'POST', '/teamgenerator/workspaces/transfer-from-public', {
          workspace_id: w.workspace.id,
        }),
      404,
    );
  });
});
