import { useSyncExternalStore } from 'react';
import { localStore } from '@/lib/storage';

/** Spec 4 "Support widget": hidden or shown, kept in local storage. */
export const SUPPORT_HIDDEN_KEY = 'support_widget_hidden';

const listeners = new Set<() => void>();

export function isSupportHidden(): boolean {
  return localStore.get(SUPPORT_HIDDEN_KEY) === 'true';
}

export function setSupportHidden(hidden: boolean): void {
  if (hidden) localStore.set(SUPPORT_HIDDEN_KEY, 'true');
  else localStore.remove(SUPPORT_HIDDEN_KEY);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SUPPORT_HIDDEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the person hid the support widget (in this browser). */
export function useSupportHidden(): boolean {
  return useSyncExternalStore(subscribe, isSupportHidden, () => false);
}
