import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardViews,
  criteria,
  criteriaOptions,
  nameBanks,
  pins,
  schedules,
  tasks,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaceQuestions,
  workspaces,
  type WorkspaceRole,
} from '@server/db/schema';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * Every workspace route × every kind of caller: the allowed status, or the refusal and proof
 * that nothing changed. Outsiders get 404 everywhere, so ids reveal nothing.
 */
let t: TestApp;
const api = '/api/v2/core';

const ACTORS = [
  'supervisor',
  'owner',
  'admin',
  'member',
  'viewer',
  'deactive',
  'other',
  'signed_out',
] as const;
type Actor = (typeof ACTORS)[number];
type Person = Awaited<ReturnType<TestApp['createUser']>>;

const people = {} as Record<Exclude<Actor, 'signed_out'> | 'target', Person>;
let otherWorkspaceId: number;

/** Ids of the objects a case's workspace holds, for building request URLs. */
interface Ctx {
  workspaceId: number;
  criterionId: number;
  optionId: number;
  nameId: number;
  scheduleId: number;
  invitationId: number;
  boardViewId: number;
}

async function makeWorkspace(options: { archived?: boolean } = {}): Promise<Ctx> {
  const [workspace] = await t.db
    .insert(workspaces)
    .values({
      name: 'Matrix',
      workspaceType: 'course',
      createdBy: people.owner.user.id,
      ...(options.archived ? { status: 'archived', statusBeforeArchive: 'open' } : {}),
    })
    .returning();
  const roles: [Person, WorkspaceRole][] = [
    [people.owner, 'owner'],
    [people.admin, 'admin'],
    [people.member, 'member'],
    [people.viewer, 'viewer'],
    [people.deactive, 'deactive'],
    [people.target, 'member'],
  ];
  await t.db
    .insert(workspaceMembers)
    .values(roles.map(([p, role]) => ({ workspaceId: workspace.id, userId: p.user.id, role })));
  const [criterion] = await t.db
    .insert(criteria)
    .values({ workspaceId: workspace.id, type: 'task', name: 'Quality' })
    .returning();
  const [option] = await t.db
    .insert(criteriaOptions)
    .values({ criterionId: criterion.id, name: 'Good' })
    .returning();
  const [name] = await t.db
    .insert(nameBanks)
    .values({ workspaceId: workspace.id, type: 'team', name: 'Falcons' })
    .returning();
  const [schedule] = await t.db
    .insert(schedules)
    .values({
      workspaceId: workspace.id,
      name: 'Lectures',
      startsOn: '2030-01-01',
      endsOn: '2030-06-01',
      archivedAt: new Date(),
    })
    .returning();
  const [invitation] = await t.db
    .insert(workspaceInvitations)
    .values({
      workspaceId: workspace.id,
      email: `pending-${workspace.id}@example.com`,
      tokenHash: `hash-${workspace.id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [view] = await t.db
    .insert(boardViews)
    .values({ workspaceId: workspace.id, userId: people.owner.user.id, name: "Owner's view" })
    .returning();
  return {
    workspaceId: workspace.id,
    criterionId: criterion.id,
    optionId: option.id,
    nameId: name.id,
    scheduleId: schedule.id,
    invitationId: invitation.id,
    boardViewId: view.id,
  };
}

/** Everything a refused request could have touched. */
async function snapshot(ctx: Ctx) {
  const id = ctx.workspaceId;
  return {
    counts: await rowCounts(t.db),
    workspace: await t.db.select().from(workspaces).where(eq(workspaces.id, id)),
    members: await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, id))
      .orderBy(asc(workspaceMembers.id)),
    invitations: await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, id)),
    criteria: await t.db.select().from(criteria).where(eq(criteria.workspaceId, id)),
    options: await t.db
      .select()
      .from(criteriaOptions)
      .where(eq(criteriaOptions.criterionId, ctx.criterionId)),
    names: await t.db.select().from(nameBanks).where(eq(nameBanks.workspaceId, id)),
    pins: await t.db.select().from(pins).where(eq(pins.workspaceId, id)),
    schedules: await t.db.select().from(schedules).where(eq(schedules.workspaceId, id)),
    views: await t.db.select().from(boardViews).where(eq(boardViews.workspaceId, id)),
    questions: await t.db
      .select()
      .from(workspaceQuestions)
      .where(eq(workspaceQuestions.workspaceId, id)),
    lastActive: await t.db
      .select({ id: users.id, last: users.lastActiveWorkspaceId })
      .from(users)
      .where(
        inArray(
          users.id,
          Object.values(people).map((p) => p.user.id),
        ),
      )
      .orderBy(asc(users.id)),
  };
}

function csvForm() {
  const boundary = '----matrix-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\nemail\r\ncsv-person@example.com\r\n--${boundary}--\r\n`,
  };
}

interface RouteCase {
  name: string;
  request: (ctx: Ctx) => {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  };
  /** Roles allowed by the permission; supervisors are added unless told otherwise. */
  allowed: readonly Actor[];
  /** The status an allowed caller gets. */
  success?: number;
  archived?: boolean;
  /** Exact answers for callers whose answer is not the usual allowed/403/404/401. */
  overrides?: Partial<Record<Actor, number>>;
}

const MANAGERS = ['owner', 'admin'] as const;
const VIEWERS = ['owner', 'admin', 'member', 'viewer'] as const;
const ws = (ctx: Ctx, path = '') => `${api}/workspaces/${ctx.workspaceId}${path}`;

const ROUTES: RouteCase[] = [
  { name: 'get workspace', request: (c) => ({ method: 'GET', url: ws(c) }), allowed: VIEWERS },
  {
    name: 'update workspace',
    request: (c) => ({ method: 'PATCH', url: ws(c), payload: { name: 'Renamed' } }),
    allowed: MANAGERS,
  },
  {
    // A plan changes by a paid invoice (billing); only a supervisor sets it by hand.
    name: 'payment type',
    request: (c) => ({
      method: 'PATCH',
      url: ws(c, '/payment'),
      payload: { payment_type: 'premium' },
    }),
    allowed: [],
  },
  {
    name: 'schema colour',
    request: (c) => ({
      method: 'PUT',
      url: ws(c, '/schema'),
      payload: { schema: { color: '#123456' } },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'member access',
    request: (c) => ({
      method: 'PUT',
      url: ws(c, '/member-access'),
      payload: { member_access: { invite_members: true } },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'team formation strategies',
    request: (c) => ({ method: 'GET', url: ws(c, '/team-formation-strategies') }),
    allowed: VIEWERS,
  },
  {
    name: 'team formation strategy',
    request: (c) => ({
      method: 'PUT',
      url: ws(c, '/team-formation-strategy'),
      payload: { team_formation: 'personality' },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'archive',
    request: (c) => ({ method: 'POST', url: `${api}/workspaces/archive/${c.workspaceId}` }),
    allowed: MANAGERS,
  },
  {
    name: 'restore',
    archived: true,
    request: (c) => ({ method: 'POST', url: `${api}/workspaces/restore/${c.workspaceId}` }),
    allowed: MANAGERS,
  },
  {
    name: 'delete from the archive',
    archived: true,
    request: (c) => ({ method: 'DELETE', url: ws(c) }),
    allowed: ['owner'],
  },
  {
    name: 'leave',
    request: (c) => ({ method: 'DELETE', url: ws(c, '/leave') }),
    allowed: ['admin', 'member', 'viewer', 'deactive'],
    // The only owner cannot leave; a supervisor who is not a member has nothing to leave.
    overrides: { owner: 409, supervisor: 404 },
  },
  {
    name: 'modal information',
    request: (c) => ({ method: 'GET', url: ws(c, '/modal-information') }),
    allowed: VIEWERS,
  },
  {
    name: 'number of works',
    request: (c) => ({ method: 'GET', url: ws(c, '/number-of-works') }),
    allowed: VIEWERS,
  },
  {
    name: 'availability',
    request: (c) => ({ method: 'GET', url: ws(c, '/availability') }),
    allowed: VIEWERS,
  },
  {
    name: 'questions',
    request: (c) => ({ method: 'GET', url: ws(c, '/questions?type=onboarding') }),
    allowed: VIEWERS,
  },
  {
    name: 'save questions',
    request: (c) => ({
      method: 'PUT',
      url: ws(c, '/questions'),
      payload: { type: 'onboarding', questions: [{ text: 'Your major?' }] },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'board views',
    request: (c) => ({ method: 'GET', url: ws(c, '/board_views') }),
    allowed: VIEWERS,
  },
  {
    name: 'save a board view',
    request: (c) => ({ method: 'POST', url: ws(c, '/board_views'), payload: { name: 'Mine' } }),
    allowed: VIEWERS,
    success: 201,
  },
  {
    name: "edit someone's board view",
    request: (c) => ({
      method: 'PUT',
      url: `${api}/board_views/${c.boardViewId}`,
      payload: { name: 'Changed' },
    }),
    // Board views are personal: only the owner's own view here.
    allowed: ['owner'],
    overrides: { supervisor: 404, admin: 404, member: 404, viewer: 404 },
  },
  {
    name: "delete someone's board view",
    request: (c) => ({ method: 'DELETE', url: `${api}/board_views/${c.boardViewId}` }),
    allowed: ['owner'],
    overrides: { supervisor: 404, admin: 404, member: 404, viewer: 404 },
  },
  { name: 'members', request: (c) => ({ method: 'GET', url: ws(c, '/users') }), allowed: VIEWERS },
  {
    name: 'change a role',
    request: (c) => ({
      method: 'PUT',
      url: ws(c, `/users/${people.target.user.id}/change-role`),
      payload: { role: 'viewer' },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'remove a member',
    request: (c) => ({ method: 'DELETE', url: ws(c, `/users/${people.target.user.id}`) }),
    allowed: MANAGERS,
  },
  {
    name: 'profile completion',
    request: (c) => ({ method: 'GET', url: ws(c, '/users/profile-completion') }),
    allowed: MANAGERS,
  },
  {
    name: 'remind to complete profiles',
    request: (c) => ({
      method: 'POST',
      url: ws(c, '/users/invite-complete-profile'),
      payload: { user_ids: [people.target.user.id] },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'performance users (free plan)',
    request: (c) => ({ method: 'GET', url: ws(c, '/performance-users') }),
    // The plan gates the action for every role (the owner is offered the upgrade instead).
    allowed: [],
  },
  {
    name: 'invite by e-mail',
    request: (c) => ({
      method: 'POST',
      url: ws(c, '/invite'),
      payload: { invitations: [{ email: `invitee-${c.workspaceId}@example.com` }] },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'invite link',
    request: (c) => ({ method: 'GET', url: ws(c, '/invite') }),
    allowed: MANAGERS,
  },
  {
    name: 'reset the invite link',
    request: (c) => ({ method: 'POST', url: ws(c, '/invite/reset') }),
    allowed: MANAGERS,
  },
  {
    name: 'invited list',
    request: (c) => ({ method: 'GET', url: ws(c, '/invited-list') }),
    allowed: MANAGERS,
  },
  {
    name: 'revoke an invitation',
    request: (c) => ({ method: 'DELETE', url: ws(c, `/invitation/${c.invitationId}`) }),
    allowed: MANAGERS,
  },
  {
    name: 'resend an invitation',
    request: (c) => ({ method: 'POST', url: ws(c, `/invitation/${c.invitationId}/resend`) }),
    allowed: MANAGERS,
  },
  {
    name: 'invite with CSV',
    request: (c) => ({ method: 'POST', url: ws(c, '/invite-with-csv'), ...csvForm() }),
    allowed: MANAGERS,
  },
  {
    name: 'criteria',
    request: (c) => ({ method: 'GET', url: ws(c, '/criterias') }),
    allowed: VIEWERS,
  },
  {
    name: 'create a criterion',
    request: (c) => ({
      method: 'POST',
      url: ws(c, '/criterias'),
      payload: { type: 'objective', name: 'Impact', options: [{ name: 'High' }] },
    }),
    allowed: MANAGERS,
    success: 201,
  },
  {
    name: 'a criterion',
    request: (c) => ({ method: 'GET', url: `${api}/criterias/${c.criterionId}` }),
    allowed: VIEWERS,
  },
  {
    name: 'update a criterion',
    request: (c) => ({
      method: 'PUT',
      url: `${api}/criterias/${c.criterionId}`,
      payload: { name: 'Craft' },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'delete a criterion',
    request: (c) => ({ method: 'DELETE', url: `${api}/criterias/${c.criterionId}` }),
    allowed: MANAGERS,
  },
  {
    name: 'add criterion options',
    request: (c) => ({
      method: 'POST',
      url: `${api}/criterias/${c.criterionId}/options`,
      payload: { options: [{ name: 'Excellent' }] },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'delete a criterion option',
    request: (c) => ({
      method: 'DELETE',
      url: `${api}/criterias/${c.criterionId}/options/${c.optionId}`,
    }),
    allowed: MANAGERS,
  },
  {
    name: 'name bank',
    request: (c) => ({ method: 'GET', url: ws(c, '/bank_names?type=team') }),
    allowed: VIEWERS,
  },
  {
    name: 'add names',
    request: (c) => ({
      method: 'POST',
      url: ws(c, '/bank_names'),
      payload: { type: 'team', names: ['Owls'] },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'delete a name',
    request: (c) => ({ method: 'DELETE', url: `${api}/bank_names/${c.nameId}` }),
    allowed: MANAGERS,
  },
  {
    name: 'pins',
    request: (c) => ({ method: 'GET', url: `${api}/pins?workspace_id=${c.workspaceId}` }),
    allowed: VIEWERS,
  },
  {
    name: 'save general pins',
    request: (c) => ({
      method: 'POST',
      url: `${api}/pins`,
      payload: {
        workspace_id: c.workspaceId,
        list: 'general',
        pins: [{ reference_type: 'other', title: 'Syllabus', url: 'https://example.com' }],
      },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'save personal pins',
    request: (c) => ({
      method: 'POST',
      url: `${api}/pins`,
      payload: {
        workspace_id: c.workspaceId,
        list: 'personal',
        pins: [{ reference_type: 'other', title: 'Notes', url: 'https://example.com/n' }],
      },
    }),
    allowed: VIEWERS,
  },
  {
    name: 'workspace schedules',
    request: (c) => ({ method: 'GET', url: ws(c, '/schedules') }),
    allowed: VIEWERS,
  },
  {
    name: 'schedules of a workspace',
    request: (c) => ({ method: 'GET', url: `${api}/schedules?workspace_id=${c.workspaceId}` }),
    allowed: VIEWERS,
  },
  {
    name: 'create a schedule',
    request: (c) => ({
      method: 'POST',
      url: ws(c, '/schedules'),
      payload: {
        name: 'Labs',
        starts_on: '2030-02-01',
        ends_on: '2030-03-01',
        sessions: [{ weekday: 2, start_time: '09:00', end_time: '11:00' }],
      },
    }),
    allowed: MANAGERS,
    success: 201,
  },
  {
    name: 'a schedule',
    request: (c) => ({ method: 'GET', url: `${api}/schedules/${c.scheduleId}` }),
    allowed: VIEWERS,
  },
  {
    name: 'update a schedule',
    request: (c) => ({
      method: 'PUT',
      url: `${api}/schedules/${c.scheduleId}`,
      payload: { name: 'Lectures 2', starts_on: '2030-01-01', ends_on: '2030-07-01' },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'delete a schedule',
    request: (c) => ({ method: 'DELETE', url: `${api}/schedules/${c.scheduleId}` }),
    allowed: MANAGERS,
  },
  {
    name: 'delete several schedules',
    request: (c) => ({
      method: 'DELETE',
      url: `${api}/schedules`,
      payload: { ids: [c.scheduleId] },
    }),
    allowed: MANAGERS,
  },
  {
    name: 'restore a schedule',
    request: (c) => ({ method: 'PATCH', url: `${api}/schedules/${c.scheduleId}/restore-archive` }),
    allowed: MANAGERS,
  },
];

function expectedStatus(route: RouteCase, actor: Actor): number {
  const override = route.overrides?.[actor];
  if (override !== undefined) return override;
  if (actor === 'signed_out') return 401;
  if (actor === 'supervisor' || route.allowed.includes(actor)) return route.success ?? 200;
  if (actor === 'other') return 404;
  return 403;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of [
    'owner',
    'admin',
    'member',
    'viewer',
    'deactive',
    'target',
    'other',
  ] as const) {
    people[role] = await t.createUser({ firstName: role });
  }
  people.supervisor = await t.createUser({ firstName: 'supervisor', role: 'supervisor' });
  const [other] = await t.db
    .insert(workspaces)
    .values({ name: 'Elsewhere', workspaceType: 'general', createdBy: people.other.user.id })
    .returning();
  await t.db
    .insert(workspaceMembers)
    .values({ workspaceId: other.id, userId: people.other.user.id, role: 'owner' });
  otherWorkspaceId = other.id;
});
afterAll(() => t.close());

describe.each(ROUTES)('$name', (route) => {
  it.each(ACTORS)('answers %s as the table says', async (actor) => {
    const ctx = await makeWorkspace({ archived: route.archived });
    const request = route.request(ctx);
    const before = await snapshot(ctx);
    const response = await t.app.inject({
      ...request,
      payload: request.payload as string | object | undefined,
      headers: {
        ...(request.headers ?? {}),
        ...(actor === 'signed_out' ? {} : bearer(people[actor].token)),
      },
    });
    const expected = expectedStatus(route, actor);
    expect(response.statusCode, response.body).toBe(expected);
    if (expected >= 400) {
      expect(await snapshot(ctx)).toEqual(before);
      // A refusal names nothing of the workspace it refused.
      expect(response.body).not.toContain('Matrix');
    }
  });
});

describe("another workspace's objects through this workspace's routes", () => {
  it('are not found, change nothing and never appear in lists', async () => {
    const ctx = await makeWorkspace();
    const theirs = await makeWorkspace();
    const owner = bearer(people.owner.token);
    // The same owner runs both; only the workspace in the URL decides.
    const attempts = [
      { method: 'DELETE' as const, url: ws(ctx, `/invitation/${theirs.invitationId}`) },
      { method: 'POST' as const, url: ws(ctx, `/invitation/${theirs.invitationId}/resend`) },
    ];
    const before = await snapshot(theirs);
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: owner });
      expect(response.statusCode).toBe(404);
    }
    const outsiderId = people.other.user.id;
    const notMember = await t.app.inject({
      method: 'PUT',
      url: ws(ctx, `/users/${outsiderId}/change-role`),
      headers: owner,
      payload: { role: 'admin' },
    });
    expect(notMember.statusCode).toBe(404);
    const removeOutsider = await t.app.inject({
      method: 'DELETE',
      url: ws(ctx, `/users/${outsiderId}`),
      headers: owner,
    });
    expect(removeOutsider.statusCode).toBe(404);
    expect(await snapshot(theirs)).toEqual(before);

    // A pin can only point at a task of its own workspace.
    const [foreignTask] = await t.db
      .insert(tasks)
      .values({
        workspaceId: otherWorkspaceId,
        type: 'owner',
        name: 'Their task',
        createdBy: people.other.user.id,
      })
      .returning();
    const pin = await t.app.inject({
      method: 'POST',
      url: `${api}/pins`,
      headers: owner,
      payload: {
        workspace_id: ctx.workspaceId,
        list: 'general',
        pins: [{ reference_type: 'task', reference_id: foreignTask.id }],
      },
    });
    expect(pin.statusCode).toBe(422);
    const pinsAfter = await t.db.select().from(pins).where(eq(pins.workspaceId, ctx.workspaceId));
    expect(pinsAfter).toEqual([]);

    const lists = await Promise.all([
      t.app.inject({ method: 'GET', url: ws(ctx, '/criterias'), headers: owner }),
      t.app.inject({ method: 'GET', url: ws(ctx, '/schedules'), headers: owner }),
      t.app.inject({ method: 'GET', url: ws(ctx, '/invited-list'), headers: owner }),
      t.app.inject({ method: 'GET', url: ws(ctx, '/bank_names?type=team'), headers: owner }),
    ]);
    const body = lists.map((r) => r.body).join('\n');
    for (const id of [theirs.criterionId, theirs.scheduleId, theirs.invitationId, theirs.nameId]) {
      expect(body).not.toMatch(new RegExp(`"id":${id}[,}]`));
    }
    expect(body).not.toContain(`pending-${theirs.workspaceId}@`);
  });

  it('lists and menus only show the caller their own workspaces', async () => {
    const ctx = await makeWorkspace();
    const other = bearer(people.other.token);
    const list = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces?status=open`,
      headers: other,
    });
    const ids = list.json().resource.workspaces.map((w: { id: number }) => w.id);
    expect(ids).toEqual([otherWorkspaceId]);
    const menu = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/menu`,
      headers: other,
    });
    expect(menu.json().resource.workspaces.map((w: { id: number }) => w.id)).toEqual([
      otherWorkspaceId,
    ]);
    const common = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/common?user_id=${people.owner.user.id}`,
      headers: other,
    });
    expect(common.json().resource.workspaces).toEqual([]);
    const schedulesOfOthers = await t.app.inject({
      method: 'GET',
      url: `${api}/schedules?workspace_id=${ctx.workspaceId}`,
      headers: other,
    });
    expect(schedulesOfOthers.statusCode).toBe(404);
  });

  it('refuses every signed-out call outside the workspace routes too', async () => {
    for (const url of [
      `${api}/workspaces?status=open`,
      `${api}/workspaces/menu`,
      `${api}/menu`,
      `${api}/workspaces/common?user_id=1`,
      `${api}/workspaces/generalized`,
      `${api}/schedules`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const before = await rowCounts(t.db);
    const create = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces`,
      payload: { name: 'Nope', workspace_type: 'course' },
    });
    expect(create.statusCode).toBe(401);
    const join = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      payload: { token: 'whatever' },
    });
    expect(join.statusCode).toBe(401);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
