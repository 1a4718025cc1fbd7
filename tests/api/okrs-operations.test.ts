import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorFor } from '@server/core/actor';
import { describeError } from '@server/http/error-handler';
import { translator } from '@server/i18n';
import { createObjective } from '@server/modules/okrs/operations/create-objective';
import { updateObjective } from '@server/modules/okrs/operations/update-objective';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * The OKR operations keep one set of rules whoever calls them: a job acting for a person is
 * refused with the same status, code and words as that person over HTTP, and a change a job
 * makes is heard by the workspace's open OKR screens like one made over HTTP.
 */
let t: TestApp;
type Person = Awaited<ReturnType<TestApp['createUser']>>;
let owner: Person;
let member: Person;
let outsider: Person;
let workspaceId: number;
let objectiveId: number;

interface Outcome {
  status: number;
  code: string | undefined;
  messages: string[];
}
type Operation = 'create' | 'update';
const jobOutcomes = new Map<string, Outcome>();

beforeAll(async () => {
  t = await createTestApp();
  const made = await createWorkspace(t, { members: { member: 1 } });
  owner = made.owner;
  [member] = made.people.member;
  outsider = await t.createUser();
  workspaceId = made.workspace.id;
  const created = await http(owner, 'POST', `/workspaces/${workspaceId}/objectives`, {
    name: 'Grow',
  });
  expect(created.status).toBe(201);
  objectiveId = created.body.resource.objective.id;
  await t.app.deps.jobs.define<{ user_id: number; operation: Operation; label: string }>(
    'test.okrs-as',
    async (data) => {
      const [person] = [owner, member, outsider].filter((p) => p.user.id === data.user_id);
      const actor = actorFor(person.user, 'job');
      try {
        if (data.operation === 'create') {
          await createObjective(t.app.deps, actor, { workspaceId, name: 'From a job' });
        } else {
          await updateObjective(t.app.deps, actor, {
            id: objectiveId,
            fields: { name: 'From a job' },
          });
        }
        jobOutcomes.set(data.label, { status: 200, code: undefined, messages: [] });
      } catch (error) {
        const { status, code, body } = describeError(error, translator('en'));
        jobOutcomes.set(data.label, { status, code, messages: body.messages as string[] });
      }
    },
  );
});
afterAll(() => t.close());

async function http(who: Person, method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await t.app.inject({
    method,
    url: `/api/v2/core${url}`,
    headers: bearer(who.token),
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function overHttp(who: Person, operation: Operation): Promise<Outcome> {
  const { status, body } =
    operation === 'create'
      ? await http(who, 'POST', `/workspaces/${workspaceId}/objectives`, { name: 'Over HTTP' })
      : await http(who, 'PUT', `/objectives/${objectiveId}`, { name: 'Over HTTP' });
  return { status, code: body.code, messages: body.messages };
}

async function fromJob(who: Person, operation: Operation, label: string): Promise<Outcome> {
  await t.app.deps.jobs.send('test.okrs-as', { user_id: who.user.id, operation, label });
  await t.app.deps.jobs.drain();
  const outcome = jobOutcomes.get(label);
  expect(outcome, `the job for ${label} ran`).toBeDefined();
  return outcome!;
}

async function sameRefusal(who: Person, label: string, status: number) {
  for (const operation of ['create', 'update'] as const) {
    const before = await rowCounts(t.db);
    const overHttpOutcome = await overHttp(who, operation);
    const fromJobOutcome = await fromJob(who, operation, `${label} ${operation}`);
    expect(overHttpOutcome.status, operation).toBe(status);
    expect(overHttpOutcome.messages.length).toBeGreaterThan(0);
    expect(fromJobOutcome, operation).toEqual(overHttpOutcome);
    expect(await rowCounts(t.db)).toEqual(before);
  }
}

describe('OKR operations: the same refusal from HTTP and a job', () => {
  it('an outsider learns nothing of the workspace or its objective (404)', async () => {
    await sameRefusal(outsider, 'outsider', 404);
  });

  it('a member may not create or change objectives (403)', async () => {
    await sameRefusal(member, 'wrong role', 403);
  });

  it('nobody changes the OKRs of an archived workspace (409)', async () => {
    const archived = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/archive/${workspaceId}`,
      headers: bearer(owner.token),
    });
    expect(archived.statusCode).toBe(200);
    await sameRefusal(owner, 'archived', 409);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/restore/${workspaceId}`,
      headers: bearer(owner.token),
    });
    expect(restored.statusCode).toBe(200);
  });

  it("tells the workspace's open OKR screens about a change a job made", async () => {
    const sent: { room: number; event: string; payload: unknown }[] = [];
    const realtime = t.app.deps.realtime;
    const original = realtime.toWorkspace.bind(realtime);
    realtime.toWorkspace = ((room: number, event: string, payload: unknown) => {
      sent.push({ room, event, payload });
      return original(room as never, event as never, payload as never);
    }) as typeof realtime.toWorkspace;
    try {
      expect((await fromJob(owner, 'update', 'owner update')).status).toBe(200);
      expect(sent.filter((e) => e.event === 'okr-changed')).toEqual([
        { room: workspaceId, event: 'okr-changed', payload: { workspace_id: workspaceId } },
      ]);
    } finally {
      realtime.toWorkspace = original;
    }
  });
});
