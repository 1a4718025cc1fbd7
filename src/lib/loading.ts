import { useSyncExternalStore } from 'react';

/** Work in flight (requests, page chunks) that the loading bar reflects. */
let pending = 0;
/** How many loads have begun, to see whether any began during a wait. */
let begun = 0;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

/** Marks the start of some work; call the returned function once when it ends. */
export function beginLoading(): () => void {
  pending += 1;
  begun += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    emit();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isBusy = () => pending > 0;

export function useBusy(): boolean {
  return useSyncExternalStore(subscribe, isBusy, isBusy);
}

/** The longest `afterLoading` waits for a page that keeps loading. */
export const AFTER_LOADING_MAX_WAIT_MS = 5_000;

/**
 * How long nothing must load before the page counts as loaded: a page often starts its next
 * load a moment after the last ended (a redirect to its first tab, a query its new code runs).
 */
const QUIET_MS = 150;

/**
 * Runs `work` once nothing is loading and the browser has a moment, for what the page on screen
 * does not need first (the socket and its code). It goes ahead anyway after
 * AFTER_LOADING_MAX_WAIT_MS. Returns a function that cancels it.
 */
export function afterLoading(work: () => void): () => void {
  let done = false;
  let idle: number | undefined;
  const finish = () => {
    if (done) return;
    stop();
    work();
  };
  const [later, cancelLater] =
    typeof requestIdleCallback === 'function'
      ? [requestIdleCallback, cancelIdleCallback]
      : [(callback: () => void) => window.setTimeout(callback, 50), window.clearTimeout];
  let quiet: number | undefined;
  const whenIdle = () => {
    if (idle !== undefined || quiet !== undefined || done) return;
    const begunBefore = begun;
    idle = later(() => {
      idle = undefined;
      quiet = window.setTimeout(() => {
        quiet = undefined;
        // A load may have started since: wait for it too.
        if (isBusy()) return;
        if (begun === begunBefore) finish();
        else whenIdle();
      }, QUIET_MS);
    });
  };
  const onChange = () => {
    if (!isBusy()) whenIdle();
  };
  const deadline = window.setTimeout(finish, AFTER_LOADING_MAX_WAIT_MS);
  function stop() {
    done = true;
    listeners.delete(onChange);
    window.clearTimeout(deadline);
    window.clearTimeout(quiet);
    if (idle !== undefined) cancelLater(idle);
  }
  listeners.add(onChange);
  onChange();
  return stop;
}

/** Whether the first page has loaded (see `afterLoading`); stays true for the visit. */
let pageLoaded = false;
const loadedListeners = new Set<() => void>();
let waitingForPage: (() => void) | undefined;

function subscribeLoaded(listener: () => void) {
  loadedListeners.add(listener);
  waitingForPage ??= afterLoading(() => {
    pageLoaded = true;
    loadedListeners.forEach((each) => each());
  });
  return () => loadedListeners.delete(listener);
}

/**
 * True once the first page on screen has loaded: what can wait for it (the app menu, the header's
 * buttons, the chat windows) renders from then on, so its code never delays the page.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(
    subscribeLoaded,
    () => pageLoaded,
    () => pageLoaded,
  );
}
