import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { taskKeys } from '@/features/tasks/api';
import { teamKeys } from '@/features/teams/api';
import { workspaceKeys } from '@/features/workspaces/api';
import { queryClient } from '@/lib/query-client';
import { LiveUpdates, type LiveInvalidations } from '@/lib/realtime';
import { useAccessToken } from '@/lib/session';
import { currentUserKey } from './current-user';

/**
 * THE table of live updates: which cached queries each server event makes stale. Only the
 * queries on screen refetch at once; the rest refetch when next shown.
 */
export const liveInvalidations: LiveInvalidations = {
  // Boards, lists, a task's page, my work and deadlines; the workspace's counters.
  'task-changed': ({ workspace_id }) => [
    taskKeys.all,
    workspaceKeys.works(workspace_id),
    workspaceKeys.menu(),
  ],
  // Someone joined, left or changed role: the people and what they may do, wherever shown.
  'member-changed': ({ workspace_id }) => [
    workspaceKeys.detail(workspace_id),
    taskKeys.all,
    teamKeys.all,
  ],
  // It was me: my workspaces, my abilities in this one, and whether I still belong to it.
  'membership-changed': () => [workspaceKeys.all, taskKeys.all, teamKeys.all, currentUserKey],
};

export const liveUpdates = new LiveUpdates({ queryClient, invalidations: liveInvalidations });

/**
 * Keeps the socket in step with the session (connected while signed in, with the current
 * token) and listening to the workspace on screen. Called once, at the root of the app.
 */
export function useLiveUpdates() {
  const token = useAccessToken();
  const matches = useMatches();
  const workspace = Number(matches.at(-1)?.params.workspace);
  const workspaceId = Number.isInteger(workspace) && workspace > 0 ? workspace : null;

  useEffect(() => {
    if (token) void liveUpdates.connect(token);
    else liveUpdates.disconnect();
  }, [token]);

  useEffect(() => {
    if (workspaceId === null) return undefined;
    return liveUpdates.watch(`workspace-${workspaceId}`);
  }, [workspaceId]);

  useEffect(() => {
    const pause = () => liveUpdates.pause();
    const resume = () => liveUpdates.resume();
    window.addEventListener('offline', pause);
    window.addEventListener('online', resume);
    return () => {
      window.removeEventListener('offline', pause);
      window.removeEventListener('online', resume);
    };
  }, []);
}
