import { Hamburger } from '@fluentui/react-components';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatDock, useChatLive, useChatWindows } from '@/features/messages';

/** What the panel layout loads once its page has: the app menu, its button and the chat. */
export { AppNavigation } from './AppNavigation';

/** The header's menu button: opens the overlay menu on phones, folds the inline one away. */
export function NavigationToggle({
  overlay,
  collapsed,
  onOpen,
  onToggle,
}: {
  overlay: boolean;
  collapsed: boolean;
  onOpen: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return overlay ? (
    <Hamburger aria-label={t('app:navigation.open')} onClick={onOpen} />
  ) : (
    <Hamburger
      aria-label={t(collapsed ? 'app:navigation.expand' : 'app:navigation.collapse')}
      aria-expanded={!collapsed}
      onClick={onToggle}
    />
  );
}

/** Chat rooms, the title's unread count and the docked chat windows. */
export function FrameChat() {
  useChatLive();
  const chatWindows = useChatWindows();
  if (chatWindows.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ChatDock />
    </Suspense>
  );
}
