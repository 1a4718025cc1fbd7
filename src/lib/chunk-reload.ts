import { sessionStore } from './storage';

/** Spec 2.14 and 9: a page chunk that fails to load reloads the page, at most once a minute. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const RELOADED_AT_KEY = 'teamloop:chunk-reload-at';

/** How browsers word a failed dynamic import (a deploy replaced the chunk, or the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script failed|Unable to preload CSS|Loading (CSS )?chunk/i.test(
    message,
  );
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Settles when the browser says the network is back. */
function whenOnline(): Promise<void> {
  if (!isOffline()) return Promise.resolve();
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}

/**
 * Reloads unless it already did within the guard time; says whether it did. Offline it never
 * reloads: that would swap the app (and its offline banner) for the browser's error page.
 */
export function reloadAfterChunkFailure(now = Date.now()): boolean {
  if (isOffline()) return false;
  const last = Number(sessionStore.get(RELOADED_AT_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStore.set(RELOADED_AT_KEY, String(now));
  window.location.reload();
  return true;
}

/**
 * Loads a chunk. Offline, the navigation waits (the current page and the offline banner stay)
 * and loads again when the network returns. Online, a chunk failure reloads the page (once a
 * minute); any other error stands.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    if (isOffline()) {
      await whenOnline();
      return loadChunk(load);
    }
    if (reloadAfterChunkFailure()) {
      // The page is going away; never settle so nothing renders a half-loaded route.
      return new Promise<T>(() => undefined);
    }
    throw error;
  }
}

/** Vite reports failed preloads (CSS and imported chunks) through this event. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkFailure()) event.preventDefault();
  });
}
