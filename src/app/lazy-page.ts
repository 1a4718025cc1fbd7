import { lazy, type ComponentType } from 'react';
import { loadChunk } from '@/lib/chunk-reload';
import { beginLoading } from '@/lib/loading';

/**
 * A route's `lazy` for a page module with a default export: the page becomes its own chunk,
 * loaded on first visit, and a chunk that fails to load reloads the page (spec 2.14).
 *   { id: 'calendar', path: 'calendar', lazy: lazyPage(() => import('./CalendarPage')) }
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadChunk(load);
    return { Component: module.default };
  };
}

/**
 * A component only some visits show (the signed-in frame, a dialog, the host frame): its code
 * loads on first render, under the same chunk-reload guard. Render it inside <Suspense>. Its
 * chunk counts as loading (the loading bar, and what waits for the page to have loaded).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const loaded = beginLoading();
    try {
      return { default: await loadChunk(load) };
    } finally {
      loaded();
    }
  });
}
