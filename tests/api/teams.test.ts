import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, workspaces } from '@server/db/schema';
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
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/v2/core${url}`,
    headers: { ...bearer(person.token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function refusedWithoutWriting(
  action: () => Promise<{ statusCode: number; json: () => { code?: string } }>,
  status: number,
) {
  const before = await rowCounts(t.db);
  const response = await action();
  expect(response.statusCode).toBe(status);
  expect(await rowCounts(t.db)).toEqual(before);
  return response;
}

async function cohort() {
  const made = await createWorkspace(t, { members: { admin: 1, member: 6, viewer: 1 } });
  return {
    ...made,
    owner: made.owner,
    admin: made.people.admin[0],
    members: made.people.member,
    viewer: made.people.viewer[0],
    outsider: await t.createUser(),
  };
}

describe('teams of a workspace', () => {
  it('creates, lists, changes and soft-deletes teams; roles decide who may', async () => {
    const w = await cohort();
    const [a, b, c] = w.members;
    const created = await call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
      name: 'Blue',
      member_ids: [a.user.id, b.user.id],
    });
    expect(created.statusCode).toBe(200);
    const team = created.json().resource.team;
    expect(team).toMatchObject({ name: 'Blue', self_team: false, members_count: 2 });

    const seenByA = await call(a, 'GET', `/workspaces/${w.workspace.id}/teams`);
    expect(seenByA.json().resource.teams).toHaveLength(1);
    expect(seenByA.json().resource.user_team.id).toBe(team.id);
    expect(seenByA.json().resource.user_team.abilities).toMatchObject({
      update: false,
      delete: false,
      leave: true,
    });
    const seenByC = await call(c, 'GET', `/workspaces/${w.workspace.id}/teams`);
    expect(seenByC.json().resource.user_team).toBeNull();
    expect((await call(w.viewer, 'GET', `/teams/${team.id}`)).statusCode).toBe(200);
    expect((await call(w.outsider, 'GET', `/teams/${team.id}`)).statusCode).toBe(404);
    expect((await call(w.outsider, 'GET', `/workspaces/${w.workspace.id}/teams`)).statusCode).toBe(
      404,
    );

    await refusedWithoutWriting(
      () => call(c, 'POST', `/workspaces/${w.workspace.id}/teams`, { name: 'Mine' }),
      403,
    );
    await refusedWithoutWriting(
      () => call(w.viewer, 'POST', `/workspaces/${w.workspace.id}/teams`, { name: 'Mine' }),
      403,
    );
    await refusedWithoutWriting(
      () => call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, { name: '' }),
      422,
    );
    await refusedWithoutWriting(
      () =>
        call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
          name: 'Watchers',
          member_ids: [w.viewer.user.id],
        }),
      422,
    );
    await refusedWithoutWriting(
      () =>
        call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
          name: 'Twice',
          member_ids: [a.user.id],
        }),
      409,
    );

    await refusedWithoutWriting(() => call(a, 'PATCH', `/teams/${team.id}`, { name: 'Red' }), 403);
    await refusedWithoutWriting(
      () => call(w.admin, 'PATCH', `/teams/${team.id}`, { max_members: 0 }),
      422,
    );
    const renamed = await call(w.admin, 'PATCH', `/teams/${team.id}`, {
      name: 'Red',
      subscribable: true,
    });
    expect(renamed.json().resource.team).toMatchObject({ name: 'Red', subscribable: true });

    await refusedWithoutWriting(() => call(a, 'DELETE', `/teams/${team.id}`), 403);
    expect((await call(w.owner, 'DELETE', `/teams/${team.id}`)).statusCode).toBe(200);
    expect((await call(w.owner, 'GET', `/teams/${team.id}`)).statusCode).toBe(404);
    const after = await call(a, 'GET', `/workspaces/${w.workspace.id}/teams`);
    expect(after.json().resource).toEqual({ teams: [], user_team: null });
    const stamped = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(stamped.every((row) => row.deletedAt !== null)).toBe(true);
  });

  it('lets members make their own team when allowed, lead it, leave it and delete it', async () => {
    const w = await cohort();
    const [a, b] = w.members;
    await t.db
      .update(workspaces)
      .set({ memberAccess: { create_own_team: true } })
      .where(eq(workspaces.id, w.workspace.id));
    const own = await call(a, 'POST', `/workspaces/${w.workspace.id}/teams`, { name: 'Owls' });
    expect(own.statusCode).toBe(200);
    const team = own.json().resource.team;
    expect(team).toMatchObject({ self_team: true, members_count: 1 });
    expect(team.members[0]).toMatchObject({ id: a.user.id, role: 'leader' });
    expect(team.abilities).toMatchObject({ update: true, delete_by_member: true, delete: false });
    await refusedWithoutWriting(
      () => call(a, 'POST', `/workspaces/${w.workspace.id}/teams`, { name: 'Second' }),
      409,
    );
    await refusedWithoutWriting(
      () =>
        call(a, 'POST', `/workspaces/${w.workspace.id}/teams`, {
          name: 'Packed',
          member_ids: [b.user.id],
        }),
      403,
    );

    await call(w.owner, 'POST', `/teams/${team.id}/subscribing-by-owner`, { user_id: b.user.id });
    await refusedWithoutWriting(() => call(b, 'DELETE', `/teams/${team.id}/by-member`), 403);
    // The leader leaves: the lead passes on.
    expect((await call(a, 'POST', `/teams/${team.id}/leave`)).statusCode).toBe(200);
    const now = await call(b, 'GET', `/teams/${team.id}`);
    expect(now.json().resource.team.members).toEqual([
      expect.objectContaining({ id: b.user.id, role: 'leader' }),
    ]);
    await refusedWithoutWriting(() => call(a, 'POST', `/teams/${team.id}/leave`), 409);
    expect((await call(b, 'DELETE', `/teams/${team.id}/by-member`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `/teams/${team.id}`)).statusCode).toBe(404);
  });

  it('sets members, moves people only when told to, and signs up to open teams', async () => {
    const w = await cohort();
    const [a, b, c, d] = w.members;
    const blue = (
      await call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
        name: 'Blue',
        member_ids: [a.user.id],
      })
    ).json().resource.team;
    const green = (
      await call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
        name: 'Green',
        subscribable: true,
        max_members: 2,
      })
    ).json().resource.team;

    await refusedWithoutWriting(
      () => call(w.owner, 'PUT', `/teams/${green.id}/members`, { user_ids: [a.user.id] }),
      409,
    );
    await refusedWithoutWriting(
      () => call(a, 'PUT', `/teams/${green.id}/members`, { user_ids: [b.user.id] }),
      403,
    );
    await refusedWithoutWriting(
      () =>
        call(w.owner, 'PUT', `/teams/${green.id}/members`, { user_ids: [b.user.id, b.user.id] }),
      422,
    );
    const moved = await call(w.owner, 'PUT', `/teams/${green.id}/members`, {
      user_ids: [a.user.id],
      move: true,
    });
    expect(moved.json().resource.team.members.map((m: { id: number }) => m.id)).toEqual([
      a.user.id,
    ]);
    expect((await call(w.owner, 'GET', `/teams/${blue.id}`)).json().resource.team.members).toEqual(
      [],
    );

    expect((await call(b, 'POST', `/teams/${green.id}/subscribing-by-member`)).statusCode).toBe(
      200,
    );
    // Green is now full (2 of 2).
    await refusedWithoutWriting(
      () => call(c, 'POST', `/teams/${green.id}/subscribing-by-member`),
      409,
    );
    await refusedWithoutWriting(
      () => call(c, 'POST', `/teams/${blue.id}/subscribing-by-member`),
      403,
    );
    await refusedWithoutWriting(
      () => call(w.viewer, 'POST', `/teams/${green.id}/subscribing-by-member`),
      403,
    );
    await refusedWithoutWriting(
      () => call(c, 'POST', `/teams/${blue.id}/subscribing-by-owner`, { user_id: d.user.id }),
      403,
    );
    await refusedWithoutWriting(
      () => call(w.owner, 'POST', `/teams/${blue.id}/subscribing-by-owner`, { user_id: 'x' }),
      422,
    );

    await refusedWithoutWriting(
      () => call(c, 'DELETE', `/teams/${green.id}/members/${b.user.id}`),
      403,
    );
    expect(
      (await call(w.owner, 'DELETE', `/teams/${green.id}/members/${b.user.id}`)).statusCode,
    ).toBe(200);
    await refusedWithoutWriting(
      () => call(w.owner, 'DELETE', `/teams/${green.id}/members/${b.user.id}`),
      404,
    );
  });
});

describe('requests to join and invitations', () => {
  it('are sent, listed, answered and cancelled by the right people', async () => {
    const w = await cohort();
    const [a, b, c, d] = w.members;
    const team = (
      await call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
        name: 'Blue',
        member_ids: [a.user.id],
      })
    ).json().resource.team;

    const join = await call(b, 'POST', `/teams/${team.id}/requests`, {
      type: 'join',
      message: 'I know React',
    });
    expect(join.statusCode).toBe(200);
    const joinRequest = join.json().resource.request;
    expect(joinRequest).toMatchObject({ type: 'join', status: 'pending', can_cancel: true });
    await refusedWithoutWriting(
      () => call(b, 'POST', `/teams/${team.id}/requests`, { type: 'join' }),
      409,
    );
    await refusedWithoutWriting(
      () => call(w.viewer, 'POST', `/teams/${team.id}/requests`, { type: 'join' }),
      403,
    );
    await refusedWithoutWriting(
      () => call(b, 'POST', `/teams/${team.id}/requests`, { type: 'adopt' }),
      422,
    );

    const incoming = await call(a, 'GET', '/teams/requests?status=pending');
    expect(incoming.json().resource.requests).toEqual([
      expect.objectContaining({ id: joinRequest.id, can_answer: true }),
    ]);
    await refusedWithoutWriting(
      () => call(c, 'PATCH', `/teams/requests/${joinRequest.id}`, { status: 'accepted' }),
      404,
    );
    await refusedWithoutWriting(
      () => call(b, 'PATCH', `/teams/requests/${joinRequest.id}`, { status: 'accepted' }),
      403,
    );
    await refusedWithoutWriting(
      () => call(a, 'PATCH', `/teams/requests/${joinRequest.id}`, { status: 'maybe' }),
      422,
    );
    const accepted = await call(a, 'PATCH', `/teams/requests/${joinRequest.id}`, {
      status: 'accepted',
    });
    expect(accepted.json().resource.request.status).toBe('accepted');
    expect(
      (await call(b, 'GET', `/teams/${team.id}`))
        .json()
        .resource.team.members.map((m: { id: number }) => m.id),
    ).toEqual([a.user.id, b.user.id]);
    await refusedWithoutWriting(
      () => call(a, 'PATCH', `/teams/requests/${joinRequest.id}`, { status: 'declined' }),
      409,
    );

    const invite = await call(b, 'POST', `/teams/${team.id}/requests`, {
      type: 'invite',
      user_id: c.user.id,
    });
    const invitation = invite.json().resource.request;
    await refusedWithoutWriting(
      () => call(d, 'POST', `/teams/${team.id}/requests`, { type: 'invite', user_id: c.user.id }),
      403,
    );
    await refusedWithoutWriting(
      () => call(b, 'PATCH', `/teams/requests/${invitation.id}`, { status: 'accepted' }),
      403,
    );
    const declined = await call(c, 'PATCH', `/teams/requests/${invitation.id}`, {
      status: 'declined',
    });
    expect(declined.json().resource.request.status).toBe('declined');

    const again = (
      await call(b, 'POST', `/teams/${team.id}/requests`, { type: 'invite', user_id: d.user.id })
    ).json().resource.request;
    await refusedWithoutWriting(
      () => call(d, 'PATCH', `/teams/requests/${again.id}`, { status: 'cancelled' }),
      403,
    );
    expect(
      (await call(b, 'PATCH', `/teams/requests/${again.id}`, { status: 'cancelled' })).json()
        .resource.request.status,
    ).toBe('cancelled');
  });
});

describe('availability, information and export', () => {
  it('counts free hours over those who show them and exports CSV and XLSX', async () => {
    const w = await cohort();
    const [a, b, c] = w.members;
    await call(a, 'POST', '/user/availability', { slots: [9, 10, 11] });
    await call(b, 'POST', '/user/availability', { slots: [10, 11, 12] });
    await call(c, 'POST', '/user/availability', { slots: [11] });
    await call(c, 'POST', '/user/options', { view_availability: 'only_me' });
    await call(a, 'POST', '/user/skills', { skills: [{ name: 'Design' }, { name: 'SQL' }] });
    await call(b, 'POST', '/user/skills', { skills: [{ name: 'SQL' }] });
    const team = (
      await call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
        name: 'Blue',
        member_ids: [a.user.id, b.user.id, c.user.id],
      })
    ).json().resource.team;

    const availability = await call(a, 'GET', `/teams/${team.id}/availability`);
    expect(availability.json().resource).toEqual({
      members_count: 3,
      members_with_availability: 2,
      hidden_user_ids: [c.user.id],
      common_slots: [],
      slots: [
        { hour: 9, count: 1 },
        { hour: 10, count: 2 },
        { hour: 11, count: 2 },
        { hour: 12, count: 1 },
      ],
    });
    const pair = await call(c, 'POST', `/workspaces/${w.workspace.id}/team-availability`, {
      user_ids: [a.user.id, b.user.id],
    });
    expect(pair.json().resource.common_slots).toEqual([10, 11]);
    await refusedWithoutWriting(
      () =>
        call(w.owner, 'POST', `/workspaces/${w.workspace.id}/team-availability`, { user_ids: [] }),
      422,
    );
    expect(
      (
        await call(w.outsider, 'POST', `/workspaces/${w.workspace.id}/team-information`, {
          user_ids: [a.user.id],
        })
      ).statusCode,
    ).toBe(404);

    const information = await call(
      w.owner,
      'POST',
      `/workspaces/${w.workspace.id}/team-information`,
      {
        user_ids: [a.user.id, b.user.id],
      },
    );
    expect(information.json().resource.skills).toEqual([
      { name: 'SQL', count: 2 },
      { name: 'Design', count: 1 },
    ]);
    const modal = await call(b, 'GET', `/teams/${team.id}/modal-information`);
    expect(modal.json().resource).toMatchObject({ pending_requests: 0, common_slots: [] });

    await refusedWithoutWriting(
      () => call(a, 'GET', `/workspaces/${w.workspace.id}/export-teams`),
      403,
    );
    await refusedWithoutWriting(
      () => call(w.owner, 'GET', `/workspaces/${w.workspace.id}/export-teams?format=pdf`),
      422,
    );
    const csv = await call(w.owner, 'GET', `/workspaces/${w.workspace.id}/export-teams`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Team","Member","E-mail","Role","Joined at"');
    expect(lines.filter((line) => line.startsWith('"Blue"'))).toHaveLength(3);
    expect(lines.filter((line) => line.includes('"No team"')).length).toBeGreaterThan(0);

    const xlsx = await call(
      w.owner,
      'GET',
      `/workspaces/${w.workspace.id}/export-teams?format=xlsx`,
      undefined,
      {
        language: 'vi',
      },
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Nhóm');
    expect(sheet.getRow(2).getCell(1).value).toBe('Blue');
  });

  it('takes a team picture from its members and refuses others', async () => {
    const w = await cohort();
    const [a, b] = w.members;
    const team = (
      await call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
        name: 'Blue',
        member_ids: [a.user.id],
      })
    ).json().resource.team;
    const boundary = '----team-avatar';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    await refusedWithoutWriting(
      () => call(b, 'POST', `/teams/${team.id}/avatar`, body, headers),
      403,
    );
    const saved = await call(a, 'POST', `/teams/${team.id}/avatar`, body, headers);
    const url = saved.json().resource.team.avatar_url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const removed = await call(a, 'DELETE', `/teams/${team.id}/avatar`);
    expect(removed.json().resource.team.avatar_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('every team route', () => {
  it('answers outsiders 404, viewers 403 where they may not act, and bad ids 422', async () => {
    const w = await cohort();
    const [a, b] = w.members;
    const team = (
      await call(w.owner, 'POST', `/workspaces/${w.workspace.id}/teams`, {
        name: 'Blue',
        member_ids: [a.user.id],
      })
    ).json().resource.team;
    const outsiderCalls: [string, string, unknown?][] = [
      ['GET', `/teams/${team.id}/modal-information`],
      ['GET', `/teams/${team.id}/availability`],
      ['POST', `/workspaces/${w.workspace.id}/team-availability`, { user_ids: [a.user.id] }],
      ['PATCH', `/teams/${team.id}`, { name: 'Mine' }],
      ['DELETE', `/teams/${team.id}`],
      ['DELETE', `/teams/${team.id}/by-member`],
      ['PUT', `/teams/${team.id}/members`, { user_ids: [] }],
      ['DELETE', `/teams/${team.id}/members/${a.user.id}`],
      ['POST', `/teams/${team.id}/leave`],
      ['POST', `/teams/${team.id}/requests`, { type: 'join' }],
      ['POST', `/teams/${team.id}/subscribing-by-member`],
      ['POST', `/teams/${team.id}/subscribing-by-owner`, { user_id: b.user.id }],
      ['DELETE', `/teams/${team.id}/avatar`],
      ['GET', `/workspaces/${w.workspace.id}/export-teams`],
    ];
    for (const [method, url, body] of outsiderCalls) {
      const response = await refusedWithoutWriting(
        () => call(w.outsider, method as 'GET', url, body),
        404,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    await refusedWithoutWriting(() => call(w.viewer, 'DELETE', `/teams/${team.id}/avatar`), 403);
    await refusedWithoutWriting(
      () => call(w.viewer, 'PUT', `/teams/${team.id}/members`, { user_ids: [] }),
      403,
    );
    for (const url of [
      '/workspaces/abc/teams',
      '/teams/0',
      '/teams/requests?status=maybe',
      `/teams/${team.id}/members/x`,
    ]) {
      const response = await call(w.owner, url.includes('/members/') ? 'DELETE' : 'GET', url);
      expect(response.statusCode, url).toBe(422);
    }
    await refusedWithoutWriting(
      () => call(w.owner, 'PATCH', '/teams/requests/abc', { status: 'accepted' }),
      422,
    );
  });
});
