import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

/**
 * Every OKR and org chart route, called by people who may not (a viewer, a member who owns
 * nothing, someone outside the workspace, nobody signed in), then with bad input by someone
 * who may: each is refused with the right status and a message, and nothing changes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Actor = 'viewer' | 'member' | 'outsider' | 'signed out';
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: object;
  refused?: Partial<Record<Actor, number>>;
  /** A body (or url) the owner sends that must be refused, with the status expected. */
  bad?: { url?: string; body?: object; status: number };
}

const everyone = { viewer: 403, member: 403, outsider: 404, 'signed out': 401 };
const readers = { outsider: 404, 'signed out': 401 };

describe('OKR and org chart routes', () => {
  const routes: Route[] = [];
  const tokens: Record<Actor | 'owner', string | null> = {
    owner: '',
    viewer: '',
    member: '',
    outsider: '',
    'signed out': null,
  };

  beforeAll(async () => {
    const { workspace, owner, people } = await createWorkspace(t, {
      members: { member: 1, viewer: 1 },
    });
    tokens.owner = owner.token;
    tokens.viewer = people.viewer[0].token;
    tokens.member = people.member[0].token;
    tokens.outsider = (await t.createUser()).token;
    const w = workspace.id;
    const o = call(t, owner.token);
    const position = (await o.post(`/workspaces/${w}/org-position`, { name: 'Lead' })).json()
      .resource.org_position;
    const other = (await o.post(`/workspaces/${w}/org-position`, { name: 'Other' })).json().resource
      .org_position;
    const make = async (name: string) =>
      (
        await o.post(`/workspaces/${w}/objectives`, {
          name,
          key_results: [{ name: `${name} KR`, kind: 'increase', start_value: 0, target_value: 10 }],
        })
      ).json().resource.objective;
    const parent = await make('Parent');
    const child = await make('Child');
    const kr = child.key_results[0];
    const alignment = (
      await o.post(`/objectives/${child.id}/alignments`, { parent_objective_id: parent.id })
    ).json().resource.alignments[0];
    const report = (
      await o.post(`/key-results/${kr.id}/answer`, { value: 3, status: 'on trace' })
    ).json();
    const history = (await o.get(`/key-results/${kr.id}/tracking`)).json().resource.tracking;
    expect(report.resource.key_result.answers_count).toBe(1);
    const answer = history[0].report;

    routes.push(
      {
        method: 'GET',
        url: `/workspaces/${w}/objectives`,
        refused: readers,
        bad: { url: `/workspaces/${w}/objectives?status=gone`, status: 422 },
      },
      {
        method: 'GET',
        url: `/workspaces/${w}/objective-tree`,
        refused: readers,
        bad: { url: `/workspaces/${w}/objective-tree?status=x`, status: 422 },
      },
      {
        method: 'POST',
        url: `/workspaces/${w}/objectives`,
        body: { name: 'Sneaky' },
        bad: { body: { name: '' }, status: 422 },
      },
      {
        method: 'GET',
        url: `/objectives/${child.id}`,
        refused: readers,
        bad: { url: '/objectives/0', status: 422 },
      },
      {
        method: 'PUT',
        url: `/objectives/${child.id}`,
        body: { name: 'Renamed' },
        bad: { body: { started_at: '2026-05-01', ended_at: '2026-04-01' }, status: 422 },
      },
      {
        method: 'DELETE',
        url: `/objectives/${child.id}`,
        bad: { url: `/objectives/${child.id}?workspace_id=${w + 1000}`, status: 422 },
      },
      {
        method: 'POST',
        url: `/objectives/${child.id}/open`,
        bad: { url: `/objectives/${child.id}/open`, status: 409 },
      },
      {
        method: 'POST',
        url: `/objectives/${child.id}/close`,
        bad: { url: '/objectives/99999999/close', status: 404 },
      },
      {
        method: 'POST',
        url: `/objectives/${child.id}/archive`,
        bad: { url: '/objectives/x/archive', status: 422 },
      },
      {
        method: 'POST',
        url: `/objectives/${child.id}/restore`,
        bad: { url: `/objectives/${child.id}/restore`, status: 409 },
      },
      {
        method: 'POST',
        url: `/objectives/${child.id}/answer`,
        body: { status: 'on trace' },
        bad: { body: { status: 'on track' }, status: 422 },
      },
      {
        method: 'GET',
        url: `/objectives/${child.id}/alignments`,
        refused: readers,
        bad: { url: '/objectives/-1/alignments', status: 422 },
      },
      {
        method: 'POST',
        url: `/objectives/${parent.id}/alignments`,
        body: { parent_key_result_id: kr.id },
        bad: { body: { parent_objective_id: child.id, weight: 0 }, status: 422 },
      },
      {
        method: 'DELETE',
        url: `/objectives/${child.id}/alignments`,
        bad: { url: '/objectives/99999999/alignments', status: 404 },
      },
      {
        method: 'DELETE',
        url: `/alignments/${alignment.id}`,
        bad: { url: '/alignments/99999999', status: 404 },
      },
      {
        method: 'GET',
        url: `/workspaces/${w}/key-results`,
        refused: readers,
        bad: { url: '/workspaces/abc/key-results', status: 422 },
      },
      {
        method: 'POST',
        url: '/key-results',
        body: { objective_id: child.id, name: 'More', kind: 'done' },
        bad: { body: { objective_id: child.id, name: 'More', kind: 'sideways' }, status: 422 },
      },
      {
        method: 'PUT',
        url: `/key-results/${kr.id}`,
        body: { name: 'Renamed' },
        bad: { body: { kind: 'decrease' }, status: 422 },
      },
      {
        method: 'DELETE',
        url: `/key-results/${kr.id}`,
        bad: { url: '/key-results/99999999', status: 404 },
      },
      {
        method: 'GET',
        url: `/key-results/${kr.id}/tracking`,
        refused: readers,
        bad: { url: '/key-results/0/tracking', status: 422 },
      },
      {
        method: 'POST',
        url: `/key-results/${kr.id}/answer`,
        body: { value: 5, status: 'at risk' },
        bad: { body: { value: 5, status: 'at risk', confidence: 11 }, status: 422 },
      },
      {
        method: 'PUT',
        url: `/key-results/${kr.id}/answers/${answer}`,
        body: { value: 9 },
        bad: { body: { value: 'nine' }, status: 422 },
      },
      {
        method: 'DELETE',
        url: `/key-results/${kr.id}/answers/${answer}`,
        bad: { url: `/key-results/${kr.id}/answers/99999999`, status: 404 },
      },
      {
        method: 'GET',
        url: `/workspaces/okrAI/objective?workspace_id=${w}`,
        refused: readers,
        bad: { url: '/workspaces/okrAI/objective', status: 422 },
      },
      {
        method: 'GET',
        url: `/workspaces/okrAI/key-result?workspace_id=${w}`,
        refused: readers,
        bad: {
          url: `/workspaces/okrAI/key-result?workspace_id=${w}&text=${'x'.repeat(501)}`,
          status: 422,
        },
      },
      {
        method: 'GET',
        url: `/workspaces/okrAI/${child.id}`,
        refused: readers,
        bad: { url: '/workspaces/okrAI/99999999', status: 404 },
      },
      {
        method: 'GET',
        url: `/workspaces/${w}/org-chart`,
        refused: readers,
        bad: { url: '/workspaces/0/org-chart', status: 422 },
      },
      {
        method: 'POST',
        url: `/workspaces/${w}/org-position`,
        body: { name: 'Sneaky' },
        bad: { body: { name: 'x', parent_id: 99999999 }, status: 422 },
      },
      {
        method: 'PUT',
        url: `/org-positions/${position.id}`,
        body: { name: 'Renamed' },
        bad: { body: { name: '  ' }, status: 422 },
      },
      {
        method: 'PUT',
        url: `/org-positions/${other.id}/org-nodes/${position.id}`,
        bad: { url: `/org-positions/${position.id}/org-nodes/${position.id}`, status: 409 },
      },
      {
        method: 'PUT',
        url: `/org-positions/${other.id}/top`,
        bad: { url: '/org-positions/99999999/top', status: 404 },
      },
      {
        method: 'DELETE',
        url: `/org-positions/${position.id}`,
        bad: { url: '/org-positions/99999999', status: 404 },
      },
      {
        method: 'GET',
        url: `/org-positions/${position.id}/objectives`,
        refused: readers,
        bad: { url: '/org-positions/99999999/objectives', status: 404 },
      },
    );
  });

  const send = (actor: Actor | 'owner', method: Route['method'], url: string, body?: object) =>
    t.app.inject({
      method,
      url: `/api/v2/core${url}`,
      headers: tokens[actor] ? { authorization: `Bearer ${tokens[actor]}` } : {},
      payload: body,
    });

  it('refuses wrong roles on every one of them and changes nothing', async () => {
    const before = await rowCounts(t.db);
    const failures: string[] = [];
    for (const route of routes) {
      for (const [actor, status] of Object.entries(route.refused ?? everyone) as [
        Actor,
        number,
      ][]) {
        const res = await send(actor, route.method, route.url, route.body);
        if (res.statusCode !== status) {
          failures.push(
            `${actor} ${route.method} ${route.url}: ${res.statusCode}, expected ${status}`,
          );
        } else {
          expect(res.json().messages.length).toBeGreaterThan(0);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses bad input on every one of them, in the caller’s language, and changes nothing', async () => {
    const before = await rowCounts(t.db);
    const failures: string[] = [];
    for (const route of routes) {
      const bad = route.bad;
      if (!bad) {
        failures.push(`${route.method} ${route.url}: no bad-input case`);
        continue;
      }
      const res = await send('owner', route.method, bad.url ?? route.url, bad.body ?? route.body);
      if (res.statusCode !== bad.status) {
        failures.push(
          `${route.method} ${bad.url ?? route.url}: ${res.statusCode}, expected ${bad.status} ${res.body}`,
        );
      } else {
        expect(res.json().messages.length).toBeGreaterThan(0);
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts(t.db)).toEqual(before);
    const vi = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/0/org-position`,
      headers: { authorization: `Bearer ${tokens.owner}`, 'accept-language': 'vi' },
      payload: { name: 'x' },
    });
    expect(vi.statusCode).toBe(422);
  });

  it('covers every route tagged okrs', () => {
    const covered = new Set(
      routes.map((r) => `${r.method} ${r.url.replace(/\?.*$/, '').replace(/\/\d+/g, '/:n')}`),
    );
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const registered = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('okrs'))
        .map(
          ([method]) =>
            `${method.toUpperCase()} ${path.replace('/api/v2/core', '').replace(/\{[^}]+\}/g, ':n')}`,
        ),
    );
    expect(registered.length).toBeGreaterThan(25);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
  });
});
