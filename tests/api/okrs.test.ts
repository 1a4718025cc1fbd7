import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@server/db/schema';
import { remindCheckIns } from '@server/modules/okrs/check-in-reminders';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

/** Objectives, key results, check-ins, tracking, alignments and the org chart through the API. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { workspace, owner, people } = await createWorkspace(t, {
    members: { member: 2, viewer: 1, admin: 1 },
  });
  return {
    w: workspace.id,
    owner: call(t, owner.token),
    admin: call(t, people.admin[0].token),
    ann: call(t, people.member[0].token),
    annId: people.member[0].user.id,
    bob: call(t, people.member[1].token),
    viewer: call(t, people.viewer[0].token),
    viewerId: people.viewer[0].user.id,
  };
}

describe('objectives and key results', () => {
  it('creates an objective with key results, lists it with counts, and counts it as work', async () => {
    const s = await setup();
    const res = await s.owner.post(`/workspaces/${s.w}/objectives`, {
      name: 'Grow the community',
      owner_ids: [s.annId],
      started_at: '2026-01-01',
      ended_at: '2026-03-31',
      key_results: [
        { name: 'Members', kind: 'increase', start_value: 100, target_value: 200, unit: 'people' },
        { name: 'Churn', kind: 'decrease', start_value: 10, target_value: 5, weight: 2 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const objective = res.json().resource.objective;
    expect(objective.key_result_count).toBe(2);
    expect(objective.owners.map((o: { id: number }) => o.id)).toEqual([s.annId]);
    expect(objective.derived_status).toBeNull();
    expect(objective.progress).toBe(0);
    expect(objective.abilities.update).toBe(true);

    const list = (await s.viewer.get(`/workspaces/${s.w}/objectives`)).json().resource;
    expect(list.counts).toEqual({ open: 1, closed: 0, archived: 0 });
    expect(list.objectives[0].abilities.update).toBe(false);
    expect(list.objectives[0].abilities.check_in).toBe(false);
    const annView = (await s.ann.get(`/objectives/${objective.id}`)).json().resource.objective;
    expect(annView.abilities.check_in).toBe(true);
    expect(annView.key_results[0].abilities.check_in).toBe(true);
    expect(annView.abilities.update).toBe(false);

    const works = (await s.owner.get(`/workspaces/${s.w}/number-of-works`)).json().resource;
    expect(JSON.stringify(works)).toContain('"objectives":{"open":1,"closed":0,"archived":0}');
  });

  it('shows the tasks linked to a key result on it', async () => {
    const s = await setup();
    const made = await s.owner.post(`/workspaces/${s.w}/objectives`, {
      name: 'Ship the app',
      key_results: [{ name: 'Release', kind: 'done' }],
    });
    const kr = made.json().resource.objective.key_results[0];
    expect(kr.tasks).toEqual([]);
    const task = await s.owner.post(`/workspaces/${s.w}/tasks-by-owner`, {
      name: 'Write release notes',
      user_ids: [s.annId],
      key_result_ids: [kr.id],
    });
    expect(task.statusCode, task.body).toBe(201);
    const objective = (await s.ann.get(`/objectives/${kr.objective_id}`)).json().resource.objective;
    expect(objective.key_results[0].tasks).toEqual([
      { id: task.json().resource.task.id, name: 'Write release notes', status: 'open' },
    ]);
  });

  it('moves a key result with its tasks when the owner chose so', async () => {
    const s = await setup();
    const objective = (
      await s.owner.post(`/workspaces/${s.w}/objectives`, {
        name: 'Ship the course',
        key_results: [
          {
            name: 'Lessons',
            kind: 'increase',
            start_value: 0,
            target_value: 10,
            progress_from_tasks: true,
          },
          { name: 'Launched', kind: 'done', progress_from_tasks: true },
          { name: 'By hand', kind: 'reach', start_value: 0, target_value: 10 },
        ],
      })
    ).json().resource.objective;
    const [lessons, launched, byHand] = objective.key_results;
    expect(lessons.progress_from_tasks).toBe(true);
    const taskIds: number[] = [];
    for (const name of ['Lesson 1', 'Lesson 2']) {
      const made = await s.owner.post(`/workspaces/${s.w}/tasks-by-owner`, {
        name,
        user_ids: [s.annId],
        reviewer_ids: [],
        key_result_ids: [lessons.id, launched.id, byHand.id],
      });
      expect(made.statusCode, made.body).toBe(201);
      taskIds.push(made.json().resource.task.id);
    }
    const current = async () => {
      await t.app.deps.jobs.drain();
      const shown = (await s.owner.get(`/objectives/${objective.id}`)).json().resource.objective;
      return shown.key_results.map((k: { current_value: number }) => k.current_value);
    };
    expect(await current()).toEqual([0, 0, 0]);

    expect((await s.ann.post(`/tasks/${taskIds[0]}/close-by-assignee`, {})).statusCode).toBe(200);
    expect(await current()).toEqual([5, 0, 0]);
    expect((await s.ann.post(`/tasks/${taskIds[1]}/close-by-assignee`, {})).statusCode).toBe(200);
    expect(await current()).toEqual([10, 1, 0]);
    expect((await s.ann.post(`/tasks/${taskIds[1]}/open-by-assignee`, {})).statusCode).toBe(200);
    expect(await current()).toEqual([5, 0, 0]);

    // The history says which check-ins Teamloop made.
    const answers = (await s.owner.get(`/key-results/${lessons.id}/tracking`)).json().resource
      .tracking;
    expect(
      answers.map((a: { value: number; from_tasks: boolean; created_by: unknown }) => [
        a.value,
        a.from_tasks,
        a.created_by,
      ]),
    ).toEqual([
      [5, true, null],
      [10, true, null],
      [5, true, null],
    ]);

    // A limit is not something one finishes: refused, nothing changed.
    const before = await rowCounts(t.db);
    const refused = await s.owner.put(`/key-results/${byHand.id}`, {
      kind: 'stay_below',
      progress_from_tasks: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('progress_from_tasks');
    expect(await rowCounts(t.db)).toEqual(before);

    // Turned on later, it catches up with what is done at once.
    const turnedOn = await s.owner.put(`/key-results/${byHand.id}`, { progress_from_tasks: true });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect(turnedOn.json().resource.key_result.current_value).toBe(5);
  });

  it('refuses key results that do not suit their kind, with nothing written', async () => {
    const s = await setup();
    const before = await rowCounts(t.db);
    for (const kr of [
      { name: 'Up', kind: 'increase', start_value: 10, target_value: 5 },
      { name: 'Down', kind: 'decrease', start_value: 1, target_value: 5 },
      { name: 'No target', kind: 'reach' },
    ]) {
      const res = await s.owner.post(`/workspaces/${s.w}/objectives`, {
        name: 'Bad',
        key_results: [{ name: 'Fine', kind: 'done' }, kr],
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^key_results\.1\./);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('checks in, keeps the history, derives the status and recomputes on correction', async () => {
    const s = await setup();
    const objective = (
      await s.owner.post(`/workspaces/${s.w}/objectives`, {
        name: 'Ship v2',
        key_results: [
          { name: 'Tests', kind: 'reach', start_value: 0, target_value: 100, unit: '%' },
          { name: 'Bugs', kind: 'stay_below', target_value: 3 },
          { name: 'Launched', kind: 'done' },
        ],
      })
    ).json().resource.objective;
    const [tests, bugs, launched] = objective.key_results;
    const first = await s.owner.post(`/key-results/${tests.id}/answer`, {
      value: 40,
      status: 'at risk',
      confidence: 6,
      note: 'Slow week',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().resource.key_result.progress).toBe(40);
    expect(first.json().resource.key_result.status).toBe('at risk');
    await s.owner.post(`/key-results/${tests.id}/answer`, { value: 70, status: 'on trace' });
    await s.owner.post(`/key-results/${bugs.id}/answer`, { value: 2, status: 'on trace' });
    let shown = (await s.owner.get(`/objectives/${objective.id}`)).json().resource.objective;
    expect(shown.derived_status).toBe('on trace');
    // Tests 0.7, bugs 1 (below 3), launched 0: mean 56.7.
    expect(shown.progress).toBeCloseTo(56.7, 1);

    const done = await s.owner.post(`/key-results/${launched.id}/answer`, {
      value: 0.5,
      status: 'on trace',
    });
    expect(done.statusCode).toBe(422);

    const history = (await s.viewer.get(`/key-results/${tests.id}/tracking`)).json().resource;
    expect(history.tracking.map((a: { value: number }) => a.value)).toEqual([40, 70]);
    expect(history.tracking.map((a: { progress: number }) => a.progress)).toEqual([40, 70]);
    expect(history.tracking[0].abilities.update).toBe(false);
    const latest = history.tracking[1].report;

    const corrected = await s.owner.put(`/key-results/${tests.id}/answers/${latest}`, {
      value: 90,
      status: 'at risk',
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().resource.key_result.current_value).toBe(90);
    await s.owner.post(`/key-results/${bugs.id}/answer`, { value: 5, status: 'at risk' });
    shown = (await s.owner.get(`/objectives/${objective.id}`)).json().resource.objective;
    expect(shown.derived_status).toBe('at risk');

    const removed = await s.owner.delete(`/key-results/${tests.id}/answers/${latest}`);
    expect(removed.statusCode).toBe(200);
    const after = removed.json().resource.key_result;
    expect(after.current_value).toBe(40);
    expect(after.status).toBe('at risk');
    const again = (await s.owner.get(`/key-results/${tests.id}/tracking`)).json().resource;
    expect(again.tracking).toHaveLength(1);
  });

  it('lets a member check in only on what they own, and only while the objective is open', async () => {
    const s = await setup();
    const objective = (
      await s.owner.post(`/workspaces/${s.w}/objectives`, {
        name: 'Mine',
        key_results: [
          {
            name: 'Owned',
            kind: 'increase',
            start_value: 0,
            target_value: 10,
            owner_ids: [s.annId],
          },
          { name: 'Not owned', kind: 'increase', start_value: 0, target_value: 10 },
        ],
      })
    ).json().resource.objective;
    const [owned, notOwned] = objective.key_results;
    expect(
      (await s.ann.post(`/key-results/${owned.id}/answer`, { value: 3, status: 'on trace' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await s.ann.post(`/key-results/${notOwned.id}/answer`, { value: 3, status: 'on trace' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await s.bob.post(`/key-results/${owned.id}/answer`, { value: 3, status: 'on trace' }))
        .statusCode,
    ).toBe(403);
    expect((await s.ann.put(`/key-results/${owned.id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await s.owner.post(`/objectives/${objective.id}/close`)).statusCode).toBe(200);
    const closed = await s.ann.post(`/key-results/${owned.id}/answer`, {
      value: 4,
      status: 'on trace',
    });
    expect(closed.statusCode).toBe(409);
    expect((await s.owner.post(`/objectives/${objective.id}/close`)).statusCode).toBe(409);
    expect((await s.owner.post(`/objectives/${objective.id}/archive`)).statusCode).toBe(200);
    expect(
      (await s.owner.post(`/objectives/${objective.id}/restore`)).json().resource.objective.status,
    ).toBe('closed');
    expect((await s.admin.post(`/objectives/${objective.id}/open`)).statusCode).toBe(200);
    const list = (await s.owner.get(`/workspaces/${s.w}/objectives?status=open`)).json().resource;
    expect(list.counts.open).toBe(1);
  });

  it('refuses viewers as owners, and another workspace on update', async () => {
    const s = await setup();
    const other = await setup();
    const res = await s.owner.post(`/workspaces/${s.w}/objectives`, {
      name: 'x',
      owner_ids: [s.viewerId],
    });
    expect(res.statusCode).toBe(422);
    const made = (await s.owner.post(`/workspaces/${s.w}/objectives`, { name: 'x' })).json()
      .resource.objective;
    const moved = await s.owner.put(`/objectives/${made.id}?workspace_id=${other.w}`, {
      name: 'y',
    });
    expect(moved.statusCode).toBe(422);
    // Someone outside the workspace learns nothing.
    expect((await other.owner.get(`/objectives/${made.id}`)).statusCode).toBe(404);
  });
});

describe('check-in reminders', () => {
  const DAY = 86_400_000;
  const remindersOf = (userId: number) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'okr_check_in_due')));

  it('remind the owners once per cadence, start over after a check-in, and skip closed objectives', async () => {
    const s = await setup();
    const objective = (
      await s.owner.post(`/workspaces/${s.w}/objectives`, {
        name: 'Weekly rhythm',
        owner_ids: [s.annId],
        check_in_every_days: 7,
        key_results: [{ name: 'Calls', kind: 'reach', start_value: 0, target_value: 10 }],
      })
    ).json().resource.objective;
    const closed = (
      await s.owner.post(`/workspaces/${s.w}/objectives`, {
        name: 'Closed rhythm',
        owner_ids: [s.annId],
        check_in_every_days: 7,
      })
    ).json().resource.objective;
    expect((await s.owner.post(`/objectives/${closed.id}/close`)).statusCode).toBe(200);

    // Not due yet six days on.
    await remindCheckIns(t.app.deps, new Date(Date.now() + 6 * DAY));
    expect(await remindersOf(s.annId)).toHaveLength(0);

    // Due a week on: one reminder, however often the job runs in that period.
    await remindCheckIns(t.app.deps, new Date(Date.now() + 8 * DAY));
    await remindCheckIns(t.app.deps, new Date(Date.now() + 9 * DAY));
    const reminders = await remindersOf(s.annId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].data).toMatchObject({ name: 'Weekly rhythm', days: 7 });

    // A check-in starts a new period: nothing until a week after it.
    const kr = objective.key_results[0];
    expect(
      (await s.ann.post(`/key-results/${kr.id}/answer`, { value: 3, status: 'on trace' }))
        .statusCode,
    ).toBe(201);
    await remindCheckIns(t.app.deps, new Date(Date.now() + 6 * DAY));
    expect(await remindersOf(s.annId)).toHaveLength(1);
    await remindCheckIns(t.app.deps, new Date(Date.now() + 15 * DAY));
    expect(await remindersOf(s.annId)).toHaveLength(2);
  });

  it('remind whoever made an objective that has no owners', async () => {
    const s = await setup();
    const made = await s.admin.post(`/workspaces/${s.w}/objectives`, {
      name: 'Nobody owns this',
      check_in_every_days: 3,
    });
    expect(made.statusCode).toBe(201);
    const adminId = made.json().resource.objective.created_by.id;
    await remindCheckIns(t.app.deps, new Date(Date.now() + 4 * DAY));
    const reminders = await remindersOf(adminId);
    expect(reminders.map((r) => (r.data as { name: string }).name)).toContain('Nobody owns this');
  });
});

describe('saved board views of objectives', () => {
  it('saves a board by status, refuses a config that is not one, and keeps views to their owner', async () => {
    const s = await setup();
    const saved = await s.ann.post(`/workspaces/${s.w}/board_views`, {
      name: 'OKRs by status',
      config: { kind: 'objectives', view: 'board', group_by: 'status', status: 'open' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().resource.config).toEqual({
      kind: 'objectives',
      view: 'board',
      group_by: 'status',
      status: 'open',
    });
    const before = await rowCounts(t.db);
    for (const config of [
      { kind: 'objectives', view: 'kanban' },
      { kind: 'objectives', view: 'board', group_by: 'owner' },
      { kind: 'objectives', view: 'list', tag_id: -1 },
      { kind: 'objectives', view: 'list', colour: 'red' },
    ]) {
      const refused = await s.ann.post(`/workspaces/${s.w}/board_views`, { name: 'Bad', config });
      expect(refused.statusCode, JSON.stringify(config)).toBe(422);
      expect(Object.keys(refused.json().errors)[0]).toMatch(/^config\.?/);
    }
    const id = saved.json().resource.id;
    expect(
      (await s.bob.put(`/board_views/${id}`, { name: 'Mine now', config: {} })).statusCode,
    ).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);
    const mine = (await s.ann.get(`/workspaces/${s.w}/board_views`)).json().resource.board_views;
    expect(mine.map((v: { name: string }) => v.name)).toEqual(['OKRs by status']);
  });
});

describe('live updates', () => {
  it('tell the workspace room after each change that went through, and not after a refusal', async () => {
    const s = await setup();
    const sent: { room: number; event: string; payload: unknown }[] = [];
    const realtime = t.app.deps.realtime;
    const original = realtime.toWorkspace.bind(realtime);
    realtime.toWorkspace = ((room: number, event: string, payload: unknown) => {
      sent.push({ room, event, payload });
      return original(room as never, event as never, payload as never);
    }) as typeof realtime.toWorkspace;
    try {
      const okrEvents = () => sent.filter((e) => e.event === 'okr-changed');
      const objective = (
        await s.owner.post(`/workspaces/${s.w}/objectives`, {
          name: 'Live',
          key_results: [{ name: 'Done', kind: 'done' }],
        })
      ).json().resource.objective;
      expect(okrEvents()).toEqual([
        { room: s.w, event: 'okr-changed', payload: { workspace_id: s.w } },
      ]);
      const checkIn = await s.owner.post(`/key-results/${objective.key_results[0].id}/answer`, {
        value: 1,
        status: 'on trace',
      });
      expect(checkIn.statusCode, checkIn.body).toBe(201);
      expect(okrEvents()).toHaveLength(2);
      // Reading tells nobody; neither does a refused change.
      await s.owner.get(`/objectives/${objective.id}`);
      expect((await s.viewer.put(`/objectives/${objective.id}`, { name: 'No' })).statusCode).toBe(
        403,
      );
      expect(okrEvents()).toHaveLength(2);
    } finally {
      realtime.toWorkspace = original;
    }
  });
});

describe('alignments', () => {
  it('rolls progress up, refuses loops with nothing written, and unaligns', async () => {
    const s = await setup();
    const make = async (name: string, current: number) => {
      const o = (
        await s.owner.post(`/workspaces/${s.w}/objectives`, {
          name,
          key_results: [{ name: `${name} KR`, kind: 'reach', start_value: 0, target_value: 100 }],
        })
      ).json().resource.objective;
      if (current) {
        await s.owner.post(`/key-results/${o.key_results[0].id}/answer`, {
          value: current,
          status: 'on trace',
        });
      }
      return o;
    };
    const company = await make('Company', 0);
    const team = await make('Team', 0);
    const squad = await make('Squad', 0);
    expect(
      (
        await s.owner.post(`/objectives/${team.id}/alignments`, {
          parent_objective_id: company.id,
          weight: 3,
        })
      ).statusCode,
    ).toBe(201);
    const underKr = await s.owner.post(`/objectives/${squad.id}/alignments`, {
      parent_key_result_id: team.key_results[0].id,
    });
    expect(underKr.statusCode).toBe(201);

    const progressOf = async (id: number) =>
      (await s.owner.get(`/objectives/${id}`)).json().resource.objective.progress;
    expect(await progressOf(company.id)).toBe(0);
    await s.owner.post(`/key-results/${squad.key_results[0].id}/answer`, {
      value: 80,
      status: 'on trace',
    });
    // Team KR: no check-in of its own, so the squad's 0.8; team 0.8; company (0 + 3 * 0.8) / 4.
    expect(await progressOf(team.id)).toBe(80);
    expect(await progressOf(company.id)).toBe(60);

    const before = await rowCounts(t.db);
    const loop = await s.owner.post(`/objectives/${company.id}/alignments`, {
      parent_key_result_id: squad.key_results[0].id,
    });
    expect(loop.statusCode).toBe(409);
    expect(loop.json().messages[0]).toMatch(/loop/);
    const self = await s.owner.post(`/objectives/${company.id}/alignments`, {
      parent_objective_id: company.id,
    });
    expect(self.statusCode).toBe(409);
    const both = await s.owner.post(`/objectives/${company.id}/alignments`, {
      parent_objective_id: team.id,
      parent_key_result_id: squad.key_results[0].id,
    });
    expect(both.statusCode).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);

    const tree = (await s.viewer.get(`/workspaces/${s.w}/objective-tree`)).json().resource.nodes;
    expect(tree).toHaveLength(1);
    expect(tree[0].children[0].name).toBe('Team');
    expect(tree[0].children[0].children[0].alignment.via_key_result.name).toBe('Team KR');

    const listed = (await s.owner.get(`/objectives/${team.id}/alignments`)).json().resource;
    expect(listed.alignments).toHaveLength(1);
    expect(listed.aligned_children).toHaveLength(1);
    expect((await s.owner.delete(`/alignments/${listed.alignments[0].id}`)).statusCode).toBe(200);
    expect(await progressOf(company.id)).toBe(0);
  });

  it('refuses a parent from another workspace', async () => {
    const s = await setup();
    const other = await setup();
    const mine = (await s.owner.post(`/workspaces/${s.w}/objectives`, { name: 'a' })).json()
      .resource.objective;
    const theirs = (
      await other.owner.post(`/workspaces/${other.w}/objectives`, { name: 'b' })
    ).json().resource.objective;
    const res = await s.owner.post(`/objectives/${mine.id}/alignments`, {
      parent_objective_id: theirs.id,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('org chart', () => {
  it('builds a tree, moves and deletes positions; objectives keep their history', async () => {
    const s = await setup();
    const ceo = (await s.owner.post(`/workspaces/${s.w}/org-position`, { name: 'CEO' })).json()
      .resource.org_position;
    const cto = (
      await s.owner.post(`/workspaces/${s.w}/org-position`, { name: 'CTO', parent_id: ceo.id })
    ).json().resource.org_position;
    const dev = (
      await s.owner.post(`/workspaces/${s.w}/org-position`, { name: 'Dev lead', parent_id: cto.id })
    ).json().resource.org_position;
    const objective = (
      await s.owner.post(`/workspaces/${s.w}/objectives`, {
        name: 'Platform',
        org_position_id: cto.id,
        key_results: [{ name: 'Uptime', kind: 'stay_above', target_value: 99.9 }],
      })
    ).json().resource.objective;
    expect(objective.org_position.name).toBe('CTO');
    await s.owner.post(`/key-results/${objective.key_results[0].id}/answer`, {
      value: 99.95,
      status: 'on trace',
    });

    let chart = (await s.viewer.get(`/workspaces/${s.w}/org-chart`)).json().resource.nodes;
    expect(chart[0].org_position.name).toBe('CEO');
    expect(chart[0].children[0].org_position.name).toBe('CTO');
    expect(chart[0].children[0].objective_count).toBe(1);
    expect(chart[0].children[0].children[0].org_position.name).toBe('Dev lead');

    const loop = await s.owner.put(`/org-positions/${ceo.id}/org-nodes/${dev.id}`);
    expect(loop.statusCode).toBe(409);
    expect((await s.owner.put(`/org-positions/${dev.id}/org-nodes/${ceo.id}`)).statusCode).toBe(
      200,
    );
    const atPosition = (await s.viewer.get(`/org-positions/${cto.id}/objectives`)).json().resource;
    expect(atPosition.objectives.map((o: { name: string }) => o.name)).toEqual(['Platform']);

    expect((await s.owner.delete(`/org-positions/${cto.id}`)).statusCode).toBe(200);
    chart = (await s.owner.get(`/workspaces/${s.w}/org-chart`)).json().resource.nodes;
    expect(
      chart[0].children.map((n: { org_position: { name: string } }) => n.org_position.name),
    ).toEqual(['Dev lead']);
    const kept = (await s.owner.get(`/objectives/${objective.id}`)).json().resource.objective;
    expect(kept.org_position).toBeNull();
    const history = (
      await s.owner.get(`/key-results/${objective.key_results[0].id}/tracking`)
    ).json().resource.tracking;
    expect(history).toHaveLength(1);
  });
});
