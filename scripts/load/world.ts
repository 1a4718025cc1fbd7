import { hashSecret } from '../../server/auth/password';
import type { DatabaseHandle } from '../../server/db/client';
import { users, workspaceMembers, workspaces } from '../../server/db/schema';

/**
 * What the simulated people work in: workspaces of `groupSize` people (the first is the owner),
 * each with tasks given to every member but the owner (who reviews them), objectives whose key results are each owned by one
 * member, and assessments in which every member assesses self and everyone else. People,
 * workspaces and memberships are written into the database; the rest is made through the API
 * by each workspace's owner, as the app would.
 */
export interface Person {
  index: number;
  id: number;
  email: string;
  group: Group;
  /** The tasks given to this person (everyone but the owner, who reviews them). */
  taskIds: number[];
  /** The key result this person owns and checks in on. */
  keyResultId?: number;
}

export interface Group {
  workspaceId: number;
  members: Person[];
  taskIds: number[];
  assessmentIds: number[];
}

export interface World {
  people: Person[];
  groups: Group[];
}

export const PASSWORD = 'load test password';

export const QUESTIONS = [
  { kind: 'rating', title: 'Does their share', options: { scale: 5 } },
  { kind: 'choice', title: 'Role', options: { choices: ['Leader', 'Builder', 'Checker'] } },
  { kind: 'text', title: 'One thing to keep', required: false },
] as const;

async function seedCall(base: string, method: string, url: string, token?: string, json?: object) {
  const response = await fetch(`${base}/api/v2/${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`seeding: ${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return {
    token: response.headers.get('access-token') ?? undefined,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a few fields of the answer
    body: JSON.parse(text) as any,
  };
}

export async function signIn(base: string, email: string) {
  const login = await seedCall(base, 'POST', 'core/join/login', undefined, {
    email,
    password: PASSWORD,
  });
  if (!login.token) throw new Error(`seeding: no token for ${email}`);
  return login.token;
}

export async function seedWorld(
  database: DatabaseHandle,
  base: string,
  options: {
    people: number;
    groupSize: number;
    tasksPerGroup: number;
    assessmentsPerGroup: number;
    /** Distinguishes the emails when one database holds several worlds (tests). */
    prefix?: string;
  },
): Promise<World> {
  const prefix = options.prefix ?? 'load';
  const passwordHash = await hashSecret(PASSWORD);
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: options.people }, (_, i) => ({
        email: `${prefix}${i}@example.com`,
        firstName: `${prefix[0].toUpperCase()}${prefix.slice(1)}${i}`,
        lastName: 'Person',
        passwordHash,
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const groups: Group[] = [];
  const people: Person[] = [];
  for (let from = 0; from < rows.length; from += options.groupSize) {
    const slice = rows.slice(from, from + options.groupSize);
    const [workspace] = await database.db
      .insert(workspaces)
      .values({
        name: `Load ${groups.length + 1}`,
        workspaceType: 'course',
        createdBy: slice[0].id,
      })
      .returning();
    await database.db.insert(workspaceMembers).values(
      slice.map((p, i) => ({
        workspaceId: workspace.id,
        userId: p.id,
        role: i === 0 ? ('owner' as const) : ('member' as const),
      })),
    );
    const group: Group = { workspaceId: workspace.id, members: [], taskIds: [], assessmentIds: [] };
    for (const [i, row] of slice.entries()) {
      const person: Person = {
        index: from + i,
        id: row.id,
        email: row.email,
        group,
        taskIds: [],
      };
      group.members.push(person);
      people.push(person);
    }
    groups.push(group);
  }

  // Through the API, a few workspaces at a time.
  const makeFor = async (group: Group) => {
    const owner = group.members[0];
    const token = await signIn(base, owner.email);
    const workers = group.members.slice(1);
    for (let n = 0; n < options.tasksPerGroup; n += 1) {
      const task = await seedCall(
        base,
        'POST',
        `core/workspaces/${group.workspaceId}/tasks-by-owner`,
        token,
        {
          name: `Weekly report ${n + 1}`,
          expired_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          user_ids: workers.map((m) => m.id),
          reviewer_ids: [owner.id],
        },
      );
      const taskId = task.body.resource.task.id as number;
      group.taskIds.push(taskId);
      for (const m of workers) m.taskIds.push(taskId);
    }
    // At most 20 key results per objective.
    for (let from = 0; from < group.members.length; from += 20) {
      const owners = group.members.slice(from, from + 20);
      const objective = await seedCall(
        base,
        'POST',
        `core/workspaces/${group.workspaceId}/objectives`,
        token,
        {
          name: `Ship the term's work ${from / 20 + 1}`,
          key_results: owners.map((m) => ({
            name: `Pages written by ${m.email}`,
            kind: 'increase',
            start_value: 0,
            target_value: 1000,
            owner_ids: [m.id],
          })),
        },
      );
      for (const kr of objective.body.resource.objective.key_results as {
        id: number;
        owners: { id: number }[];
      }[]) {
        const member = owners.find((m) => m.id === kr.owners[0]?.id);
        if (member) member.keyResultId = kr.id;
      }
    }
    for (let n = 0; n < options.assessmentsPerGroup; n += 1) {
      const assessment = await seedCall(
        base,
        'POST',
        `core/workspaces/${group.workspaceId}/assessments`,
        token,
        {
          name: `Peer review ${n + 1}`,
          expired_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          questions: QUESTIONS,
          who: { rules: ['self', 'everyone'] },
        },
      );
      group.assessmentIds.push(assessment.body.resource.assessment.id as number);
    }
  };
  for (let from = 0; from < groups.length; from += 4) {
    await Promise.all(groups.slice(from, from + 4).map(makeFor));
  }
  return { people, groups };
}
