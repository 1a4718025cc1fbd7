import { useEffect, useState } from 'react';
import { liveUpdates } from '@/app/live-socket';
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

/** Who is typing in a chat now (each for 4 s after their last keystroke event). */
export function useTyping(chatId: number, myId: number): number[] {
  const [typing, setTyping] = useState<Record<number, number>>({});
  useEffect(() => {
    const stop = liveUpdates.listen((event, payload) => {
      if (event !== 'chat-typing') return;
      const { chat_id: chat, user_id: user } = payload as { chat_id: number; user_id: number };
      if (chat !== chatId || user === myId) return;
      setTyping((current) => ({ ...current, [user]: Date.now() }));
    });
    const timer = setInterval(() => {
      setTyping((current) => {
        const now = Date.now();
        const kept = Object.entries(current).filter(([, at]) => now - at < 4000);
        return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
      });
    }, 1000);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [chatId, myId]);
  return Object.keys(typing).map(Number);
}
