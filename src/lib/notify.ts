/**
 * Toasts from anywhere (the HTTP client has no React tree). The <Notifier> component in the app
 * shell listens and shows them with Fluent's Toaster; notices raised before it mounts wait. The
 * shell mounts it (and loads the toaster's code) with the first notice.
 *
 * One toast per message: a notice whose words are already on screen as a toast is not shown
 * again, and a message a screen shows in place (a form's error, see `showInPlace`) is not shown
 * as a toast too.
 */
export type NoticeIntent = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  intent: NoticeIntent;
  text: string;
  /** Milliseconds on screen. */
  timeout: number;
  /** A way on from the words, e.g. to the plans after a refusal that names one. */
  link?: { to: string; label: string };
}

/** Spec 9: the default notification duration. */
export const DEFAULT_NOTICE_TIMEOUT = 5000;

/**
 * How long a notice waits before it shows: time for the screen that made the call to show the
 * same words in place instead (a failed call's form renders its error within a frame or two).
 */
export const NOTICE_HOLD_MS = 150;

/** A message shown in place stays claimed this long: a toast of it arriving later is dropped. */
const IN_PLACE_CLAIM_MS = 2000;

/** The toast of a message: the same words with the same intent are one toast. */
export const noticeId = (notice: Pick<Notice, 'intent' | 'text'>) =>
  `${notice.intent}:${notice.text}`;

export interface NoticeListener {
  show: (notice: Notice) => void;
  /** A toast of these words (any intent) is to go: the screen shows them in place. */
  withdraw: (text: string) => void;
}

const listeners = new Set<NoticeListener>();
const waiting: Notice[] = [];
const firstNoticeWatchers = new Set<() => void>();
/** Words shown in place, and until when. */
const inPlace = new Map<string, number>();

function shownInPlace(text: string): boolean {
  const until = inPlace.get(text);
  if (until === undefined) return false;
  if (until >= Date.now()) return true;
  inPlace.delete(text);
  return false;
}

export function notify(notice: Omit<Notice, 'timeout'> & { timeout?: number }): void {
  const full = { timeout: DEFAULT_NOTICE_TIMEOUT, ...notice };
  if (shownInPlace(full.text)) return;
  if (listeners.size === 0) {
    if (!waiting.some((other) => noticeId(other) === noticeId(full))) waiting.push(full);
    firstNoticeWatchers.forEach((watcher) => watcher());
    return;
  }
  listeners.forEach((listener) => listener.show(full));
}

/**
 * A screen shows these messages in place (a form's error): no toast of them, neither one on its
 * way nor one for the next moments.
 */
export function showInPlace(texts: readonly string[]): void {
  const until = Date.now() + IN_PLACE_CLAIM_MS;
  for (const text of texts) {
    inPlace.set(text, until);
    for (let index = waiting.length - 1; index >= 0; index -= 1) {
      if (waiting[index].text === text) waiting.splice(index, 1);
    }
    listeners.forEach((listener) => listener.withdraw(text));
  }
}

export function onNotice(listener: NoticeListener): () => void {
  listeners.add(listener);
  waiting.splice(0).forEach(listener.show);
  return () => listeners.delete(listener);
}

/** Calls `watcher` once a notice is waiting for a listener, at once if one is already. */
export function onNoticeWaiting(watcher: () => void): () => void {
  if (waiting.length > 0) watcher();
  firstNoticeWatchers.add(watcher);
  return () => firstNoticeWatchers.delete(watcher);
}
