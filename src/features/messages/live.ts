import { useEffect, useState } from 'react';
import { liveUpdates } from '@/lib/live-socket';
import { setNewMessagesCount } from '@/app/page-title';
import { useAccessToken } from '@/lib/session';
import { useChats, useMenuCount } from './api';

/**
 * Signed in, the app listens to the rooms of every chat the person is still in (the server
 * lets only members join), and keeps the page title's count (spec 1: "(N) Teamloop | ...")
 * from core/menu's new_messages_count, refetched by every chat event and after a reconnect.
 */
export function useChatLive() {
  const signedIn = useAccessToken() !== null;
  const chats = useChats(signedIn);
  const menu = useMenuCount(signedIn);
  const rooms = (chats.data ?? [])
    .filter((c) => c.leave_at === null)
    .map((c) => `chat-${c.id}`)
    .join(',');

  useEffect(() => {
    if (!rooms) return undefined;
    const stops = rooms.split(',').map((room) => liveUpdates.watch(room));
    return () => stops.forEach((stop) => stop());
  }, [rooms]);

  useEffect(() => {
    setNewMessagesCount(signedIn ? (menu.data?.new_messages_count ?? 0) : 0);
  }, [signedIn, menu.data?.new_messages_count]);
}

/** How long a keystroke event keeps someone shown as typing (senders repeat it every 3 s). */
const TYPING_SHOWN_MS = 4000;

/**
 * Who is typing in a chat now: each person for a few seconds after their last keystroke
 * event, and no longer once their message arrives (`newest`, the newest message shown).
 * Expiry is checked against the clock, also when a hidden tab comes back (its timers slow).
 */
export function useTyping(
  chatId: number,
  myId: number,
  newest: { id: number; userId: number | null } | null,
): number[] {
  const [typing, setTyping] = useState<Record<number, number>>({});
  const prune = () =>
    setTyping((current) => {
      const now = Date.now();
      const kept = Object.entries(current).filter(([, at]) => now - at < TYPING_SHOWN_MS);
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });

  useEffect(() => {
    setTyping({});
    const stop = liveUpdates.listen((event, payload) => {
      if (event !== 'chat-typing') return;
      const { chat_id: chat, user_id: user } = payload as { chat_id: number; user_id: number };
      if (chat !== chatId || user === myId) return;
      setTyping((current) => ({ ...current, [user]: Date.now() }));
    });
    document.addEventListener('visibilitychange', prune);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', prune);
    };
  }, [chatId, myId]);

  // The next expiry, timed from the newest keystroke event.
  useEffect(() => {
    const times = Object.values(typing);
    if (times.length === 0) return undefined;
    const timer = setTimeout(prune, Math.min(...times) + TYPING_SHOWN_MS - Date.now());
    return () => clearTimeout(timer);
  }, [typing]);

  // A message from someone who was typing ends their typing.
  const sender = newest?.userId ?? null;
  useEffect(() => {
    if (sender === null) return;
    setTyping((current) => {
      if (!(sender in current)) return current;
      const { [sender]: _sent, ...rest } = current;
      return rest;
    });
  }, [newest?.id, sender]);

  return Object.keys(typing).map(Number);
}
