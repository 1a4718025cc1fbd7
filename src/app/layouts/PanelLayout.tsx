import { Hamburger } from '@fluentui/react-components';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsMobile } from '@/lib/device';
import { usePageLoaded } from '@/lib/loading';
import { localStore } from '@/lib/storage';
import { AppHeader } from './AppHeader';
import { COLLAPSED_KEY, NavigationSkeleton } from './FrameSkeleton';
import { AppNavigation, FrameExtras } from './frame-parts-loader';
import { useFrameStyles } from './frame-styles';

/**
 * Spec 2.7 "panel": the signed-in app: header with the user button, the app menu beside the
 * content (the header's menu button folds it away and back), and on phones (mobile menu mode)
 * the menu as an overlay behind that button. The page shows first: the menu, the header's
 * buttons and the chat windows come once it has loaded, their places held by skeletons.
 */
export function PanelLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  const styles = useFrameStyles();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const pageLoaded = usePageLoaded();
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // The overlay menu closes by itself when the visitor moves to another page.
  const menuOpen = openedAt === key;
  // Mounted from its first opening on, so that it can slide away when it closes.
  const [overlayUsed, setOverlayUsed] = useState(false);
  const [collapsed, setCollapsed] = useState(() => localStore.get(COLLAPSED_KEY) === 'true');
  const toggleCollapsed = () => {
    localStore.set(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  const openOverlay = () => {
    setOverlayUsed(true);
    setOpenedAt(key);
  };
  const inlineSkeleton = collapsed ? null : <NavigationSkeleton />;

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app:skip_to_content')}
      </a>
      <AppHeader
        navigationButton={
          isMobile ? (
            <Hamburger aria-label={t('app:navigation.open')} onClick={openOverlay} />
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
        {isMobile ? (
          overlayUsed && (
            <Suspense>
              <AppNavigation open={menuOpen} type="overlay" onClose={() => setOpenedAt(null)} />
            </Suspense>
          )
        ) : (
          <div className={collapsed ? undefined : styles.navigation}>
            {pageLoaded ? (
              <Suspense fallback={inlineSkeleton}>
                <AppNavigation open={!collapsed} type="inline" onClose={() => undefined} />
              </Suspense>
            ) : (
              inlineSkeleton
            )}
          </div>
        )}
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
      {pageLoaded && (
        <Suspense fallback={null}>
          <FrameExtras />
        </Suspense>
      )}
    </div>
  );
}
