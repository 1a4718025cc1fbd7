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
