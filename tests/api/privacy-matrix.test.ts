import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_KEYS } from '@contracts/auth';
import { personalityAnswers, userProfiles, users } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * The privacy matrix (issue 9): with each privacy option set to only_me, no route that returns
 * people data shows the hidden part to an owner, an admin, a fellow member or an outsider, and
 * the person still sees it. The routes come from the OpenAPI document, not from a hand list.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;
type Group = 'profile' | 'skills' | 'availability' | 'personality';

const GROUP_OF_KEY: Record<(typeof PRIVACY_KEYS)[number], Group> = {
  view_profile: 'profile',
  view_skill: 'skills',
  view_availability: 'availability',
  view_personality: 'personality',
};

const SECRET_HOURS = [101, 113, 127, 139, 151];
const COMPLETED_AT = new Date('2001-02-03T04:05:06.000Z');

/** Text that, found in a response, gives the hidden part away. */
const MARKERS: Record<Group, RegExp[]> = {
  profile: [/zz-secret-bio/, /zz-secret-activity/, /zz-secret-link/],
  skills: [/zz-secret-skill/i],
  availability: [
    /101,113,127,139,151/,
    new RegExp(`"hour":(${SECRET_HOURS.join('|')})[,}]`),
    new RegExp(`"common_slots":\\[[^\\]]*\\b(${SECRET_HOURS.join('|')})\\b`),
  ],
  personality: [/2001-02-03T04:05:06/],
};

/** Fields of an object about the person that must be empty when the group is hidden. */
const FIELDS: Record<Group, string[]> = {
  // Fellow members always see names (docs/decisions/profile-privacy.md), so first and last name
  // are not here; that an outsider sees no name is checked apart.
  profile: ['bio', 'timezone', 'social_media', 'cv', 'activities', 'preferences', 'member_since'],
  skills: ['skills', 'user_skills'],
  availability: ['slots', 'availability'],
  personality: ['result', 'soft_skills', 'answers', 'personality'],
};

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value as object).length === 0);

/** Every object about the person (its `id` or `user_id`) that shows a field of the group. */
function exposedFields(body: unknown, personId: number, group: Group): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const aboutPerson = record.id === personId || record.user_id === personId;
      for (const [key, inner] of Object.entries(record)) {
        const fields = [...FIELDS[group], 'profile_completion_percent'];
        if (aboutPerson && fields.includes(key) && !isEmpty(inner)) found.push(`${path}.${key}`);
        walk(inner, `${path}.${key}`);
      }
    }
  };
  walk(body, '');
  return found;
}

function call(person: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(person.token), payload });
}

async function finished(person: Person, token: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const run = (await call(person, 'GET', `/api/v2/teamformation/${token}`)).json().resource.run;
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the run never finished');
}

async function startRun(owner: Person, workspaceId: number, userIds: number[], size: number) {
  const started = await call(owner, 'POST', '/api/v2/teamformation', {
    workspace_id: workspaceId,
    strategy: 'mixed',
    team_size: { min: size, max: size },
    required_skills: ['Design', 'Backend'],
    availability_target: 2,
    user_ids: userIds,
    seed: 7,
  });
  expect(started.statusCode).toBe(200);
  return finished(owner, started.json().resource.token);
}

describe('privacy matrix', () => {
  let owner: Person;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let secret: Person;
  let others: Person[];
  let workspaceId: number;
  const ids: Record<string, number | string> = {};

  beforeAll(async () => {
    const made = await createWorkspace(t, {
      members: { admin: 1, member: 4 },
      values: { paymentType: 'premium' },
    });
    owner = made.owner;
    admin = made.people.admin[0];
    [secret, member, ...others] = made.people.member;
    outsider = await t.createUser();
    workspaceId = made.workspace.id;

    await t.db
      .update(users)
      .set({
        firstName: 'Zzsecretname',
        bio: 'zz-secret-bio',
        timezone: 'Asia/Ho_Chi_Minh',
        socialMedia: { linkedin: 'https://example.com/zz-secret-link' },
      })
      .where(eq(users.id, secret.user.id));
    const people = [secret, member, ...others];
    for (const [n, person] of people.entries()) {
      const answers: Record<string, number> = {};
      for (let order = 1; order <= 50; order++)
        answers[String(order)] = ((order * (n + 2)) % 5) + 1;
      const isSecret = person === secret;
      await t.db.insert(personalityAnswers).values({
        userId: person.user.id,
        answers,
        completedAt: isSecret ? COMPLETED_AT : new Date(),
      });
      await t.db
        .insert(userProfiles)
        .values({ userId: person.user.id, availability: isSecret ? SECRET_HOURS : [9, 10] });
      const skill = isSecret ? 'zz-secret-skill' : 'Design';
      expect(
        (await call(person, 'POST', '/api/v2/core/user/skills', { skills: [{ name: skill }] }))
          .statusCode,
      ).toBe(200);
    }
    const activity = await call(secret, 'POST', `/api/v2/core/user/${secret.user.id}/activities`, {
      kind: 'project',
      title: 'zz-secret-activity',
    });
    expect(activity.statusCode).toBe(200);

    // Runs of teams of one and of two, the second confirmed into real teams.
    const runIds = people.map((p) => p.user.id);
    ids.soloRun = (await startRun(owner, workspaceId, runIds, 1)).token;
    const pairs = await startRun(owner, workspaceId, runIds, 2);
    ids.token = pairs.token;
    const confirmed = await call(
      owner,
      'POST',
      `/api/v2/core/workspaces/${workspaceId}/team-formation`,
      {
        token: pairs.token,
      },
    );
    expect(confirmed.statusCode).toBe(200);
    const teams = confirmed.json().resource.teams as { id: number; members: { id: number }[] }[];
    ids.team = teams.find((team) => team.members.some((m) => m.id === secret.user.id))!.id;

    const task = await call(
      owner,
      'POST',
      `/api/v2/core/workspaces/${workspaceId}/tasks-by-owner`,
      {
        name: 'Privacy task',
        user_ids: [secret.user.id, member.user.id],
      },
    );
    expect(task.statusCode).toBe(201);
    ids.task = task.json().resource.id ?? task.json().resource.task?.id;
    expect(
      (
        await call(owner, 'PUT', `/api/v2/teamgenerator/workspaces/${workspaceId}/public`, {
          summary: 'Open',
        })
      ).statusCode,
    ).toBe(200);
  });

  /** An id for each path parameter, chosen by what the path is about. */
  function resolve(path: string): string {
    return path
      .replace(/\/user\/\{id\}/, `/user/${secret.user.id}`)
      .replace(/\/(tasks|subtasks)\/\{id\}/, `/$1/${ids.task}`)
      .replace(/\/teams\/\{id\}/, `/teams/${ids.team}`)
      .replace(/\/teamformation\/\{token\}/, `/teamformation/${ids.token}`)
      .replace(/\/(workspaces|history)\/\{id\}/, `/$1/${workspaceId}`)
      .replace(/\{[^}]+\}/g, '1');
  }

  /**
   * Whether a route's documented answer is about people: its schema has person-like fields, or
   * it is a person's own resource (`user/...`) or a file export. The skills catalogue and the
   * time-zone list, say, describe nobody.
   */
  function returnsPeople(path: string, responses: unknown): boolean {
    return (
      /\/user(\/|$)|export/.test(path) ||
      /"(user_id|user_ids|email|avatar_url|members|users|people|hidden_user_ids|members_count)"/.test(
        JSON.stringify(responses ?? {}),
      )
    );
  }

  /** Every documented read: the GET routes, and the POST routes that only read people data. */
  async function readRoutes(): Promise<
    { method: 'GET' | 'POST'; url: string; payload?: object }[]
  > {
    const doc = (await t.app.inject({ url: '/api/v2/openapi.json' })).json();
    const gets = Object.entries<Record<string, { responses?: unknown }>>(doc.paths)
      .filter(([, operations]) => operations.get)
      .map(([path, operations]) => ({
        method: 'GET' as const,
        url: resolve(path),
        people: returnsPeople(path, operations.get.responses),
      }));
    const everyone = { user_ids: [secret.user.id, member.user.id] };
    return [
      ...gets.filter((route) => route.people),
      ...['team-information', 'team-availability'].map((route) => ({
        method: 'POST' as const,
        url: `/api/v2/core/workspaces/${workspaceId}/${route}`,
        payload: everyone,
      })),
      ...[ids.soloRun, ids.token].map((token) => ({
        method: 'POST' as const,
        url: `/api/v2/teamformation/${token}/score`,
        payload: {
          teams: [[secret.user.id], [member.user.id], others.map((o) => o.user.id)],
        },
      })),
      { method: 'GET' as const, url: `/api/v2/teamformation/${ids.soloRun}` },
    ];
  }

  for (const key of PRIVACY_KEYS) {
    const group = GROUP_OF_KEY[key];
    it(`${key} only_me: nobody else sees the person's ${group}, the person does`, async () => {
      const options = Object.fromEntries(PRIVACY_KEYS.map((k) => [k, 'everyone']));
      const saved = await call(secret, 'POST', '/api/v2/core/user/options', {
        ...options,
        [key]: 'only_me',
      });
      expect(saved.statusCode).toBe(200);
      const routes = await readRoutes();
      expect(routes.length).toBeGreaterThan(40);

      const answered: Record<string, number> = {};
      for (const viewer of [owner, admin, member, outsider]) {
        for (const route of routes) {
          const response = await call(viewer, route.method, route.url, route.payload);
          expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
          if (response.statusCode === 200) answered[route.url] = (answered[route.url] ?? 0) + 1;
          for (const marker of MARKERS[group]) {
            expect(response.payload, `${route.method} ${route.url}`).not.toMatch(marker);
          }
          // Fellow members see the name, as every member list shows it; an outsider does not.
          if (viewer === outsider && group === 'profile') {
            expect(response.payload, `${route.method} ${route.url}`).not.toMatch(/Zzsecretname/);
          }
          if (response.headers['content-type']?.toString().includes('json')) {
            expect(exposedFields(response.json(), secret.user.id, group), route.url).toEqual([]);
          }
        }
      }
      // The matrix really read the people routes: the owner got each of these.
      for (const url of [
        `/api/v2/core/workspaces/${workspaceId}/users`,
        `/api/v2/core/workspaces/${workspaceId}/performance-users`,
        `/api/v2/core/workspaces/${workspaceId}/users/profile-completion`,
        `/api/v2/core/workspaces/${workspaceId}/availability`,
        `/api/v2/core/workspaces/${workspaceId}/export-teams`,
        `/api/v2/core/teams/${ids.team}`,
        `/api/v2/core/tasks/${ids.task}/users`,
        `/api/v2/core/user/${secret.user.id}/page-information`,
        `/api/v2/teamformation/${ids.token}`,
        `/api/v2/teamformation/history/${workspaceId}`,
        `/api/v2/teamgenerator/workspaces/${workspaceId}/users`,
      ]) {
        expect(answered[url], url).toBeGreaterThan(0);
      }

      // The person sees their own hidden part.
      let own = '';
      for (const route of routes) {
        own += (await call(secret, route.method, route.url, route.payload)).payload;
      }
      expect(MARKERS[group].some((marker) => marker.test(own))).toBe(true);
    }, 180_000);
  }
});

describe('team formation with a member who hides skills, free hours and self-assessment', () => {
  it('forms teams with the hidden data but shows no measure read from it', async () => {
    const made = await createWorkspace(t, { members: { member: 4 } });
    const owner = made.owner;
    const [hidden, ...open] = made.people.member;
    for (const [n, person] of made.people.member.entries()) {
      const answers: Record<string, number> = {};
      for (let order = 1; order <= 50; order++)
        answers[String(order)] = ((order * (n + 4)) % 5) + 1;
      await t.db
        .insert(personalityAnswers)
        .values({ userId: person.user.id, answers, completedAt: new Date() });
      await t.db
        .insert(userProfiles)
        .values({ userId: person.user.id, availability: person === hidden ? [40, 41] : [9, 10] });
      await call(person, 'POST', '/api/v2/core/user/skills', {
        skills: [{ name: person === hidden ? 'Rare' : 'Common' }],
      });
    }
    const everyone = made.people.member.map((p) => p.user.id);
    const form = async () => {
      const started = await call(owner, 'POST', '/api/v2/teamformation', {
        workspace_id: made.workspace.id,
        strategy: 'mixed',
        team_size: { min: 1, max: 1 },
        required_skills: ['Rare', 'Common'],
        availability_target: 2,
        user_ids: everyone,
        seed: 3,
      });
      expect(started.statusCode).toBe(200);
      return finished(owner, started.json().resource.token);
    };

    // Control: with nothing hidden a team of one shows its measures.
    const visible = await form();
    expect(visible.status).toBe('done');
    expect(visible.metrics.objective).toEqual(expect.any(Number));
    expect(
      visible.teams.every((team: { metrics: { mean_z: unknown } }) => team.metrics.mean_z),
    ).toBe(true);

    await call(hidden, 'POST', '/api/v2/core/user/options', {
      view_skill: 'only_me',
      view_availability: 'only_me',
      view_personality: 'only_me',
    });
    const run = await form();
    expect(run.status).toBe('done');
    expect(run.teams).toHaveLength(4);
    expect(run.coverage).toEqual({
      personality: 3,
      skills: 3,
      availability: 3,
      hidden: { personality: 1, skills: 1, availability: 1 },
    });
    type Team = { members: { id: number }[]; metrics: Record<string, unknown> };
    const alone = run.teams.find((team: Team) => team.members[0].id === hidden.user.id);
    expect(alone.metrics).toEqual({
      size: 1,
      mean_z: null,
      skills_coverage: null,
      missing_skills: null,
      common_slots: null,
      availability: null,
    });
    for (const team of run.teams.filter((team: Team) => team !== alone)) {
      // Skills and hours read the team's members only; the personality mix reads the whole run.
      expect(team.metrics.mean_z).toBeNull();
      expect(team.metrics.missing_skills).toEqual(['Rare']);
      expect(team.metrics.common_slots).toBe(2);
    }
    expect(run.metrics).toMatchObject({
      team_count: 4,
      rho: null,
      rho2: null,
      dmax: null,
      skills_mean: null,
      skills_min: null,
      skills_upper_bound: null,
      availability_mean: null,
      availability_min: null,
      objective: null,
    });
    expect(JSON.stringify(run)).not.toMatch(/"(40|41)"|\[40,41\]/);

    // Scoring a hand-made split: a team of one, a team of two with the hidden member.
    const score = async (teams: number[][]) => {
      const response = await call(owner, 'POST', `/api/v2/teamformation/${run.token}/score`, {
        teams,
      });
      expect(response.statusCode).toBe(200);
      return response.json().resource;
    };
    const solo = await score([[hidden.user.id], open.map((p) => p.user.id)]);
    expect(solo.team_metrics[0]).toMatchObject({
      mean_z: null,
      missing_skills: null,
      common_slots: null,
    });
    expect(solo.team_metrics[1]).toMatchObject({
      mean_z: null,
      missing_skills: ['Rare'],
      common_slots: 2,
    });
    expect(solo.metrics).toMatchObject({ rho: null, skills_mean: null, availability_mean: null });
    const pair = await score([
      [hidden.user.id, open[0].user.id],
      [open[1].user.id, open[2].user.id],
    ]);
    expect(pair.team_metrics[0]).toMatchObject({ skills_coverage: null, common_slots: null });

    // History carries the same run-wide figures.
    const history = await call(owner, 'GET', `/api/v2/teamformation/history/${made.workspace.id}`);
    expect(history.json().resource.runs[0].metrics.objective).toBeNull();

    // Wrong role and bad input on the read routes.
    expect((await call(open[0], 'GET', `/api/v2/teamformation/${run.token}`)).statusCode).toBe(403);
    const notSplit = await call(owner, 'POST', `/api/v2/teamformation/${run.token}/score`, {
      teams: [[hidden.user.id]],
    });
    expect(notSplit.statusCode).toBe(422);
  });
});

describe('member figures follow the same rule', () => {
  it('shows completion and profile figures only when every part they read is visible', async () => {
    const made = await createWorkspace(t, {
      members: { member: 1 },
      values: { paymentType: 'premium' },
    });
    const person = made.people.member[0];
    await call(person, 'POST', '/api/v2/core/user/skills', { skills: [{ name: 'Kept' }] });
    const base = `/api/v2/core/workspaces/${made.workspace.id}`;
    const completionOf = async (url: string) =>
      (await call(made.owner, 'GET', url))
        .json()
        .resource.users.find((u: { id: number }) => u.id === person.user.id)
        .profile_completion_percent;
    expect(await completionOf(`${base}/users/profile-completion`)).toEqual(expect.any(Number));

    await call(person, 'POST', '/api/v2/core/user/options', { view_skill: 'only_me' });
    expect(await completionOf(`${base}/users/profile-completion`)).toBeNull();
    expect(await completionOf(`${base}/performance-users`)).toBeNull();
    const page = await call(
      made.owner,
      'GET',
      `/api/v2/core/user/${person.user.id}/page-information`,
    );
    expect(page.json().resource.profile_completion_percent).toBeNull();
    const performance = await call(
      made.owner,
      'GET',
      `/api/v2/core/user/${person.user.id}/page-information/performance`,
    );
    const keys = performance.json().resource.metrics.map((m: { key: string }) => m.key);
    expect(keys).toContain('workspaces');
    expect(keys).not.toContain('skills');
    expect(keys).not.toContain('profile_completion_percent');
    const own = await call(
      person,
      'GET',
      `/api/v2/core/user/${person.user.id}/page-information/performance`,
    );
    expect(own.json().resource.metrics.map((m: { key: string }) => m.key)).toContain('skills');

    // The reminder goes by the visible steps alone, so its count tells nothing hidden.
    const remind = await call(made.owner, 'POST', `${base}/users/invite-complete-profile`, {
      user_ids: [person.user.id],
    });
    expect(remind.statusCode).toBe(200);
    expect(remind.json().resource.reminded).toBe(1);

    // Wrong role: a member may not read the members' figures.
    expect((await call(person, 'GET', `${base}/users/profile-completion`)).statusCode).toBe(403);
  });
});
