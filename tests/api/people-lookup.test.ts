import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * Who may look a person up (issue 27): names and pictures go to people who share a workspace
 * with them, or to anyone when their profile is open to everyone, through its public id. An
 * outsider walking the sequential ids learns nothing: a person they may not know answers
 * exactly as one who does not exist.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;

const get = (viewer: Person, url: string, language = 'en') =>
  t.app.inject({ url: `/api/v2/${url}`, headers: { ...bearer(viewer.token), language } });

/** What a caller sees of an answer: status and body. */
const seen = async (viewer: Person, url: string, language?: string) => {
  const response = await get(viewer, url, language);
  return { status: response.statusCode, body: response.body };
};

/** Every documented GET route about one person (`user/{id}/...`), from the OpenAPI document. */
async function personRoutes(): Promise<string[]> {
  const doc = (await t.app.inject({ url: '/api/v2/openapi.json' })).json();
  return Object.keys(doc.paths)
    .filter((path) => doc.paths[path].get && path.includes('/user/{id}'))
    .map((path) => path.replace('/api/v2/', ''));
}

describe('looking people up by id', () => {
  let owner: Person;
  let peer: Person;
  let open: Person;
  let closed: Person;
  let peersOnly: Person;
  let deleted: Person;
  let outsider: Person;
  let workspaceId: number;
  let routes: string[];
  let unknownId: number;

  beforeAll(async () => {
    const made = await createWorkspace(t, { members: { member: 5 } });
    owner = made.owner;
    workspaceId = made.workspace.id;
    [peer, open, closed, peersOnly, deleted] = made.people.member;
    outsider = await t.createUser();
    const options = async (person: Person, view_profile: string) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v2/core/user/options',
            headers: bearer(person.token),
            payload: { view_profile },
          })
        ).statusCode,
      ).toBe(200);
    await options(closed, 'only_me');
    await options(peersOnly, 'workspace_members');
    await t.db
      .update(users)
      .set({ firstName: 'Zzclosed', avatarUrl: '/api/v2/core/avatars/zz-closed.png' })
      .where(eq(users.id, closed.user.id));
    const removal = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user',
      headers: bearer(deleted.token),
      payload: { password: deleted.password },
    });
    expect(removal.statusCode).toBe(200);
    const [{ max }] = await t.db.select({ max: sql<number>`max(${users.id})` }).from(users);
    unknownId = Number(max) + 1000;
    routes = await personRoutes();
    expect(routes).toEqual(
      expect.arrayContaining([
        'core/user/{id}/page-information',
        'core/user/{id}/modal-information',
        'core/user/{id}/skills',
        'core/user/{id}/cv',
      ]),
    );
  });

  it('an outsider walking numeric ids gets the same answer for everyone but themself', async () => {
    for (const route of routes) {
      for (const language of ['en', 'vi']) {
        const nobody = await seen(outsider, route.replace('{id}', String(unknownId)), language);
        expect(nobody.status, route).toBe(404);
        // Even a profile open to everyone: numbers are walkable, its public id is not.
        for (const person of [owner, peer, open, closed, peersOnly, deleted]) {
          const url = route.replace('{id}', String(person.user.id));
          expect(await seen(outsider, url, language), url).toEqual(nobody);
        }
      }
    }
    const notFound = await get(outsider, `core/user/${unknownId}/page-information`, 'vi');
    expect(notFound.json()).toMatchObject({
      code: 'not_found',
      messages: ['Không tìm thấy người này.'],
    });

    // Walking every id there is: the outsider finds themself and no one else.
    const found: number[] = [];
    for (let id = 1; id < unknownId - 990; id++) {
      for (const route of ['page-information', 'modal-information']) {
        const response = await get(outsider, `core/user/${id}/${route}`);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode === 200) found.push(response.json().resource.id);
      }
    }
    expect([...new Set(found)]).toEqual([outsider.user.id]);
  });

  it('by public id, an outsider sees an open profile, and nobody else', async () => {
    const card = await get(outsider, `core/user/${open.user.publicId}/modal-information`);
    expect(card.statusCode).toBe(200);
    expect(card.json().resource).toMatchObject({ id: open.user.id, name: expect.any(String) });
    for (const route of routes) {
      const nobody = await seen(outsider, route.replace('{id}', randomUUID()));
      expect(nobody.status, route).toBe(404);
      for (const person of [closed, peersOnly, deleted]) {
        const url = route.replace('{id}', person.user.publicId);
        expect(await seen(outsider, url), url).toEqual(nobody);
      }
    }
  });

  it('a fellow member sees name and picture, the rest as each person allows', async () => {
    for (const ref of [closed.user.id, closed.user.publicId]) {
      const page = await get(peer, `core/user/${ref}/page-information`);
      expect(page.statusCode).toBe(200);
      // only_me: the name and picture every member list shows, nothing the option guards.
      expect(page.json().resource).toMatchObject({
        name: expect.stringContaining('Zzclosed'),
        avatar_url: '/api/v2/core/avatars/zz-closed.png',
        first_name: null,
        last_name: null,
        bio: null,
        member_since: null,
        visibility: { profile: false },
      });
      expect((await get(peer, `core/user/${ref}/activities`)).statusCode).toBe(403);
    }
    const shared = await get(peer, `core/user/${peersOnly.user.id}/modal-information`);
    expect(shared.json().resource).toMatchObject({
      first_name: peersOnly.user.firstName,
      visibility: { profile: true },
      common_workspaces: [{ id: workspaceId }],
    });
    // A deleted account is gone for members too, as for anyone.
    const gone = await seen(peer, `core/user/${deleted.user.id}/page-information`);
    expect(gone).toEqual(await seen(peer, `core/user/${unknownId}/page-information`));
  });

  it('a deactivated membership is no shared workspace; a supervisor sees everyone', async () => {
    const made = await createWorkspace(t, { members: { deactive: 1 } });
    const [former] = made.people.deactive;
    const url = `core/user/${made.owner.user.id}/page-information`;
    expect(await seen(former, url)).toEqual(
      await seen(former, `core/user/${unknownId}/page-information`),
    );
    const supervisor = await t.createUser({ role: 'supervisor' });
    expect((await get(supervisor, `core/user/${closed.user.id}/page-information`)).statusCode).toBe(
      200,
    );
  });

  it("refuses changes to anyone else's profile alike, whether or not they exist", async () => {
    const write = (ref: string | number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/core/user/${ref}/activities`,
        headers: bearer(outsider.token),
        payload: { kind: 'award', title: 'Mine now' },
      });
    const strangers = [closed.user.id, open.user.publicId, unknownId, randomUUID()];
    const answers = await Promise.all(strangers.map(async (ref) => (await write(ref)).body));
    expect(new Set(answers).size).toBe(1);
    expect((await write(closed.user.id)).statusCode).toBe(403);
    expect((await write(outsider.user.publicId.toUpperCase())).statusCode).toBe(200);
    // Bad input stays bad input.
    expect((await write('not-an-id')).statusCode).toBe(422);
  });
});

describe('members of a public workspace', () => {
  it('a stranger sees only those whose profile is open to everyone; members see all', async () => {
    const made = await createWorkspace(t, { members: { member: 3 } });
    const [open, closed, peersOnly] = made.people.member;
    for (const [person, view_profile] of [
      [closed, 'only_me'],
      [peersOnly, 'workspace_members'],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/core/user/options',
        headers: bearer(person.token),
        payload: { view_profile },
      });
    }
    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/teamgenerator/workspaces/${made.workspace.id}/public`,
      headers: bearer(made.owner.token),
      payload: { summary: 'Open' },
    });
    expect(published.statusCode).toBe(200);
    const stranger = await t.createUser();
    const members = async (viewer: Person) =>
      (await get(viewer, `teamgenerator/workspaces/${made.workspace.id}/users`)).json().resource;

    const strangers = await members(stranger);
    expect(strangers.users.map((u: { id: number }) => u.id).sort()).toEqual(
      [made.owner.user.id, open.user.id].sort(),
    );
    expect(strangers.hidden_count).toBe(2);
    const own = await members(open);
    expect(own.users).toHaveLength(4);
    expect(own.hidden_count).toBe(0);
    expect(JSON.stringify(strangers)).not.toContain(closed.user.email);
  });
});
