import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  criteria,
  taskAssignments,
  taskFiles,
  taskKeyResults,
  taskReports,
  taskReviewers,
  tasks,
  taskTags,
} from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { createTestApp, type TestApp } from '../support/test-app';
import { call, future, pdf, storedFiles, type Part } from './tasks-support';

/**
 * Every task and subtask route, called by people who may not: a viewer, a member with no part
 * in the task, someone outside the workspace, and nobody signed in. Each is refused with the
 * right status, and nothing in the database or the file storage changes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Actor = 'viewer' | 'other member' | 'outsider' | 'signed out';
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: object;
  parts?: Part[];
  /** Who is refused (all four unless said), and with which status. */
  refused?: Partial<Record<Actor, number>>;
}

const everyone = { viewer: 403, 'other member': 403, outsider: 404, 'signed out': 401 };
const readers = { outsider: 404, 'signed out': 401 };

async function snapshot() {
  // Notifications of earlier steps are made after their requests; let them land first.
  await t.app.deps.jobs.drain();
  const [all, ...mine] = await Promise.all([
    rowCounts(t.db),
    t.db.select().from(tasks).orderBy(tasks.id),
    t.db.select().from(taskAssignments).orderBy(taskAssignments.id),
    t.db.select().from(taskReports).orderBy(taskReports.id),
    t.db.select().from(taskFiles).orderBy(taskFiles.id),
    t.db.select().from(taskReviewers),
    t.db.select().from(taskTags),
    t.db.select().from(taskKeyResults),
    t.db.select().from(criteria).orderBy(criteria.id),
  ]);
  return { all, mine, files: storedFiles(t) };
}

describe('wrong roles on task and subtask routes', () => {
  const routes: Route[] = [];
  const tokens: Record<Actor, string | null> = {
    viewer: '',
    'other member': '',
    outsider: '',
    'signed out': null,
  };

  beforeAll(async () => {
    const { workspace, owner, people } = await createWorkspace(t, {
      members: { member: 3, viewer: 1 },
    });
    const [ann, other, rev] = people.member;
    const outsider = await t.createUser();
    tokens.viewer = people.viewer[0].token;
    tokens['other member'] = other.token;
    tokens.outsider = outsider.token;
    const ownerCall = call(t, owner.token);
    const w = workspace.id;

    const make = async (name: string) =>
      (
        await ownerCall.post(`/workspaces/${w}/tasks-by-owner`, {
          name,
          expired_at: future(5),
          user_ids: [ann.user.id],
          reviewer_ids: [rev.user.id],
        })
      ).json().resource.task;
    const task = await make('Lab report');
    const target = await make('Another task');
    const subtask = (
      await ownerCall.post(`/tasks/${task.id}/subtasks`, {
        name: 'Graphs',
        user_ids: [ann.user.id],
      })
    ).json().resource.task;
    const tag = (
      await ownerCall.post('/tags', { workspace_id: w, name: 'Lab', color: '#112233' })
    ).json().resource.tag;
    expect(tag.id).toBeGreaterThan(0);

    const ids: Record<string, { id: number; unit: number; file: number; answer: number }> = {};
    for (const [kind, item] of [
      ['tasks', task],
      ['subtasks', subtask],
    ] as const) {
      const annCall = call(t, ann.token);
      const submitted = await annCall.upload('POST', `/${kind}/${item.id}/submit`, [
        pdf('work.pdf'),
      ]);
      expect(submitted.statusCode).toBe(200);
      const answered = await annCall.post(`/${kind}/${item.id}/answer`, { body: 'Progress note' });
      const files = (await annCall.get(`/${kind}/${item.id}/files`)).json().resource.files;
      ids[kind] = {
        id: item.id,
        unit: item.assignments[0].id,
        file: files[0].id,
        answer: answered.json().resource.answer.id,
      };
    }

    for (const kind of ['tasks', 'subtasks'] as const) {
      const { id, unit, file, answer } = ids[kind];
      const base = `/${kind}/${id}`;
      routes.push(
        { method: 'GET', url: base, refused: readers },
        { method: 'PUT', url: base, body: { name: 'Renamed' } },
        { method: 'DELETE', url: base },
        {
          method: 'PUT',
          url: `/${kind}/update-comment/${id}`,
          body: { assignment_id: unit, comment: 'x' },
        },
        { method: 'PUT', url: `${base}/schema`, body: { schema: { color: '#aabbcc' } } },
        { method: 'PUT', url: `${base}/tags`, body: { tag_ids: [tag.id] } },
        { method: 'POST', url: `${base}/link-to-key-result`, body: { key_result_ids: [7] } },
        { method: 'POST', url: `${base}/assign-user/${other.user.id}` },
        { method: 'POST', url: `${base}/un-assign-user/${ann.user.id}` },
        { method: 'GET', url: `${base}/files`, refused: readers },
        {
          method: 'GET',
          url: `${base}/files/${file}`,
          refused: { ...readers, viewer: 404, 'other member': 404 },
        },
        { method: 'PATCH', url: `${base}/files`, parts: [pdf('brief.pdf')] },
        { method: 'PUT', url: `${base}/edit-file/${file}`, parts: [pdf('swap.pdf')] },
        { method: 'GET', url: `${base}/users` },
        { method: 'GET', url: `${base}/answers`, refused: readers },
        { method: 'POST', url: `${base}/answer`, body: { body: 'Not mine' } },
        { method: 'PUT', url: `${base}/answers/${answer}`, body: { body: 'Changed' } },
        { method: 'DELETE', url: `${base}/answers/${answer}` },
        { method: 'POST', url: `${base}/send-reminder`, body: { user_id: ann.user.id } },
        { method: 'POST', url: `${base}/send-reminder-for-all` },
        { method: 'POST', url: `${base}/submit`, parts: [pdf('mine.pdf')] },
        { method: 'POST', url: `${base}/resubmit`, parts: [pdf('mine.pdf')] },
        { method: 'GET', url: `${base}/tracking`, refused: readers },
        { method: 'POST', url: `${base}/close-by-assignee`, body: {} },
        { method: 'POST', url: `${base}/open-by-assignee`, body: {} },
        { method: 'POST', url: `${base}/close-by-reviewer`, body: { assignment_id: unit } },
        { method: 'POST', url: `${base}/open-by-reviewer`, body: { assignment_id: unit } },
        { method: 'POST', url: `${base}/archive` },
        { method: 'POST', url: `${base}/restore` },
        { method: 'GET', url: `${base}/selectable-users-for-chat`, refused: readers },
        { method: 'GET', url: `${base}/can-move-to-tasks`, refused: readers },
      );
    }
    const sub = ids.subtasks.id;
    routes.push(
      {
        method: 'POST',
        url: `/tasks/${task.id}/change-task-to-subtask`,
        body: { task_id: target.id },
      },
      { method: 'POST', url: `/subtasks/${sub}/change-subtask-to-task` },
      {
        method: 'POST',
        url: `/subtasks/${sub}/move-to-another-task`,
        body: { task_id: target.id },
      },
      {
        method: 'POST',
        url: `/subtasks/${sub}/resubmit_by_teammates`,
        parts: [{ name: 'assignment_id', value: String(ids.subtasks.unit) }, pdf('for-ann.pdf')],
      },
      { method: 'GET', url: `/tasks/${task.id}/subtasks`, refused: readers },
      {
        method: 'POST',
        url: `/tasks/${task.id}/subtasks`,
        body: { name: 'More', user_ids: [ann.user.id] },
      },
      {
        method: 'POST',
        url: `/tasks/${task.id}/subtasks-for-all-users`,
        body: { name: 'For all' },
      },
      { method: 'GET', url: `/tasks/${task.id}/subtasks-users`, refused: readers },
      { method: 'GET', url: `/tasks/${task.id}/select-subtask-users` },
      { method: 'GET', url: `/tasks/${task.id}/select-subtask-users-teams` },
      { method: 'GET', url: `/tasks/${task.id}/selectable-subtask-users-for-reviewers` },
      { method: 'GET', url: `/workspaces/${w}/tasks`, refused: readers },
      {
        method: 'POST',
        url: `/workspaces/${w}/tasks-by-owner`,
        body: { name: 'Sneaky', user_ids: [] },
      },
      {
        method: 'POST',
        url: `/workspaces/${w}/tasks-by-member`,
        body: { name: 'Mine' },
        refused: { viewer: 403, outsider: 404, 'signed out': 401 },
      },
      { method: 'GET', url: `/workspaces/${w}/selectable-users` },
      {
        method: 'GET',
        url: `/workspaces/${w}/selectable-teams`,
        refused: { viewer: 403, outsider: 404, 'signed out': 401 },
      },
      {
        method: 'GET',
        url: `/workspaces/${w}/selectable-users-for-reviewers`,
        refused: { viewer: 403, outsider: 404, 'signed out': 401 },
      },
      { method: 'GET', url: `/tags?workspace_id=${w}&type=task`, refused: readers },
      { method: 'POST', url: '/tags', body: { workspace_id: w, name: 'Mine', color: '#000000' } },
      { method: 'PUT', url: `/tags/${tag.id}`, body: { name: 'Renamed' } },
      { method: 'DELETE', url: `/tags/${tag.id}` },
      { method: 'GET', url: '/tasks/search?q=Lab', refused: { 'signed out': 401 } },
      { method: 'GET', url: '/my-work', refused: { 'signed out': 401 } },
      {
        method: 'GET',
        url: `/my-work/todo?workspace_id=${w}`,
        refused: { outsider: 404, 'signed out': 401 },
      },
      { method: 'GET', url: '/reminder/assessment-task', refused: { 'signed out': 401 } },
      {
        method: 'POST',
        url: '/reminder/update-setting',
        body: { is: 'task', id: task.id },
        refused: { viewer: 404, 'other member': 404, outsider: 404, 'signed out': 401 },
      },
      {
        method: 'GET',
        url: `/dashboard/deadlines?workspace_id=${w}&user_id=${ann.user.id}`,
        refused: everyone,
      },
    );
  });

  it('refuses every one of them and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of routes) {
      for (const [actor, status] of Object.entries(route.refused ?? everyone) as [
        Actor,
        number,
      ][]) {
        const as = call(t, tokens[actor]);
        const res = route.parts
          ? await as.upload(route.method as 'POST' | 'PUT' | 'PATCH', route.url, route.parts)
          : await t.app.inject({
              method: route.method,
              url: `/api/v2/core${route.url}`,
              headers: tokens[actor] ? { authorization: `Bearer ${tokens[actor]}` } : {},
              payload: route.body,
            });
        if (res.statusCode !== status) {
          failures.push(
            `${actor} ${route.method} ${route.url}: ${res.statusCode}, expected ${status}`,
          );
        } else if (status >= 400) {
          expect(res.json().messages.length).toBeGreaterThan(0);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('covers every route of the tasks module', () => {
    const covered = new Set(
      routes.map((r) => `${r.method} ${r.url.replace(/\?.*$/, '').replace(/\/\d+/g, '/:n')}`),
    );
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const ours = ['tasks', 'subtasks', 'tags', 'reminders'];
    const registered = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.some((tag) => ours.includes(tag)))
        .map(
          ([method]) =>
            `${method.toUpperCase()} ${path.replace('/api/v2/core', '').replace(/\{[^}]+\}/g, ':n')}`,
        ),
    );
    expect(registered.length).toBeGreaterThan(70);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
  });
});
