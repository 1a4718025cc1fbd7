import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { taskKeys } from '@/features/tasks/keys';
import { teamKeys } from '@/features/workspace-teams/keys';
import { workspaceKeys } from '@/features/workspaces/keys';
import { currentUserKey } from '@/lib/current-user';
import { liveInvalidations } from './live-updates';

/** Which queries an event's keys make stale and which they leave (matched by key prefix). */
function expectStale(keys: QueryKey[], stale: QueryKey[], kept: QueryKey[] = []) {
  const invalidates = (key: QueryKey) => keys.some((prefix) => partialMatchKey(key, prefix));
  expect(stale.filter((key) => !invalidates(key))).toEqual([]);
  expect(kept.filter(invalidates)).toEqual([]);
}

describe('the live update table', () => {
  it('a task change refreshes boards, task pages and the counters of its workspace', () => {
    const keys = liveInvalidations['task-changed']({ id: 5, parent_id: 2, workspace_id: 1 });
    expectStale(
      keys,
      [
        taskKeys.list(1, { status: 'open', sort: 'name' }),
        taskKeys.one(2),
        taskKeys.subtasks(2),
        taskKeys.myWork(),
        workspaceKeys.works(1),
      ],
      [workspaceKeys.members(1), teamKeys.list(1), currentUserKey],
    );
  });

  it('a member change refreshes the people and abilities of that workspace only', () => {
    const keys = liveInvalidations['member-changed']({ workspace_id: 1, kind: 'role_changed' });
    expectStale(
      keys,
      [workspaceKeys.members(1), workspaceKeys.detail(1), teamKeys.members(1)],
      [workspaceKeys.members(2), currentUserKey],
    );
  });

  it('a change of my own membership refreshes my workspaces and who I am', () => {
    const keys = liveInvalidations['membership-changed']({ workspace_id: 1, kind: 'added' });
    expectStale(keys, [
      workspaceKeys.menu(),
      workspaceKeys.list('open', 'name', 'asc'),
      currentUserKey,
    ]);
  });
});
