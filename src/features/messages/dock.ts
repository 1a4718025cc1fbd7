import { sessionStore } from '@/lib/storage';
import { createValueStore, useStoredValue } from '@/lib/value-store';

/**
 * Chat windows docked at the bottom of other pages (spec 3 "Chat window state", 4 "Chat"):
 * added, activated (one at a time is open, the others folded to their title), made full
 * screen, removed and cleared. Kept for the browser tab's session.
 */
export interface ChatWindow {
  id: number;
  active: boolean;
  fullscreen: boolean;
}

const KEY = 'messages:dock';
export const MAX_WINDOWS = 3;

function load(): ChatWindow[] {
  try {
    const parsed = JSON.parse(sessionStore.get(KEY) ?? '[]') as ChatWindow[];
    return Array.isArray(parsed)
      ? parsed.filter((w) => Number.isInteger(w?.id)).slice(0, MAX_WINDOWS)
      : [];
  } catch {
    return [];
  }
}

const dock = createValueStore<ChatWindow[]>(load());

function set(next: ChatWindow[]) {
  sessionStore.set(KEY, JSON.stringify(next));
  dock.set(next);
}

export const chatDock = {
  add(id: number) {
    const others = dock
      .get()
      .filter((w) => w.id !== id)
      .map((w) => ({ ...w, active: false }));
    // The newest window comes first; the oldest goes when there are too many.
    set([{ id, active: true, fullscreen: false }, ...others].slice(0, MAX_WINDOWS));
  },
  activate(id: number) {
    set(dock.get().map((w) => ({ ...w, active: w.id === id ? !w.active : false })));
  },
  fullscreen(id: number) {
    set(
      dock.get().map((w) => (w.id === id ? { ...w, fullscreen: !w.fullscreen, active: true } : w)),
    );
  },
  remove(id: number) {
    set(dock.get().filter((w) => w.id !== id));
  },
  clear() {
    set([]);
  },
};

export function useChatWindows(): ChatWindow[] {
  return useStoredValue(dock);
}

/** Drafts per chat (spec 3 "Draft messages are kept per key"), on this device. */
export const draftKey = (chatId: number, parentId?: number) =>
  `messages:draft:${chatId}${parentId ? `:${parentId}` : ''}`;
