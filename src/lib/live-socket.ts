import i18next from 'i18next';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { serverTimeAtPageStart, serverTimeNow } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { afterLoading } from '@/lib/loading';
import { LiveUpdates, type LiveInvalidations } from '@/lib/realtime';
import { useAccessToken } from '@/lib/session';

let loadInvalidations: (() => Promise<LiveInvalidations>) | null = null;

/**
 * The one socket. Its invalidation table names every feature's query keys, so the app shell
 * hands it over (`setLiveInvalidations`, src/app/live-updates.ts) and it loads with the socket,
 * once someone is signed in, not with the shell. Features import the socket from here, never
 * from the shell.
 */
export const liveUpdates = new LiveUpdates({
  queryClient,
  language: () => i18next.language || 'en',
  since: serverTimeAtPageStart,
  serverNow: serverTimeNow,
  invalidations: () =>
    loadInvalidations?.() ?? Promise.reject(new Error('setLiveInvalidations was not called')),
});

/** The shell says where the invalidation table comes from (a lazily loaded chunk). */
export function setLiveInvalidations(load: () => Promise<LiveInvalidations>) {
  loadInvalidations = load;
}

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
    if (!token) {
      liveUpdates.disconnect();
      return undefined;
    }
    // The socket and its code (socket.io, zod) wait until the page on screen has loaded.
    return afterLoading(() => void liveUpdates.connect(token));
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
