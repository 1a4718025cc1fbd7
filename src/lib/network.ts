import { useSyncExternalStore } from 'react';

/**
 * Spec 3 "Application state" and 4 "Network": whether the browser is online, and whether the
 * API answered the last time we asked (it may be down while the network is fine).
 */
export interface NetworkState {
  online: boolean;
  serverReachable: boolean;
}

let state: NetworkState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverReachable: true,
};
const listeners = new Set<() => void>();

function update(next: Partial<NetworkState>) {
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.serverReachable === state.serverReachable) return;
  state = merged;
  listeners.forEach((listener) => listener());
}

export function setServerReachable(reachable: boolean): void {
  update({ serverReachable: reachable });
}

export function installNetworkWatch(): void {
  window.addEventListener('online', () => update({ online: true }));
  window.addEventListener('offline', () => update({ online: false }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useNetworkState(): NetworkState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
