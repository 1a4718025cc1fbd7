import { createValueStore, useStoredValue } from './value-store';

/**
 * Spec 3 "Application state" and 4 "Network": whether the browser is online, and whether the
 * API answered the last time we asked (it may be down while the network is fine).
 */
export interface NetworkState {
  online: boolean;
  serverReachable: boolean;
}

const networkState = createValueStore<NetworkState>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverReachable: true,
});

function update(next: Partial<NetworkState>) {
  const state = networkState.get();
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.serverReachable === state.serverReachable) return;
  networkState.set(merged);
}

export function setServerReachable(reachable: boolean): void {
  update({ serverReachable: reachable });
}

export function installNetworkWatch(): void {
  window.addEventListener('online', () => update({ online: true }));
  window.addEventListener('offline', () => update({ online: false }));
}

export function useNetworkState(): NetworkState {
  return useStoredValue(networkState);
}
