/**
 * What the signed-in frame adds once the page itself has loaded (`usePageLoaded`), in one chunk:
 * the app menu, the header's bell and user button, the chat windows, the tours and the support
 * widget. The frame's layout and their places (skeletons) ship with the shell.
 */
import { useFocusFinders } from '@fluentui/react-components';
import { Suspense } from 'react';
import type { CurrentUser } from '@contracts/auth';
import { ChatDock, useChatLive, useChatWindows } from '@/features/messages';
import { NotificationBell } from '@/features/notifications';
import { SupportWidget } from '@/features/support';
import { TourHost } from '@/features/tours';
import { UserButton } from './UserButton';

export { AppNavigation } from './AppNavigation';

/** The header's buttons for a signed-in person: the bell, then the account menu's. */
export function HeaderActions({ user }: { user: CurrentUser }) {
  return (
    <>
      <NotificationBell />
      <UserButton user={user} />
    </>
  );
}

/**
 * The frame's live parts: chat rooms and the title's unread count, docked chats, the guided
 * tours (their card loads when a tour shows) and the support widget.
 */
export function FrameExtras() {
  useChatLive();
  const chatWindows = useChatWindows();
  return (
    <Suspense fallback={null}>
      <TourHost />
      <SupportWidget />
      {chatWindows.length > 0 && <ChatDock />}
    </Suspense>
  );
}

/** Holds Fluent's focus manager while the app runs (see `KeepFocusManager` in Layout.tsx). */
export function KeepFocusManager() {
  useFocusFinders();
  return null;
}
