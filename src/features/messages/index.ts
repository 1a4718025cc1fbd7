import { lazyComponent } from '@/lib/lazy-page';
import { loadNamespaces } from '@/lib/i18n';

/** What other parts of the app use of the messages area. */
export { chatDock, useChatWindows } from './dock';
export { useChatLive } from './live';
export { messageKeys } from './keys';

/** The docked chat windows (render inside <Suspense>; loads with its words). */
export const ChatDock = lazyComponent(async () => {
  await loadNamespaces(['messages']);
  return (await import('./components/ChatDock')).ChatDock;
});

/** The button opening a task's or team's chat in a docked window (inside <Suspense>). */
export const ModelChatButton = lazyComponent(async () => {
  await loadNamespaces(['messages']);
  return (await import('./components/ModelChatButton')).ModelChatButton;
});
