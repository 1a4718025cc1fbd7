import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { taskKeys } from '@/features/tasks/keys';
import { teamKeys } from '@/features/workspace-teams/keys';
import { workspaceKeys } from '@/features/workspaces/keys';
import { currentUserKey } from '@/lib/current-user';
import { liveInvalidations } from './live-updates';

/** Whether an event makes the query under `key` stale (invalidation matches by prefix). */
const invalidates = (keys: QueryKey[], key: QueryKey) =>
  keys.some((prefix) => partialMatchKey(key, prefix));

describe('the live update table', () => {
  it('a task change refreshes boards, task pages and the counters of its workspace', () => {
    const keys = liveInvalidations['task-changed']({ id: 5, parent_id: 2, workspace_id: 1 });
    expect(invalidates(keys, taskKeys.list(1, { status: 'open', sort: 'name' }))).toBe(true);
    expect(invalidates(keys, taskKeys.one(2))).toBe(true);
    expect(invalidates(keys, taskKeys.subtasks(2))).toBe(true);
    expect(invalidates(keys, taskKeys.myWork())).toBe(true);
    expect(invalidates(keys, workspaceKeys.works(1))).toBe(true);
    expect(invalidates(keys, workspaceKeys.members(1))).toBe(false);
    expect(invalidates(keys, teamKeys.list(1))).toBe(false);
    expect(invalidates(keys, currentUserKey)).toBe(false);
  });

  it('a member change refreshes the people and abilities of that workspace only', () => {
    const keys = liveInvalidations['member-changed']({ workspace_id: 1, kind: 'role_changed' });
    expect(invalidates(keys, workspaceKeys.members(1))).toBe(true);
    expect(invalidates(keys, workspaceKeys.detail(1))).toBe(true);
    expect(invalidates(keys, teamKeys.members(1))).toBe(true);
    expect(invalidates(keys, workspaceKeys.members(2))).toBe(false);
    expect(invalidates(keys, currentUserKey)).toBe(false);
  });

  it('a change of my own membership refreshes my workspaces and who I am', () => {
    const keys = liveInvalidations['membership-changed']({ workspace_id: 1, kind: 'added' });
    expect(invalidates(keys, workspaceKeys.menu())).toBe(true);
    expect(invalidates(keys, workspaceKeys.list('open', 'name', 'asc'))).toBe(true);
    expect(invalidates(keys, currentUserKey)).toBe(true);
  });
});
