import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceInvitations, workspaceMembers } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { linkIn } from '../support/smtp';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = '/api/v2/core';

async function membersOf(workspaceId: number) {
  return t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
}

function csvForm(content: string, filename = 'people.csv', type = 'text/csv') {
  const boundary = '----teamloop-test-boundary';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('invitations by e-mail, end to end', () => {
  it('mails a join link that brings in a new account and an existing one', async () => {
    const { workspace, owner } = await createWorkspace(t, { values: { name: 'Design studio' } });
    const existing = await t.createUser({ firstName: 'Grace', email: 'grace@example.com' });
    const newcomer = 'newcomer@example.com';

    const invite = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(owner.token),
      payload: {
        invitations: [
          { email: 'NewComer@example.com', role: 'admin' },
          { email: existing.user.email },
        ],
      },
    });
    expect(invite.statusCode).toBe(200);
    expect(invite.json().resource.results).toEqual([
      expect.objectContaining({ email: newcomer, status: 'invited', reason: null }),
      expect.objectContaining({ email: existing.user.email, status: 'invited', reason: null }),
    ]);
    expect(invite.json().messages[0]).toMatch(/2 invitations/);

    const invited = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/invited-list`,
      headers: bearer(owner.token),
    });
    expect(
      invited
        .json()
        .resource.invitations.map((i: { email: string }) => i.email)
        .sort(),
    ).toEqual([existing.user.email, newcomer].sort());

    // A new address: the mail leads to /register/:token, which signs up straight into the workspace.
    const newMail = await t.smtp.waitFor(newcomer);
    expect(newMail.subject).toContain('Design studio');
    const registerLink = linkIn(newMail, newMail.text.match(/\/register\/[\w-]+/)![0]);
    const token = registerLink.pathname.split('/').pop()!;
    const preview = await t.app.inject({ method: 'GET', url: `${api}/join/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().resource).toMatchObject({
      kind: 'email',
      email: newcomer,
      account_exists: false,
      workspace: { name: 'Design studio', members_count: 1 },
    });
    const signUp = await t.app.inject({
      method: 'POST',
      url: `${api}/join/sign-up`,
      payload: { email: newcomer, password: 'a long password', invite_token: token },
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json().resource).toMatchObject({
      verification_required: false,
      workspace_id: workspace.id,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: `${api}/join/login`,
      payload: { email: newcomer, password: 'a long password' },
    });
    expect(login.statusCode).toBe(200);
    const newToken = login.headers['access-token'] as string;
    const opened = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}`,
      headers: bearer(newToken),
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().resource.role).toBe('admin');

    // An existing account: the join page signs in with the mailed one-click sign-in, then joins.
    const existingMail = await t.smtp.waitFor(existing.user.email);
    const joinLink = linkIn(existingMail, '/join');
    const signIn = await t.app.inject({
      method: 'GET',
      url: `${api}/join/verify-token/${joinLink.searchParams.get('signin')}`,
    });
    expect(signIn.statusCode).toBe(200);
    const sessionToken = signIn.headers['access-token'] as string;
    const join = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(sessionToken),
      payload: { token: joinLink.searchParams.get('token') },
    });
    expect(join.statusCode).toBe(200);
    expect(join.json().resource).toMatchObject({
      already_member: false,
      workspace: { id: workspace.id, role: 'member' },
    });
    expect((await t.reloadUser(existing.user.id)).lastActiveWorkspaceId).toBe(workspace.id);

    const roles = Object.fromEntries(
      (await membersOf(workspace.id)).map((m) => [m.userId, m.role]),
    );
    expect(roles[existing.user.id]).toBe('member');
    expect(Object.keys(roles)).toHaveLength(3);
    const stillInvited = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/invited-list`,
      headers: bearer(owner.token),
    });
    expect(stillInvited.json().resource.invitations).toEqual([]);

    // A spent invitation cannot be used again.
    const again = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(sessionToken),
      payload: { token: joinLink.searchParams.get('token') },
    });
    expect(again.statusCode).toBe(410);
  });

  it('admits only the invited address, and a revoked invitation is gone', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const stranger = await t.createUser();
    await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(owner.token),
      payload: { invitations: [{ email: 'someone@example.com' }] },
    });
    const mail = await t.smtp.waitFor('someone@example.com');
    const token = mail.text.match(/\/register\/([\w-]+)/)![1];
    const wrongPerson = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(stranger.token),
      payload: { token },
    });
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().messages[0]).toContain('someone@example.com');
    const otherEmailSignUp = await t.app.inject({
      method: 'POST',
      url: `${api}/join/sign-up`,
      payload: { email: 'other@example.com', password: 'a long password', invite_token: token },
    });
    expect(otherEmailSignUp.statusCode).toBe(422);
    expect(await membersOf(workspace.id)).toHaveLength(1);

    const [invitation] = await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, workspace.id));
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${workspace.id}/invitation/${invitation.id}`,
      headers: bearer(owner.token),
    });
    expect(revoke.statusCode).toBe(200);
    const preview = await t.app.inject({ method: 'GET', url: `${api}/join/invitations/${token}` });
    expect(preview.statusCode).toBe(410);
  });

  it('resends an invitation with a new link that replaces the old one', async () => {
    const { workspace, owner } = await createWorkspace(t);
    await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(owner.token),
      payload: { invitations: [{ email: 'twice@example.com' }] },
    });
    const first = (await t.smtp.waitFor('twice@example.com')).text.match(
      /\/register\/([\w-]+)/,
    )![1];
    const [invitation] = await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, workspace.id));
    const resend = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invitation/${invitation.id}/resend`,
      headers: bearer(owner.token),
    });
    expect(resend.statusCode).toBe(200);
    const second = (
      await t.smtp.waitFor('twice@example.com', (m) => !m.text.includes(first))
    ).text.match(/\/register\/([\w-]+)/)![1];
    expect(second).not.toBe(first);
    expect(
      (await t.app.inject({ method: 'GET', url: `${api}/join/invitations/${first}` })).statusCode,
    ).toBe(410);
    expect(
      (await t.app.inject({ method: 'GET', url: `${api}/join/invitations/${second}` })).statusCode,
    ).toBe(200);
  });
});

describe('the shareable invite link', () => {
  it('joins people as members until it is reset', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const link = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(owner.token),
    });
    expect(link.statusCode).toBe(200);
    const { token, link: url } = link.json().resource;
    expect(new URL(url).pathname).toBe('/join');
    expect(new URL(url).searchParams.get('token')).toBe(token);

    const person = await t.createUser();
    const preview = await t.app.inject({ method: 'GET', url: `${api}/join/invitations/${token}` });
    expect(preview.json().resource).toMatchObject({ kind: 'link', email: null });
    const join = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(person.token),
      payload: { token },
    });
    expect(join.statusCode).toBe(200);
    expect(join.json().resource.workspace.role).toBe('member');
    const twice = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(person.token),
      payload: { token },
    });
    expect(twice.json().resource.already_member).toBe(true);

    const reset = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite/reset`,
      headers: bearer(owner.token),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().resource.token).not.toBe(token);
    const late = await t.createUser();
    const old = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(late.token),
      payload: { token },
    });
    expect(old.statusCode).toBe(410);
    expect(await membersOf(workspace.id)).toHaveLength(2);
  });

  it('signs a new account up into the workspace, still asking to verify the address', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const { token } = (
      await t.app.inject({
        method: 'GET',
        url: `${api}/workspaces/${workspace.id}/invite`,
        headers: bearer(owner.token),
      })
    ).json().resource;
    const signUp = await t.app.inject({
      method: 'POST',
      url: `${api}/join/sign-up`,
      payload: { email: 'linked@example.com', password: 'a long password', invite_token: token },
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json().resource.verification_required).toBe(true);
    await t.smtp.waitFor('linked@example.com');
    expect(await membersOf(workspace.id)).toHaveLength(2);
  });
});

describe('the member cap of 20', () => {
  it('refuses the 21st member with 409, by invitation and by link, and counts open invitations', async () => {
    const { workspace, owner, people } = await createWorkspace(t, {
      members: { member: 17, deactive: 2 },
    });
    // 18 seats taken (deactivated members hold none); two open invitations make 20.
    const invite = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(owner.token),
      payload: {
        invitations: [{ email: 'nineteen@example.com' }, { email: 'twenty@example.com' }],
      },
    });
    expect(invite.statusCode).toBe(200);
    // The invitation mails go out from a job; let it finish so its marks are not counted below.
    await t.app.deps.jobs.drain();

    const before = await rowCounts(t.db);
    const over = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(owner.token),
      payload: { invitations: [{ email: 'twenty-one@example.com' }] },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('member_cap_reached');
    expect(over.json().messages[0]).toMatch(/at most 20 members/);

    const { token } = (
      await t.app.inject({
        method: 'GET',
        url: `${api}/workspaces/${workspace.id}/invite`,
        headers: bearer(owner.token),
      })
    ).json().resource;
    const latecomer = await t.createUser();
    const byLink = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(latecomer.token),
      payload: { token },
    });
    expect(byLink.statusCode).toBe(409);

    const reactivate = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/users/${people.deactive[0].user.id}/change-role`,
      headers: bearer(owner.token),
      payload: { role: 'member' },
    });
    expect(reactivate.statusCode).toBe(409);
    // rowCounts counts rows; the sessions of new test users are the only new rows.
    const after = await rowCounts(t.db);
    expect({ ...after, sessions: 0, users: 0 }).toEqual({ ...before, sessions: 0, users: 0 });

    // The invited people can still join: their seats were reserved.
    const invitedMail = await t.smtp.waitFor('twenty@example.com');
    const invitedToken = invitedMail.text.match(/\/register\/([\w-]+)/)![1];
    const joins = await t.app.inject({
      method: 'POST',
      url: `${api}/join/sign-up`,
      payload: {
        email: 'twenty@example.com',
        password: 'a long password',
        invite_token: invitedToken,
      },
    });
    expect(joins.statusCode).toBe(201);

    // Revoking the other open invitation frees a seat.
    const [open] = await t.db
      .select()
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspace.id),
          isNull(workspaceInvitations.acceptedAt),
        ),
      );
    await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${workspace.id}/invitation/${open.id}`,
      headers: bearer(owner.token),
    });
    const nowFits = await t.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(latecomer.token),
      payload: { token },
    });
    expect(nowFits.statusCode).toBe(200);
    expect((await membersOf(workspace.id)).filter((m) => m.role !== 'deactive')).toHaveLength(20);
  });
});

describe('CSV import', () => {
  it('gives a result per row: added, invited, or skipped with why', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const known = await t.createUser({ email: 'known@example.com' });
    const csv = [
      'Name,E-mail,Role',
      `Known,${known.user.email},viewer`,
      'New,fresh@example.com,',
      'Again,FRESH@example.com,member',
      'Broken,not-an-address,member',
      `Member,${people.member[0].user.email},member`,
      'Boss,boss@example.com,owner',
      '',
      'Admin,"new.admin@example.com",admin',
    ].join('\n');
    const response = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite-with-csv`,
      headers: { ...bearer(owner.token), ...csvForm(csv).headers },
      payload: csvForm(csv).payload,
    });
    expect(response.statusCode).toBe(200);
    const { results, summary } = response.json().resource;
    expect(
      results.map((r: { row: number; status: string; reason: string | null }) => [
        r.row,
        r.status,
        r.reason,
      ]),
    ).toEqual([
      [2, 'added', null],
      [3, 'invited', null],
      [4, 'skipped', 'duplicate'],
      [5, 'skipped', 'invalid_email'],
      [6, 'skipped', 'already_member'],
      [7, 'skipped', 'invalid_role'],
      [9, 'invited', null],
    ]);
    expect(results[3].message).toMatch(/not a valid e-mail/);
    expect(summary).toEqual({ added: 1, invited: 2, skipped: 4 });

    const roles = Object.fromEntries(
      (await membersOf(workspace.id)).map((m) => [m.userId, m.role]),
    );
    expect(roles[known.user.id]).toBe('viewer');
    const addedMail = await t.smtp.waitFor(known.user.email);
    expect(addedMail.subject).toMatch(/added/);
    await t.smtp.waitFor('fresh@example.com');
    await t.smtp.waitFor('new.admin@example.com');
  });

  it('reads a file without a header, and refuses what is not a CSV file', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const plain = 'plain@example.com\nsecond@example.com,viewer\n';
    const ok = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite-with-csv`,
      headers: { ...bearer(owner.token), ...csvForm(plain).headers },
      payload: csvForm(plain).payload,
    });
    expect(ok.json().resource.summary).toEqual({ added: 0, invited: 2, skipped: 0 });

    const before = await rowCounts(t.db);
    const image = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite-with-csv`,
      headers: { ...bearer(owner.token), ...csvForm('x', 'photo.png', 'image/png').headers },
      payload: csvForm('x', 'photo.png', 'image/png').payload,
    });
    expect(image.statusCode).toBe(415);
    const broken = '"unclosed@example.com,member\n';
    const unreadable = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite-with-csv`,
      headers: { ...bearer(owner.token), ...csvForm(broken).headers },
      payload: csvForm(broken).payload,
    });
    expect(unreadable.statusCode).toBe(422);
    const json = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite-with-csv`,
      headers: bearer(owner.token),
      payload: { file: 'a@example.com' },
    });
    expect(json.statusCode).toBe(415);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('skips the rows that do not fit under the cap', async () => {
    const { workspace, owner } = await createWorkspace(t, { members: { member: 18 } });
    const csv = 'email\none@example.com\ntwo@example.com\nthree@example.com\n';
    const response = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite-with-csv`,
      headers: { ...bearer(owner.token), ...csvForm(csv).headers },
      payload: csvForm(csv).payload,
    });
    expect(response.json().resource.results.map((r: { status: string }) => r.status)).toEqual([
      'invited',
      'skipped',
      'skipped',
    ]);
    expect(response.json().resource.results[1].reason).toBe('member_cap');
  });
});

describe('who may invite', () => {
  it('lets members invite only when the owner allows it', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const member = people.member[0];
    const payload = { invitations: [{ email: 'friend@example.com' }] };
    const before = await rowCounts(t.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(member.token),
      payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(await rowCounts(t.db)).toEqual(before);

    const allow = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/member-access`,
      headers: bearer(owner.token),
      payload: { member_access: { invite_members: true } },
    });
    expect(allow.statusCode).toBe(200);
    const allowed = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/invite`,
      headers: bearer(member.token),
      payload,
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses malformed invitations with 422 and writes nothing', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const before = await rowCounts(t.db);
    for (const payload of [
      { invitations: [] },
      { invitations: [{ email: 'not an address' }] },
      { invitations: [{ email: 'x@example.com', role: 'owner' }] },
      { emails: ['x@example.com'] },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${api}/workspaces/${workspace.id}/invite`,
        headers: bearer(owner.token),
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
