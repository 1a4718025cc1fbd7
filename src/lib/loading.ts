import { useSyncExternalStore } from 'react';

/** Work in flight (requests, page chunks) that the loading bar reflects. */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

/** Marks the start of some work; call the returned function once when it ends. */
export function beginLoading(): () => void {
  pending += 1;
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
  const whenIdle = () => {
    if (idle !== undefined || done) return;
    idle = later(() => {
      idle = undefined;
      // A request may have started since: wait for it too.
      if (!isBusy()) finish();
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
    if (idle !== undefined) cancelLater(idle);
  }
  listeners.add(onChange);
  onChange();
  return stop;
}
