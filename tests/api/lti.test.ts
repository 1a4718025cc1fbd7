import { and, eq, lt } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ltiNonces,
  ltiPlatforms,
  userIdentities,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '@server/db/schema';
import { rotateKeys } from '@server/modules/lti';
import { publicJwks } from '@server/modules/lti/keys';
import { KEY_LIFETIME_MS, runLtiUpkeep } from '@server/modules/lti/upkeep';
import { forgetPlatformKeys } from '@server/modules/lti/platform-keys';
import { createWorkspace } from '../support/factories';
import {
  ROLE,
  startLtiPlatform,
  type LaunchOverrides,
  type LtiPlatform,
} from '../support/lti-platform';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let platform: LtiPlatform;
let supervisor: Awaited<ReturnType<TestApp['createUser']>>;
let pluginId: number;
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await createTestApp({ JOBS_RETRY_DELAY_SECONDS: '0', JOBS_POLL_SECONDS: '0.5' });
  const base = `${t.config.APP_URL}/api/v2/core/lti`;
  platform = await startLtiPlatform({
    toolJwks: async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v2/core/lti/jwks' })).json() as JSONWebKeySet,
    toolLaunchUrl: `${base}/launch`,
    toolLoginUrl: `${base}/login`,
  });
  platform.addUser({
    sub: 'teacher-1',
    email: 'teacher1@school.test',
    given_name: 'Lan',
    family_name: 'Tran',
    roles: [ROLE.instructor],
  });
  platform.addUser({
    sub: 'student-1',
    email: 'student1@school.test',
    given_name: 'Minh',
    family_name: 'Le',
    roles: [ROLE.learner],
  });
  platform.addUser({ sub: 'ta-1', email: 'ta1@school.test', roles: [ROLE.ta] });
  platform.addUser({ sub: 'mentor-1', roles: [ROLE.mentor] });
  supervisor = await t.createUser({ role: 'supervisor' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v2/core/plugins',
    headers: bearer(supervisor.token),
    payload: platform.pluginBody(),
  });
  expect(created.statusCode).toBe(201);
  pluginId = created.json().resource.id;
});
afterAll(async () => {
  await t.close();
  await platform.close();
});
beforeEach(() => {
  platform.state.next = {};
});

/** OIDC login initiation as the platform starts it, from the browser. */
async function login(user: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    iss: platform.issuer,
    login_hint: user,
    target_link_uri: `${t.config.APP_URL}/api/v2/core/lti/launch`,
    client_id: platform.clientId,
    lti_deployment_id: platform.deploymentId,
    ...extra,
  });
  const response = await t.app.inject({ method: 'GET', url: `/api/v2/core/lti/login?${query}` });
  expect(response.statusCode).toBe(302);
  const setCookie = String(response.headers['set-cookie']);
  expect(setCookie).toMatch(/SameSite=None/);
  expect(setCookie).toMatch(/Secure/);
  expect(setCookie).toMatch(/Partitioned/);
  return { location: String(response.headers.location), cookie: setCookie.split(';')[0] };
}

function postLaunch(form: { id_token: string; state: string }, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/core/lti/launch',
    headers: { ...FORM, ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(form).toString(),
  });
}

async function launch(user: string, overrides: LaunchOverrides = {}) {
  const { location, cookie } = await login(user);
  const answer = await platform.authenticate(location, overrides);
  return { response: await postLaunch(answer, cookie), answer, cookie };
}

async function process(location: string) {
  const target = new URL(location);
  const handle = target.hash.replace('#launch=', '');
  const id = target.pathname.split('/').pop();
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/core/lti/${id}/process`,
    payload: { launch: handle },
  });
}

async function launchAndProcess(user: string, overrides: LaunchOverrides = {}) {
  const { response } = await launch(user, overrides);
  expect(response.statusCode, response.body).toBe(303);
  const done = await process(String(response.headers.location));
  expect(done.statusCode, done.body).toBe(200);
  const body = done.json().resource;
  // The course's workspace on a plan with LTI (grades and roster are a paid feature).
  const id = /\/workspaces\/(\d+)/.exec(String(body.redirect))?.[1];
  if (id)
    await t.db
      .update(workspaces)
      .set({ paymentType: 'premium' })
      .where(eq(workspaces.id, Number(id)));
  return { token: String(done.headers['access-token']), body };
}

async function roleIn(workspaceId: number, email: string) {
  const [row] = await t.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(userIdentities, eq(userIdentities.userId, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(userIdentities.email, email)));
  return row?.role ?? null;
}

describe('plugins (spec 7.13)', () => {
  it('lists, reads, updates, archives and deletes; shows the tool URLs to copy', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/plugins',
      headers: bearer(supervisor.token),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json().resource;
    expect(body.plugins.map((p: { id: number }) => p.id)).toContain(pluginId);
    expect(body.tool_urls.login_url).toBe(`${t.config.APP_URL}/api/v2/core/lti/login`);
    expect(body.tool_urls.register_url).toMatch(/\/api\/v2\/core\/lti\/register\?t=/);

    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/plugins',
      headers: bearer(supervisor.token),
      payload: platform.pluginBody({ client_id: 'other-client', name: 'Other' }),
    });
    expect(extra.statusCode).toBe(201);
    const id = extra.json().resource.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/core/plugins/${id}`,
      headers: bearer(supervisor.token),
      payload: { name: 'Renamed', deployment_ids: ['a', 'b'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().resource).toMatchObject({ name: 'Renamed', deployment_ids: ['a', 'b'] });
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/plugins/${id}`,
      headers: bearer(supervisor.token),
    });
    expect(got.json().resource.name).toBe('Renamed');
    const archived = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/plugins/${id}/archive`,
      headers: bearer(supervisor.token),
    });
    expect(archived.json().resource.status).toBe('archived');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/plugins/${id}/archive`,
      headers: bearer(supervisor.token),
    });
    expect(again.statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/core/plugins/${id}`,
      headers: bearer(supervisor.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id))).toHaveLength(0);
  });

  it('a workspace owner manages their own plugins only; other people are refused', async () => {
    const { owner } = await createWorkspace(t);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/plugins',
      headers: bearer(owner.token),
      payload: platform.pluginBody({ client_id: 'owner-client' }),
    });
    expect(mine.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/plugins',
      headers: bearer(owner.token),
    });
    expect(list.json().resource.plugins.map((p: { client_id: string }) => p.client_id)).toEqual([
      'owner-client',
    ]);
    const others = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/plugins/${pluginId}`,
      headers: bearer(owner.token),
    });
    expect(others.statusCode).toBe(404);

    const plain = await t.createUser();
    const before = await rowCounts(t.db);
    for (const [method, url] of [
      ['GET', '/api/v2/core/plugins'],
      ['POST', '/api/v2/core/plugins'],
      ['GET', `/api/v2/core/plugins/${pluginId}`],
      ['PUT', `/api/v2/core/plugins/${pluginId}`],
      ['DELETE', `/api/v2/core/plugins/${pluginId}`],
      ['POST', `/api/v2/core/plugins/${pluginId}/archive`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...bearer(plain.token), 'accept-language': 'vi' },
        ...(method === 'POST' || method === 'PUT'
          ? { payload: platform.pluginBody({ client_id: 'x' }) }
          : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().messages[0]).toMatch(/chủ sở hữu/);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses bad input with field messages and a duplicate with 409, writing nothing', async () => {
    const before = await rowCounts(t.db);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/plugins',
      headers: bearer(supervisor.token),
      payload: { ...platform.pluginBody(), jwks_url: 'not a url', deployment_ids: [] },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/plugins',
      headers: bearer(supervisor.token),
      payload: platform.pluginBody(),
    });
    expect(duplicate.statusCode).toBe(409);
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/plugins/abc',
      headers: bearer(supervisor.token),
    });
    expect(badId.statusCode).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('launch', () => {
  it('an instructor lands in the course workspace as its owner, a learner as member', async () => {
    const teacher = await launchAndProcess('teacher-1');
    expect(teacher.body.user.email).toBe('teacher1@school.test');
    expect(teacher.body.redirect).toMatch(/^\/workspaces\/\d+$/);
    const workspaceId = Number(teacher.body.redirect.split('/').pop());
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(workspace).toMatchObject({ name: 'Intro to Computing', workspaceType: 'course' });
    expect(await roleIn(workspaceId, 'teacher1@school.test')).toBe('owner');
    // The token is a real session.
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/plugins`,
      headers: bearer(teacher.token),
    });
    expect(me.statusCode).toBe(200);

    const student = await launchAndProcess('student-1');
    expect(student.body.redirect).toBe(teacher.body.redirect);
    expect(await roleIn(workspaceId, 'student1@school.test')).toBe('member');
    const ta = await launchAndProcess('ta-1');
    expect(ta.body.redirect).toBe(teacher.body.redirect);
    expect(await roleIn(workspaceId, 'ta1@school.test')).toBe('admin');
    // Another role (a mentor, here without an e-mail claim) may look but not take part.
    const mentor = await launchAndProcess('mentor-1');
    expect(mentor.body.redirect).toBe(teacher.body.redirect);
    expect(mentor.body.user.email).toMatch(/@users\.teamloop\.invalid$/);
    expect(await roleIn(workspaceId, mentor.body.user.email)).toBe('viewer');

    // Later launches land in the same workspace, same account, no second workspace.
    const count = (await t.db.select().from(workspaces)).length;
    const back = await launchAndProcess('teacher-1');
    expect(back.body.redirect).toBe(teacher.body.redirect);
    expect(back.body.user.id).toBe(teacher.body.user.id);
    expect((await t.db.select().from(workspaces)).length).toBe(count);
  });

  it('the launch handle is spent once', async () => {
    const { response } = await launch('student-1');
    const first = await process(String(response.headers.location));
    expect(first.statusCode).toBe(200);
    const second = await process(String(response.headers.location));
    expect(second.statusCode).toBe(401);
  });

  async function refused(
    run: () => Promise<{ statusCode: number; body: string }>,
    status: number,
    code: string,
  ) {
    // Jobs queued by earlier launches (the roster reading) write on their own time: let them.
    await t.app.deps.jobs.drain();
    const before = await rowCounts(t.db);
    const response = await run();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).toContain(code);
    expect(await rowCounts(t.db)).toEqual(before);
    return response;
  }

  it('refuses a replayed nonce, writing nothing', async () => {
    const { response, answer, cookie } = await launch('student-1');
    expect(response.statusCode).toBe(303);
    await refused(() => postLaunch(answer, cookie), 401, 'replayed');
  });

  it('two simultaneous posts of one launch: exactly one passes', async () => {
    const { location, cookie } = await login('student-1');
    const answer = await platform.authenticate(location);
    const results = await Promise.all([
      postLaunch(answer, cookie),
      postLaunch(answer, cookie),
      postLaunch(answer, cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([303, 401, 401]);
  });

  it('refuses a token for another audience', async () => {
    const { location, cookie } = await login('student-1');
    const answer = await platform.authenticate(location, { claims: { aud: 'someone-else' } });
    await refused(() => postLaunch(answer, cookie), 401, 'invalid_token');
  });

  it('refuses several audiences without our azp', async () => {
    const { location, cookie } = await login('student-1');
    const answer = await platform.authenticate(location, {
      claims: { aud: [platform.clientId, 'other'], azp: 'other' },
    });
    await refused(() => postLaunch(answer, cookie), 401, 'invalid_token');
  });

  it('refuses a key the JWKS does not publish, after fetching the JWKS once more', async () => {
    await launchAndProcess('student-1'); // the JWKS is cached now
    const fetches = platform.state.jwksFetches;
    const { location, cookie } = await login('student-1');
    const answer = await platform.authenticate(location, { unpublishedKey: true });
    await refused(() => postLaunch(answer, cookie), 401, 'unknown_key');
    expect(platform.state.jwksFetches).toBe(fetches + 1);
    // Within the cool-down another unknown key id does not fetch again.
    const next = await login('student-1');
    const again = await platform.authenticate(next.location, { unpublishedKey: true });
    await refused(() => postLaunch(again, next.cookie), 401, 'unknown_key');
    expect(platform.state.jwksFetches).toBe(fetches + 1);
  });

  it('follows a platform key rotation: an unknown kid refetches the JWKS once and passes', async () => {
    forgetPlatformKeys();
    await launchAndProcess('student-1');
    await platform.rotateKeys();
    const fetches = platform.state.jwksFetches;
    await launchAndProcess('student-1');
    expect(platform.state.jwksFetches).toBe(fetches + 1);
  });

  it('refuses an expired token and one from the future as a clock problem', async () => {
    const old = await login('student-1');
    const expired = await platform.authenticate(old.location, { shiftSeconds: -1000 });
    await refused(() => postLaunch(expired, old.cookie), 401, 'clock_skew');
    const ahead = await login('student-1');
    const future = await platform.authenticate(ahead.location, { shiftSeconds: 600 });
    await refused(() => postLaunch(future, ahead.cookie), 401, 'clock_skew');
  });

  it('refuses an unknown deployment with a page that says what to do, in Vietnamese too', async () => {
    const { location, cookie } = await login('student-1');
    const answer = await platform.authenticate(location, {
      claims: { [`${LTI}deployment_id`]: 'nope' },
    });
    const response = await refused(() => postLaunch(answer, cookie), 400, 'unknown_deployment');
    expect(response.body).toContain('Settings &gt; Plugins');
    const vi = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/lti/login?iss=${encodeURIComponent('https://unknown.example')}&login_hint=x`,
      headers: { 'accept-language': 'vi' },
    });
    expect(vi.statusCode).toBe(400);
    expect(vi.body).toContain('Nền tảng học tập này chưa được đăng ký');
  });

  it('refuses a state that does not match the browser, and explains a blocked cookie', async () => {
    const mine = await login('student-1');
    const theirs = await login('student-1');
    const answer = await platform.authenticate(theirs.location);
    await refused(() => postLaunch(answer, mine.cookie), 400, 'state_mismatch');
    await refused(
      () => postLaunch({ ...answer, state: 'forged' }, theirs.cookie),
      400,
      'state_mismatch',
    );
    const blocked = await refused(() => postLaunch(answer), 400, 'cookie_blocked');
    expect(blocked.body).toContain('target="_blank"');
    expect(blocked.body).toContain('/api/v2/core/lti/login?iss=');
  });

  it('refuses a message type it does not handle, and another LTI version', async () => {
    const { location, cookie } = await login('student-1');
    const answer = await platform.authenticate(location, {
      claims: { [`${LTI}message_type`]: 'LtiSubmissionReviewRequest' },
    });
    await refused(() => postLaunch(answer, cookie), 400, 'unsupported_message');
    const v = await login('student-1');
    const old = await platform.authenticate(v.location, { claims: { [`${LTI}version`]: '1.1' } });
    await refused(() => postLaunch(old, v.cookie), 400, 'unsupported_message');
  });

  it('a learner of a course no teacher has opened yet is told to wait', async () => {
    const { location, cookie } = await login('student-1');
    const answer = await platform.authenticate(location, {
      claims: { [`${LTI}context`]: { id: 'course-new', title: 'New course' } },
    });
    await refused(() => postLaunch(answer, cookie), 409, 'course_not_ready');
  });

  it('an unknown issuer at login initiation gets the page for administrators', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/login',
      headers: FORM,
      payload: new URLSearchParams({ iss: 'https://nowhere.example', login_hint: 'x' }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('unknown_issuer');
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
  });
});

describe('services', () => {
  it('deep linking: the teacher picks a task and the platform accepts the signed response', async () => {
    const teacher = await launchAndProcess('teacher-1', {
      claims: {
        [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
        [`${LTI}resource_link`]: undefined,
        'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
          deep_link_return_url: `${platform.url}/deep-link-return`,
          accept_types: ['ltiResourceLink'],
          accept_presentation_document_targets: ['iframe', 'window'],
          data: 'opaque-123',
        },
      },
    });
    expect(teacher.body.deep_linking).not.toBeNull();
    const picked = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/deep-link',
      headers: bearer(teacher.token),
      payload: {
        launch_id: teacher.body.deep_linking.launch_id,
        items: [
          { type: 'task', id: 7, title: 'Week 1 essay' },
          { type: 'team_formation', title: 'Teams' },
        ],
      },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const { return_url: returnUrl, jwt } = picked.json().resource;
    expect(returnUrl).toBe(`${platform.url}/deep-link-return`);
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/deep-link/return',
      headers: FORM,
      payload: new URLSearchParams({
        launch_id: String(teacher.body.deep_linking.launch_id),
        JWT: jwt,
      }).toString(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="${returnUrl}"`);
    expect(page.headers['content-security-policy']).toContain(`form-action ${platform.url}`);
    const accepted = await fetch(returnUrl, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ JWT: jwt }),
    });
    expect(accepted.status).toBe(200);
    const claims = platform.state.deepLinks.at(-1)!;
    expect(claims['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('opaque-123');
    const items = claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as {
      title: string;
      type: string;
    }[];
    expect(items.map((i) => i.title)).toEqual(['Week 1 essay', 'Teams']);
    // Someone else cannot use the teacher's selection.
    const other = await t.createUser();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/deep-link',
      headers: bearer(other.token),
      payload: {
        launch_id: teacher.body.deep_linking.launch_id,
        items: [{ type: 'task', id: 1, title: 'x' }],
      },
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('a grade reaches the gradebook (line item created once), retried while the platform is down', async () => {
    const teacher = await launchAndProcess('teacher-1');
    const student = await launchAndProcess('student-1');
    const workspaceId = Number(teacher.body.redirect.split('/').pop());
    platform.state.failScores = 1;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/scores',
      headers: bearer(teacher.token),
      payload: {
        workspace_id: workspaceId,
        user_id: student.body.user.id,
        item: { type: 'task', id: 7 },
        label: 'Week 1 essay',
        score_given: 8,
        score_maximum: 10,
      },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await t.app.deps.jobs.drain();
    for (let i = 0; i < 40 && platform.state.scores.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      await t.app.deps.jobs.drain();
    }
    expect(platform.state.scores).toHaveLength(1);
    expect(platform.state.scores[0].body).toMatchObject({
      userId: 'student-1',
      scoreGiven: 8,
      scoreMaximum: 10,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(platform.state.lineItems.filter((i) => i.resourceId === 'task:7')).toHaveLength(1);
    expect(platform.state.tokenRequests.at(-1)!.scope).toContain('lti-ags/scope/score');

    // A learner may not send grades.
    const refusedScore = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/scores',
      headers: bearer(student.token),
      payload: {
        workspace_id: workspaceId,
        user_id: student.body.user.id,
        item: { type: 'task', id: 7 },
        label: 'x',
        score_given: 10,
        score_maximum: 10,
      },
    });
    expect(refusedScore.statusCode).toBe(403);
    const badScore = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/scores',
      headers: bearer(teacher.token),
      payload: { workspace_id: workspaceId, score_given: -1 },
    });
    expect(badScore.statusCode).toBe(422);
  });

  it('a reviewed task of the course reaches the gradebook on its own', async () => {
    const teacher = await launchAndProcess('teacher-1');
    const student = await launchAndProcess('student-1');
    const workspaceId = Number(teacher.body.redirect.split('/').pop());
    const core = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v2/core${url}`, headers: bearer(token), payload });
    const created = await core(teacher.token, 'POST', `/workspaces/${workspaceId}/tasks-by-owner`, {
      name: 'Lab report 2',
      user_ids: [student.body.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json().resource.task;
    const form = { answer: 'My report.' };
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/tasks/${task.id}/submit`,
      headers: { ...bearer(student.token), 'content-type': 'multipart/form-data; boundary=X' },
      payload: `--X\r\nContent-Disposition: form-data; name="answer"\r\n\r\n${form.answer}\r\n--X--\r\n`,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const unit = submitted.json().resource.task.assignments[0].id;
    const before = platform.state.scores.length;
    const accepted = await core(teacher.token, 'POST', `/tasks/${task.id}/close-by-reviewer`, {
      assignment_id: unit,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (let i = 0; i < 40 && platform.state.scores.length === before; i += 1) {
      await t.app.deps.jobs.drain();
      await new Promise((r) => setTimeout(r, 100));
    }
    const score = platform.state.scores.at(-1)!;
    expect(platform.state.scores).toHaveLength(before + 1);
    expect(score.body).toMatchObject({ userId: 'student-1', scoreGiven: 1, scoreMaximum: 1 });
    expect(platform.state.lineItems.some((i) => i.resourceId === `task:${task.id}`)).toBe(true);
  });

  it('an assessment a student handed in completely reaches the gradebook on its own', async () => {
    const teacher = await launchAndProcess('teacher-1');
    const student = await launchAndProcess('student-1');
    const workspaceId = Number(teacher.body.redirect.split('/').pop());
    const core = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v2/core${url}`, headers: bearer(token), payload });
    const created = await core(teacher.token, 'POST', `/workspaces/${workspaceId}/assessments`, {
      name: 'Lab self-review',
      type: 'general',
      questions: [{ kind: 'rating', title: 'I prepared well', options: { scale: 5 } }],
      who: { rules: ['self'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const assessment = created.json().resource.assessment;
    const mine = await core(student.token, 'GET', `/assessments/${assessment.id}/questions`);
    expect(mine.statusCode, mine.body).toBe(200);
    const { evaluables, questions } = mine.json().resource;
    expect(evaluables).toHaveLength(1);
    const before = platform.state.scores.length;
    // A draft is no hand-in: nothing goes to the gradebook.
    const draft = await core(student.token, 'POST', `/assessments/${assessment.id}/questions`, {
      evaluable_id: evaluables[0].id,
      submit: false,
      answers: [{ question_id: questions[0].id, rating: 4 }],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    await t.app.deps.jobs.drain();
    expect(platform.state.scores).toHaveLength(before);
    const handedIn = await core(student.token, 'POST', `/assessments/${assessment.id}/questions`, {
      evaluable_id: evaluables[0].id,
      submit: true,
      answers: [{ question_id: questions[0].id, rating: 4 }],
    });
    expect(handedIn.statusCode, handedIn.body).toBe(200);
    for (let i = 0; i < 40 && platform.state.scores.length === before; i += 1) {
      await t.app.deps.jobs.drain();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(platform.state.scores).toHaveLength(before + 1);
    const score = platform.state.scores.at(-1)!;
    expect(score.body).toMatchObject({ userId: 'student-1', scoreGiven: 1, scoreMaximum: 1 });
    expect(
      platform.state.lineItems.some((i) => i.resourceId === `assessment:${assessment.id}`),
    ).toBe(true);
  });

  it('the roster arrives as invitations', async () => {
    platform.addUser({ sub: 'student-2', email: 'student2@school.test', roles: [ROLE.learner] });
    platform.addUser({ sub: 'student-3', email: 'student3@school.test', roles: [ROLE.learner] });
    const teacher = await launchAndProcess('teacher-1');
    const workspaceId = Number(teacher.body.redirect.split('/').pop());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/roster',
      headers: bearer(teacher.token),
      payload: { workspace_id: workspaceId },
    });
    // The reading is a job (tests/api/lti-roster.test.ts has the rest).
    expect(response.statusCode, response.body).toBe(202);
    await t.app.deps.jobs.drain();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/lti/roster?workspace_id=${workspaceId}`,
      headers: bearer(teacher.token),
    });
    expect(status.json().resource.latest.status).toBe('done');
    expect(status.json().resource.latest.invited).toBeGreaterThanOrEqual(2);
    const invitations = await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, workspaceId));
    expect(invitations.map((i) => i.email)).toEqual(
      expect.arrayContaining(['student2@school.test', 'student3@school.test']),
    );
    expect(invitations.find((i) => i.email === 'student2@school.test')!.role).toBe('member');
    // Launching takes up the invitation.
    await launchAndProcess('student-2');
    const [taken] = await t.db
      .select()
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          eq(workspaceInvitations.email, 'student2@school.test'),
        ),
      );
    expect(taken.acceptedAt).not.toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/lti/roster',
      headers: bearer(teacher.token),
      payload: { workspace_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('dynamic registration against the platform registration endpoint', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/plugins',
      headers: bearer(supervisor.token),
    });
    const registerUrl = new URL(list.json().resource.tool_urls.register_url);
    const query = new URLSearchParams({
      openid_configuration: `${platform.url}/.well-known/openid-configuration`,
      registration_token: platform.registrationToken,
      t: registerUrl.searchParams.get('t')!,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/lti/register?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('org.imsglobal.lti.close');
    const registration = platform.state.registrations.at(-1)!;
    expect(registration.initiate_login_uri).toBe(`${t.config.APP_URL}/api/v2/core/lti/login`);
    const [row] = await t.db
      .select()
      .from(ltiPlatforms)
      .where(eq(ltiPlatforms.clientId, 'registered-1'));
    expect(row).toMatchObject({
      issuer: platform.issuer,
      deploymentIds: ['registered-deployment-1'],
      jwksUrl: `${platform.url}/jwks`,
      ownerId: supervisor.user.id,
    });
    const before = await rowCounts(t.db);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/lti/register?${new URLSearchParams({ openid_configuration: `${platform.url}/.well-known/openid-configuration`, t: 'forged' })}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('registration_failed');
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('our JWKS publishes the current key and, after rotation, the previous one', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/v2/core/lti/jwks' })).json();
    expect(first.keys.length).toBeGreaterThanOrEqual(1);
    expect(first.keys[0]).not.toHaveProperty('d');
    await rotateKeys(t.db);
    const second = (await t.app.inject({ method: 'GET', url: '/api/v2/core/lti/jwks' })).json();
    expect(second.keys).toHaveLength(first.keys.length + 1);
    expect(second.keys.map((k: { kid: string }) => k.kid)).toContain(first.keys[0].kid);
  });

  it('daily upkeep rotates our key once it is 90 days old and sweeps spent nonces', async () => {
    const kidsBefore = (await publicJwks(t.db)).keys.map((k) => k.kid);
    expect((await runLtiUpkeep(t.db)).rotated).toBe(false);
    expect((await publicJwks(t.db)).keys.map((k) => k.kid)).toEqual(kidsBefore);

    const later = new Date(Date.now() + KEY_LIFETIME_MS + 1000);
    expect((await runLtiUpkeep(t.db, later)).rotated).toBe(true);
    const after = (await publicJwks(t.db)).keys.map((k) => k.kid);
    expect(after).toHaveLength(kidsBefore.length + 1);
    expect(after).toEqual(expect.arrayContaining(kidsBefore));
    expect(await t.db.select().from(ltiNonces).where(lt(ltiNonces.expiresAt, later))).toEqual([]);
  });
});
