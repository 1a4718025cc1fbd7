import i18next from 'i18next';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { loadChunk } from '@/lib/chunk-reload';
import { queryClient } from '@/lib/query-client';
import { afterLoading } from '@/lib/loading';
import { LiveUpdates } from '@/lib/realtime';
import { useAccessToken } from '@/lib/session';

/**
 * The one socket. Its invalidation table (live-updates.ts) names every feature's query keys, so
 * it loads with the socket, once someone is signed in, and not with the shell.
 */
export const liveUpdates = new LiveUpdates({
  queryClient,
  language: () => i18next.language || 'en',
  invalidations: () => loadChunk(() => import('./live-updates')).then((m) => m.liveInvalidations),
});

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
