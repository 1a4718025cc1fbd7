import { and, eq } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ltiContexts,
  ltiRosterSyncs,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '@server/db/schema';
import { queueRosterSync } from '@server/modules/lti/roster';
import { createWorkspace } from '../support/factories';
import {
  ROLE,
  startLtiPlatform,
  type LaunchOverrides,
  type LtiPlatform,
} from '../support/lti-platform';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let platform: LtiPlatform;
let supervisor: Awaited<ReturnType<TestApp['createUser']>>;
let pluginId: number;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const NRPS = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

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
  platform.addUser({ sub: 'student-1', email: 'student1@school.test', roles: [ROLE.learner] });
  platform.addUser({ sub: 'student-2', email: 'student2@school.test', roles: [ROLE.learner] });
  platform.addUser({ sub: 'ta-1', email: 'ta1@school.test', roles: [ROLE.ta] });
  // Shared without an address: they can only join by launching.
  platform.addUser({ sub: 'student-x', roles: [ROLE.learner] });
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

async function launchAndProcess(user: string, overrides: LaunchOverrides = {}) {
  const query = new URLSearchParams({
    iss: platform.issuer,
    login_hint: user,
    target_link_uri: `${t.config.APP_URL}/api/v2/core/lti/launch`,
    client_id: platform.clientId,
    lti_deployment_id: platform.deploymentId,
  });
  const login = await t.app.inject({ method: 'GET', url: `/api/v2/core/lti/login?${query}` });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const answer = await platform.authenticate(String(login.headers.location), overrides);
  const launched = await t.app.inject({
    method: 'POST',
    url: '/api/v2/core/lti/launch',
    headers: { ...FORM, cookie },
    payload: new URLSearchParams({ id_token: answer.id_token, state: answer.state }).toString(),
  });
  expect(launched.statusCode, launched.body).toBe(303);
  const target = new URL(String(launched.headers.location));
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/v2/core/lti/${target.pathname.split('/').pop()}/process`,
    payload: { launch: target.hash.replace('#launch=', '') },
  });
  expect(done.statusCode, done.body).toBe(200);
  const body = done.json().resource;
  return {
    token: String(done.headers['access-token']),
    body,
    workspaceId: Number(body.redirect.split('/').pop()),
  };
}

const syncsOf = (workspaceId: number) =>
  t.db.select().from(ltiRosterSyncs).where(eq(ltiRosterSyncs.workspaceId, workspaceId));
const invitedIn = async (workspaceId: number) =>
  (
    await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, workspaceId))
  ).map((i) => i.email);

function bringIn(token: string, workspaceId: unknown, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/core/lti/roster',
    headers: { ...bearer(token), language },
    payload: { workspace_id: workspaceId },
  });
}
function rosterStatus(token: string, workspaceId: unknown, language = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `/api/v2/core/lti/roster?workspace_id=${String(workspaceId)}`,
    headers: { ...bearer(token), language },
  });
}
async function addMember(workspaceId: number, role: 'admin' | 'member') {
  const person = await t.createUser();
  await t.db.insert(workspaceMembers).values({ workspaceId, userId: person.user.id, role });
  return person;
}

let teacher: Awaited<ReturnType<typeof launchAndProcess>>;
let workspaceId: number;

describe('a teacher launch brings the class in', () => {
  it('the first launch queues the job; the class is invited before anyone else launches', async () => {
    teacher = await launchAndProcess('teacher-1');
    workspaceId = teacher.workspaceId;
    const [queued] = await syncsOf(workspaceId);
    expect(queued).toMatchObject({ trigger: 'launch', requestedBy: teacher.body.user.id });
    await t.app.deps.jobs.drain();
    const [sync] = await syncsOf(workspaceId);
    expect(sync).toMatchObject({ status: 'done', invited: 3, added: 0, withoutEmail: 1 });
    expect(await invitedIn(workspaceId)).toEqual(
      expect.arrayContaining(['student1@school.test', 'student2@school.test', 'ta1@school.test']),
    );
    const invitations = await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, workspaceId));
    expect(invitations.find((i) => i.email === 'ta1@school.test')!.role).toBe('admin');
    expect(invitations.find((i) => i.email === 'student1@school.test')!.role).toBe('member');

    // The People page reads the same, in the reader's language.
    const status = await rosterStatus(teacher.token, workspaceId, 'vi');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().resource).toMatchObject({
      course: { platform_name: 'Stand-in LMS', blocked: null },
      latest: { status: 'done', trigger: 'launch', invited: 3, without_email: 1, error: null },
    });
  });

  it('a later launch within the interval queues none, a learner launch none, after it one', async () => {
    await launchAndProcess('teacher-1');
    await launchAndProcess('student-1');
    expect(await syncsOf(workspaceId)).toHaveLength(1);
    // Seven hours later (the interval is six), the teacher's launch reads the roster again.
    await t.db
      .update(ltiRosterSyncs)
      .set({ createdAt: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(ltiRosterSyncs.workspaceId, workspaceId));
    platform.addUser({ sub: 'student-3', email: 'student3@school.test', roles: [ROLE.learner] });
    await launchAndProcess('teacher-1');
    await t.app.deps.jobs.drain();
    const syncs = await syncsOf(workspaceId);
    expect(syncs).toHaveLength(2);
    const latest = syncs.sort((a, b) => b.id - a.id)[0];
    // The teacher and student-1 are members, student-2 and the TA invited: only student-3 is new.
    expect(latest).toMatchObject({ status: 'done', trigger: 'launch', invited: 1, skipped: 4 });
    expect(await invitedIn(workspaceId)).toContain('student3@school.test');
  });
});

describe('the button: POST core/lti/roster', () => {
  it('queues the job and answers the reading; a second click joins it; the result shows', async () => {
    platform.addUser({ sub: 'student-4', email: 'student4@school.test', roles: [ROLE.learner] });
    const first = await bringIn(teacher.token, workspaceId);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().resource).toMatchObject({ status: 'queued', trigger: 'button' });
    const second = await bringIn(teacher.token, workspaceId);
    expect(second.statusCode).toBe(202);
    expect(second.json().resource.id).toBe(first.json().resource.id);
    await t.app.deps.jobs.drain();
    const status = await rosterStatus(teacher.token, workspaceId);
    expect(status.json().resource.latest).toMatchObject({
      id: first.json().resource.id,
      status: 'done',
      invited: 1,
    });
    expect(await invitedIn(workspaceId)).toContain('student4@school.test');
  });

  it('refuses a member (403), an outsider (404), bad input (422), an archived workspace (409)', async () => {
    const member = await addMember(workspaceId, 'member');
    expect((await bringIn(member.token, workspaceId)).statusCode).toBe(403);
    expect((await rosterStatus(member.token, workspaceId)).statusCode).toBe(403);
    const outsider = await t.createUser();
    expect((await bringIn(outsider.token, workspaceId)).statusCode).toBe(404);
    expect((await rosterStatus(outsider.token, workspaceId)).statusCode).toBe(404);
    for (const bad of ['x', -1, null, 1.5]) {
      const response = await bringIn(teacher.token, bad);
      expect(response.statusCode, String(bad)).toBe(422);
    }
    expect((await rosterStatus(teacher.token, 'x')).statusCode).toBe(422);

    await t.db.update(workspaces).set({ status: 'archived' }).where(eq(workspaces.id, workspaceId));
    const before = (await syncsOf(workspaceId)).length;
    try {
      const archived = await bringIn(teacher.token, workspaceId, 'vi');
      expect(archived.statusCode).toBe(409);
      expect(archived.json().messages[0]).not.toMatch(/workspaces:/);
      // Reading the status stays open, for the page of an archived workspace.
      expect((await rosterStatus(teacher.token, workspaceId)).statusCode).toBe(200);
    } finally {
      await t.db.update(workspaces).set({ status: 'open' }).where(eq(workspaces.id, workspaceId));
    }
    expect(await syncsOf(workspaceId)).toHaveLength(before);
  });

  it('a workspace not linked to a course: 409 not_linked, and the page shows no button', async () => {
    const { workspace: other, owner } = await createWorkspace(t);
    const response = await bringIn(owner.token, other.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('not_linked');
    const status = await rosterStatus(owner.token, other.id);
    expect(status.json().resource).toEqual({ course: null, latest: null });
  });

  it('says so when the plugin is not approved, or the platform did not grant the roster', async () => {
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/plugins/${pluginId}/revoke-approval`,
      headers: bearer(supervisor.token),
    });
    expect(revoke.statusCode).toBe(200);
    try {
      const refused = await bringIn(teacher.token, workspaceId, 'vi');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('plugin_not_approved');
      expect(refused.json().messages[0]).toContain('Stand-in LMS');
      expect(refused.json().messages[0]).toMatch(/chưa được duyệt/);
      const status = await rosterStatus(teacher.token, workspaceId);
      expect(status.json().resource.course.blocked.code).toBe('plugin_not_approved');
    } finally {
      await t.app.inject({
        method: 'POST',
        url: `/api/v2/core/plugins/${pluginId}/approve`,
        headers: bearer(supervisor.token),
      });
    }

    // A launch without the NRPS claim: the course no longer offers its roster.
    const before = (await syncsOf(workspaceId)).length;
    const again = await launchAndProcess('teacher-1', { claims: { [NRPS]: undefined } });
    const refused = await bringIn(again.token, workspaceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('roster_not_granted');
    expect(refused.json().messages[0]).toMatch(/Names and Role Provisioning/);
    const status = await rosterStatus(again.token, workspaceId);
    expect(status.json().resource.course.blocked.code).toBe('roster_not_granted');
    expect(await syncsOf(workspaceId)).toHaveLength(before);
    // The next launch with the claim offers it again.
    await launchAndProcess('teacher-1');
    expect((await rosterStatus(again.token, workspaceId)).json().resource.course.blocked).toBe(
      null,
    );
  });
});

describe('the job refuses what the person who asked could not do', () => {
  async function queueFor(userId: number) {
    const [context] = await t.db
      .select()
      .from(ltiContexts)
      .where(eq(ltiContexts.workspaceId, workspaceId));
    const sync = await t.db.transaction((tx) => queueRosterSync(tx, context, userId, 'button'));
    await t.app.deps.jobs.drain();
    const [row] = await t.db.select().from(ltiRosterSyncs).where(eq(ltiRosterSyncs.id, sync.id));
    return row;
  }

  it('a member: failed, forbidden; an outsider: failed, not found', async () => {
    const invitationsBefore = await invitedIn(workspaceId);
    const member = await addMember(workspaceId, 'member');
    expect(await queueFor(member.user.id)).toMatchObject({
      status: 'failed',
      errorCode: 'forbidden',
      invited: null,
    });
    const outsider = await t.createUser();
    expect(await queueFor(outsider.user.id)).toMatchObject({
      status: 'failed',
      errorCode: 'not_found',
    });
    expect(await invitedIn(workspaceId)).toEqual(invitationsBefore);
  });

  it('an admin who asked before the workspace was archived: failed, with the message', async () => {
    const admin = await addMember(workspaceId, 'admin');
    await t.db.update(workspaces).set({ status: 'archived' }).where(eq(workspaces.id, workspaceId));
    try {
      const row = await queueFor(admin.user.id);
      expect(row).toMatchObject({ status: 'failed', errorCode: 'conflict' });
      const status = await rosterStatus(admin.token, workspaceId);
      expect(status.json().resource.latest).toMatchObject({
        status: 'failed',
        error: { code: 'conflict' },
      });
      expect(status.json().resource.latest.error.message).not.toMatch(/workspaces:/);
    } finally {
      await t.db.update(workspaces).set({ status: 'open' }).where(eq(workspaces.id, workspaceId));
    }
    // Once restored, the admin's own click works.
    const response = await bringIn(admin.token, workspaceId);
    expect(response.statusCode).toBe(202);
    await t.app.deps.jobs.drain();
    const [done] = await t.db
      .select()
      .from(ltiRosterSyncs)
      .where(and(eq(ltiRosterSyncs.id, response.json().resource.id)));
    expect(done.status).toBe('done');
  });
});

describe('a platform that is down', () => {
  /** Waits for a reading to end: a retry is due a moment after the failed try. */
  async function settled(id: number) {
    for (let i = 0; i < 60; i += 1) {
      await t.app.deps.jobs.drain();
      const [row] = await t.db.select().from(ltiRosterSyncs).where(eq(ltiRosterSyncs.id, id));
      if (row.status === 'done' || row.status === 'failed') return row;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`reading ${id} did not end`);
  }

  it('is tried again; one down for every try ends failed, with the reason shown', async () => {
    platform.state.failRoster = 1;
    const retried = await bringIn(teacher.token, workspaceId);
    expect(retried.statusCode).toBe(202);
    expect((await settled(retried.json().resource.id)).status).toBe('done');
    expect(platform.state.failRoster).toBe(0);

    platform.state.failRoster = 100;
    try {
      const down = await bringIn(teacher.token, workspaceId, 'vi');
      await settled(down.json().resource.id);
      const status = await rosterStatus(teacher.token, workspaceId, 'vi');
      expect(status.json().resource.latest).toMatchObject({
        id: down.json().resource.id,
        status: 'failed',
        error: { code: 'roster_unavailable' },
      });
      expect(status.json().resource.latest.error.message).toMatch(/Stand-in LMS/);
    } finally {
      platform.state.failRoster = 0;
    }
  });

  it('a reading lost long ago reads as failed and no longer blocks the button', async () => {
    const [context] = await t.db
      .select()
      .from(ltiContexts)
      .where(eq(ltiContexts.workspaceId, workspaceId));
    const [lost] = await t.db
      .insert(ltiRosterSyncs)
      .values({
        contextId: context.id,
        workspaceId,
        requestedBy: teacher.body.user.id,
        trigger: 'button',
        status: 'running',
        createdAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    const status = await rosterStatus(teacher.token, workspaceId);
    expect(status.json().resource.latest).toMatchObject({
      id: lost.id,
      status: 'failed',
      error: { code: 'roster_failed' },
    });
    const fresh = await bringIn(teacher.token, workspaceId);
    expect(fresh.statusCode).toBe(202);
    expect(fresh.json().resource.id).not.toBe(lost.id);
    await t.app.deps.jobs.drain();
  });
});
