/**
 * Toasts from anywhere (the HTTP client has no React tree). The <Notifier> component in the app
 * shell listens and shows them with Fluent's Toaster; notices raised before it mounts wait. The
 * shell mounts it (and loads the toaster's code) with the first notice.
 */
export type NoticeIntent = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  intent: NoticeIntent;
  text: string;
  /** Milliseconds on screen. */
  timeout: number;
}

/** Spec 9: the default notification duration. */
export const DEFAULT_NOTICE_TIMEOUT = 5000;

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();
const waiting: Notice[] = [];
const firstNoticeWatchers = new Set<() => void>();

export function notify(notice: Omit<Notice, 'timeout'> & { timeout?: number }): void {
  const full = { timeout: DEFAULT_NOTICE_TIMEOUT, ...notice };
  if (listeners.size === 0) {
    waiting.push(full);
    firstNoticeWatchers.forEach((watcher) => watcher());
    return;
  }
  listeners.forEach((listener) => listener(full));
}

export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  waiting.splice(0).forEach(listener);
  return () => listeners.delete(listener);
}

/** Calls `watcher` once a notice is waiting for a listener, at once if one is already. */
export function onNoticeWaiting(watcher: () => void): () => void {
  if (waiting.length > 0) watcher();
  firstNoticeWatchers.add(watcher);
  return () => firstNoticeWatchers.delete(watcher);
}
