import { lazy, type ComponentType } from 'react';
import { loadChunk } from '@/lib/chunk-reload';
import { beginLoading } from '@/lib/loading';

/** A chunk under the reload guard, counted as loading (what waits for the page to have loaded). */
async function loadCounted<T>(load: () => Promise<T>): Promise<T> {
  const loaded = beginLoading();
  try {
    return await loadChunk(load);
  } finally {
    loaded();
  }
}

/** Loads a page module whose default export is the page: `() => import('./CalendarPage')`. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * A route's `lazy` for a page module with a default export: the page becomes its own chunk,
 * loaded on first visit, and a chunk that fails to load reloads the page (spec 2.14).
 *   { id: 'calendar', path: 'calendar', lazy: lazyPage(() => import('./CalendarPage')) }
 */
export function lazyPage(load: PageLoader) {
  const route = async () => {
    const module = await loadCounted(load);
    return { Component: module.default };
  };
  // A prefetch loads the chunk quietly (no loading bar); the visit then finds it in the cache.
  return Object.assign(route, { preload: () => load().catch(() => undefined) });
}

/**
 * The loader of a page that its module exports by name, for modules holding several pages:
 *   namedPage(() => import('./StepPages'), 'PlanPage')
 */
export function namedPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): PageLoader {
  return () => load().then((module) => ({ default: module[name] }));
}

/** The quiet loader a `lazyPage` carries, if the route's `lazy` is one. */
export function preloadOf(lazy: unknown): (() => Promise<unknown>) | undefined {
  const preload = (lazy as { preload?: unknown } | undefined)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>) : undefined;
}

/**
 * A component only some visits show (the signed-in frame, a dialog, the host frame): its code
 * loads on first render, under the same chunk-reload guard. Render it inside <Suspense>.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadCounted(load) }));
}
