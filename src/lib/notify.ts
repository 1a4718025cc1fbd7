/**
 * Toasts from anywhere (the HTTP client has no React tree). The <Notifier> component in the app
 * shell listens and shows them with Fluent's Toaster; notices raised before it mounts wait.
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

export function notify(notice: Omit<Notice, 'timeout'> & { timeout?: number }): void {
  const full = { timeout: DEFAULT_NOTICE_TIMEOUT, ...notice };
  if (listeners.size === 0) {
    waiting.push(full);
    return;
  }
  listeners.forEach((listener) => listener(full));
}

export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  waiting.splice(0).forEach(listener);
  return () => listeners.delete(listener);
}
