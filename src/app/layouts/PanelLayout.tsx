import { Hamburger, useFocusFinders } from '@fluentui/react-components';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChatDock, useChatLive, useChatWindows } from '@/features/messages';
import { useIsMobile } from '@/lib/device';
import { loadNamespaces } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-page';
import { localStore } from '@/lib/storage';
import { AppHeader } from './AppHeader';
import { AppNavigation } from './AppNavigation';
import { COLLAPSED_KEY } from './FrameSkeleton';
import { useFrameStyles } from './frame-styles';

/** The guided tours (their card loads when a tour shows) and the support widget, after the frame. */
const TourHost = lazyComponent(() => import('@/features/tours').then((m) => m.TourHost));
const SupportWidget = lazyComponent(() =>
  Promise.all([import('@/features/support'), loadNamespaces(['support'])]).then(
    ([m]) => m.SupportWidget,
  ),
);

/**
 * Spec 2.7 "panel": the signed-in app: header with the user button, the app menu beside the
 * content (the header's menu button folds it away and back), and on phones (mobile menu mode)
 * the menu as an overlay behind that button.
 */
export function PanelLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  const styles = useFrameStyles();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // The overlay menu closes by itself when the visitor moves to another page.
  const menuOpen = openedAt === key;
  const [collapsed, setCollapsed] = useState(() => localStore.get(COLLAPSED_KEY) === 'true');
  // Chat rooms, the title's unread count and the docked chat windows live with the frame.
  useChatLive();
  const chatWindows = useChatWindows();
  const toggleCollapsed = () => {
    localStore.set(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app:skip_to_content')}
      </a>
      <AppHeader
        navigationButton={
          isMobile ? (
            <Hamburger aria-label={t('app:navigation.open')} onClick={() => setOpenedAt(key)} />
          ) : (
            <Hamburger
              aria-label={t(collapsed ? 'app:navigation.expand' : 'app:navigation.collapse')}
              aria-expanded={!collapsed}
              onClick={toggleCollapsed}
            />
          )
        }
      />
      {banner}
      <div className={styles.body}>
        <div className={isMobile || collapsed ? undefined : styles.navigation}>
          <AppNavigation
            open={isMobile ? menuOpen : !collapsed}
            type={isMobile ? 'overlay' : 'inline'}
            onClose={() => setOpenedAt(null)}
          />
        </div>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
      <Suspense fallback={null}>
        <TourHost />
        <SupportWidget />
      </Suspense>
      {chatWindows.length > 0 && (
        <Suspense fallback={null}>
          <ChatDock />
        </Suspense>
      )}
    </div>
  );
}

/** Holds Fluent's focus manager while the app runs (see `KeepFocusManager` in Layout.tsx). */
export function KeepFocusManager() {
  useFocusFinders();
  return null;
}
