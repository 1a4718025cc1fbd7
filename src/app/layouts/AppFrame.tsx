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
 * The app's frame in both layouts of spec 2.7, one component so that the header stays mounted
 * when a page of the other layout opens (signing in, an error page): a menu opened in it
 * during that move stays open.
 * - "default" (`panel` false): the open pages (sign-in, legal, errors while signed out), the
 *   header and the page.
 * - "panel": the signed-in app: the header with the menu button, the app menu beside the
 *   content (that button folds it away and back), and on phones (mobile menu mode) the menu as
 *   an overlay behind it. The page shows first: the menu, the header's buttons and the chat
 *   windows come once it has loaded, their places held by shapes.
 */
export function AppFrame({
  panel,
  children,
  banner,
}: {
  panel: boolean;
  children: ReactNode;
  banner?: ReactNode;
}) {
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
          !panel ? undefined : isMobile ? (
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
      {panel ? (
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
      ) : (
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      )}
      {panel && pageLoaded && (
        <Suspense fallback={null}>
          <FrameExtras />
        </Suspense>
      )}
    </div>
  );
}
