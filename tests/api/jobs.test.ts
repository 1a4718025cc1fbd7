import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outboxEvents, tasks, teamFormationRuns } from '@server/db/schema';
import { recordEvent } from '@server/jobs';
import { notifyAboutTask } from '@server/modules/tasks/notify';
import { openTestDatabase } from '../support/database';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

declare module '@server/jobs' {
  interface DomainEvents {
    'test.always_fails': { attempt_label: string };
    'test.outlives_stop': { label: string };
  }
}

const fastJobs = { JOBS_POLL_SECONDS: '0.5', JOBS_RETRY_DELAY_SECONDS: '1' };

describe('events recorded in a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(fastJobs);
  });
  afterAll(() => t.close());

  it('never run a handler when the transaction rolls back, and run once when it commits', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const [ann] = people.member;
    const [task] = await t.db
      .insert(tasks)
      .values({ workspaceId: workspace.id, type: 'owner', name: 'Map', createdBy: owner.user.id })
      .returning();
    const rolledBack = t.db.transaction(async (tx) => {
      await notifyAboutTask(tx, task, 'task_assigned', [ann.user.id], owner.user.id);
      throw new Error('the change failed after its event was written');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    await t.app.deps.jobs.drain();
    const told = () =>
      t.db.select().from(notifications).where(eq(notifications.userId, ann.user.id));
    expect(await told()).toEqual([]);
    expect(await t.db.select().from(outboxEvents)).toEqual([]);

    await t.db.transaction((tx) =>
      notifyAboutTask(tx, task, 'task_assigned', [ann.user.id], owner.user.id),
    );
    await t.app.deps.jobs.drain();
    expect((await told()).map((n) => n.kind)).toEqual(['task_assigned']);
  });
});

describe('a job that keeps failing', () => {
  let t: TestApp;
  const attempts: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(fastJobs);
    await t.app.deps.jobs.on('test.always_fails', 'broken', async (_event, job) => {
      attempts.push(job.retryCount);
      throw new Error('the mail server said no');
    });
  });
  afterAll(() => t.close());

  const dead = (token: string | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v2/core/_jobs/dead${query}`,
      headers: token ? bearer(token) : {},
    });

  it('runs three times with backoff, then lands in the dead-letter list a supervisor sees', async () => {
    await recordEvent(t.db, 'test.always_fails', { attempt_label: 'ping' });
    const supervisor = await t.createUser({ role: 'supervisor' });
    const giveUp = Date.now() + 40_000;
    let jobs: { queue: string; error: string; attempts: number; data: object }[] = [];
    while (jobs.length === 0 && Date.now() < giveUp) {
      await t.app.deps.jobs.drain();
      const res = await dead(supervisor.token);
      expect(res.statusCode).toBe(200);
      jobs = res.json().resource.jobs;
      if (jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(attempts).toEqual([0, 1, 2]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      queue: 'event_test_always_fails_broken',
      error: 'the mail server said no',
      attempts: 3,
      data: { type: 'test.always_fails', handler: 'broken' },
    });
  });

  it('is for supervisors only, and refuses a bad limit in the caller’s language', async () => {
    const member = await t.createUser();
    expect((await dead(null)).statusCode).toBe(401);
    const refused = await dead(member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const supervisor = await t.createUser({ role: 'supervisor' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/_jobs/dead?limit=lots',
      headers: { ...bearer(supervisor.token), 'accept-language': 'vi' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation_failed');
    expect(bad.json().messages[0]).not.toMatch(/^common:/);
  });
});

describe('a handler that outlives the stop', () => {
  it('finishes, done or failed, without an unhandled rejection from the dropped completion', async () => {
    const t = await createTestApp(fastJobs);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const started: string[] = [];
      await t.app.deps.jobs.on('test.outlives_stop', 'completes', async () => {
        started.push('completes');
        await released;
      });
      await t.app.deps.jobs.on('test.outlives_stop', 'fails', async () => {
        started.push('fails');
        await released;
        throw new Error('cut off by the stop');
      });
      await recordEvent(t.db, 'test.outlives_stop', { label: 'slow' });
      const giveUp = Date.now() + 15_000;
      while (started.length < 2 && Date.now() < giveUp)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(started.sort()).toEqual(['completes', 'fails']);
      await t.app.deps.jobs.stop();
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await t.close();
    }
  });
});

describe('a deadline reminder', () => {
  it('fires at its time, with the app restarted in between', async () => {
    const database = await openTestDatabase();
    // One hour ahead of a due date one hour and twelve seconds away: due in twelve seconds, time
    // enough for the first app to make the task and stop even on a busy machine.
    const env = { ...fastJobs, TASK_REMINDER_LEAD_HOURS: '1' };
    const before = await createTestApp(env, { sharedDatabase: database });
    const { workspace, owner, people } = await createWorkspace(before, {
      members: { member: 2 },
    });
    const [ann, ben] = people.member;
    const created = await call(before, owner.token).post(
      `/workspaces/${workspace.id}/tasks-by-owner`,
      {
        name: 'Essay on rivers',
        expired_at: new Date(Date.now() + 3_600_000 + 12_000).toISOString(),
        user_ids: [ann.user.id, ben.user.id],
        reviewer_ids: [owner.user.id],
      },
    );
    expect(created.statusCode).toBe(201);
    const taskId = created.json().resource.task.id as number;
    // Ben sets this reminder aside; Ann keeps it.
    const setAside = await call(before, ben.token).post('/reminder/update-setting', {
      is: 'task',
      id: taskId,
    });
    expect(setAside.statusCode).toBe(200);
    await before.app.deps.jobs.drain();
    const reminded = () =>
      before.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'task_reminder'), eq(notifications.referenceId, taskId)));
    expect(await reminded()).toEqual([]);
    await before.close();

    const after = await createTestApp(env, { sharedDatabase: database });
    try {
      const mail = await after.smtp.waitFor(ann.user.email);
      expect(mail.subject).toBe('Reminder: Essay on rivers');
      await after.app.deps.jobs.drain();
      const rows = await reminded();
      expect(rows.map((n) => [n.userId, n.actorId])).toEqual([[ann.user.id, null]]);
      expect(after.smtp.received.filter((m) => m.to.includes(ben.user.email))).toEqual([]);
    } finally {
      await after.close();
      await database.close();
    }
  }, 60_000);
});

describe('a team formation run whose process died', () => {
  it('is taken up again after restart and finishes', async () => {
    const database = await openTestDatabase();
    const env = { ...fastJobs, JOBS_LEASE_SECONDS: '2' };
    // The first process records the run and its job, then "dies" mid-run: it works no jobs,
    // and the test leaves the job and run as a process killed while computing would.
    const before = await createTestApp(
      { ...env, JOBS_WORK: 'false' },
      { sharedDatabase: database },
    );
    const { workspace, owner } = await createWorkspace(before, { members: { member: 6 } });
    const started = await before.app.inject({
      method: 'POST',
      url: '/api/v2/teamformation',
      headers: bearer(owner.token),
      payload: { workspace_id: workspace.id, team_size: { min: 2, max: 3 } },
    });
    expect(started.statusCode).toBe(200);
    const { token } = started.json().resource as { token: string };
    await before.app.deps.jobs.relay();
    await database.executeSql(
      `update pgboss.job set state = 'active', started_on = now() where name like 'event_team_formation%'`,
    );
    await before.db
      .update(teamFormationRuns)
      .set({ status: 'running', startedAt: new Date() })
      .where(eq(teamFormationRuns.token, token));
    await before.close();

    const after = await createTestApp(env, { sharedDatabase: database });
    try {
      const poll = async () =>
        (
          await after.app.inject({
            method: 'GET',
            url: `/api/v2/teamformation/${token}`,
            headers: bearer(owner.token),
          })
        ).json().resource.run as { status: string; teams: unknown[] | null };
      const giveUp = Date.now() + 30_000;
      let run = await poll();
      while ((run.status === 'running' || run.status === 'queued') && Date.now() < giveUp) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        run = await poll();
      }
      expect(run.status).toBe('done');
      expect(run.teams?.length).toBeGreaterThan(1);
    } finally {
      await after.close();
      await database.close();
    }
  }, 60_000);

  it('is reported failed, in the reader’s language, once even its retries are long over', async () => {
    const t = await createTestApp(fastJobs);
    try {
      const { workspace, owner } = await createWorkspace(t, { members: { member: 2 } });
      const [run] = await t.db
        .insert(teamFormationRuns)
        .values({
          workspaceId: workspace.id,
          options: {},
          request: { people: [] },
          status: 'running',
          createdBy: owner.user.id,
          createdAt: new Date(Date.now() - 86_400_000),
        })
        .returning();
      const polled = await t.app.inject({
        method: 'GET',
        url: `/api/v2/teamformation/${run.token}`,
        headers: { ...bearer(owner.token), 'accept-language': 'vi' },
      });
      expect(polled.statusCode).toBe(200);
      expect(polled.json().resource.run).toMatchObject({
        status: 'failed',
        error: 'Máy chủ đã dừng trong lúc chia nhóm và không thể hoàn tất. Hãy chia nhóm lại.',
      });
    } finally {
      await t.close();
    }
  });
});
