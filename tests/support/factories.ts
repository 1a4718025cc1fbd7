import {
  workspaceMembers,
  workspaces,
  type WorkspaceRole,
  type WorkspaceRow,
} from '@server/db/schema';
import type { TestApp } from './test-app';

type Person = Awaited<ReturnType<TestApp['createUser']>>;

/**
 * A workspace straight in the database with an owner and members in the given roles,
 * for tests of modules that build on workspaces.
 */
export async function createWorkspace(
  t: TestApp,
  options: {
    owner?: Person;
    members?: Partial<Record<WorkspaceRole, number>>;
    values?: Partial<typeof workspaces.$inferInsert>;
  } = {},
): Promise<{ workspace: WorkspaceRow; owner: Person; people: Record<WorkspaceRole, Person[]> }> {
  const owner = options.owner ?? (await t.createUser());
  const [workspace] = await t.db
    .insert(workspaces)
    .values({
      name: 'Test workspace',
      workspaceType: 'course',
      createdBy: owner.user.id,
      ...options.values,
    })
    .returning();
  await t.db
    .insert(workspaceMembers)
    .values({ workspaceId: workspace.id, userId: owner.user.id, role: 'owner' });
  const people: Record<WorkspaceRole, Person[]> = {
    owner: [owner],
    admin: [],
    member: [],
    viewer: [],
    deactive: [],
  };
  for (const [role, count] of Object.entries(options.members ?? {}) as [WorkspaceRole, number][]) {
    for (let i = 0; i < count; i += 1) {
      const person = await t.createUser();
      await t.db
        .insert(workspaceMembers)
        .values({ workspaceId: workspace.id, userId: person.user.id, role });
      people[role].push(person);
    }
  }
  return { workspace, owner, people };
}
