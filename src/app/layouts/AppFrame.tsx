import { Hamburger } from '@fluentui/react-components';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsMobile } from '@/lib/device';
import { usePageLoaded } from '@/lib/loading';
import { localStore } from '@/lib/storage';
import { createValueStore, useStoredValue } from '@/lib/value-store';
import { AppHeader } from './AppHeader';
import { COLLAPSED_KEY, NavigationSkeleton } from './FrameSkeleton';
import { AppNavigation, FrameExtras } from './frame-parts-loader';
import { useFrameStyles } from './frame-styles';

/**
 * The phone menu's state, kept outside the frame: a first load draws the frame twice (the
 * router's fallback while the page's code loads, then the page's own), and a tap on the menu
 * button in between must still open it. `openedAt` is the location key it was opened on; `used`
 * keeps it mounted from its first opening on, so that it can slide away when it closes.
 */
const overlayMenu = createValueStore<{ openedAt: string | null; used: boolean }>({
  openedAt: null,
  used: false,
});
const closeOverlay = () => overlayMenu.set({ openedAt: null, used: true });

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
  const overlay = useStoredValue(overlayMenu);
  // The overlay menu closes by itself when the visitor moves to another page, and stays closed
  // when they come back to this one.
  const menuOpen = overlay.openedAt === key;
  useEffect(() => {
    const { openedAt } = overlayMenu.get();
    if (openedAt !== null && openedAt !== key) closeOverlay();
  }, [key]);
  const [collapsed, setCollapsed] = useState(() => localStore.get(COLLAPSED_KEY) === 'true');
  const toggleCollapsed = () => {
    localStore.set(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  const openOverlay = () => overlayMenu.set({ openedAt: key, used: true });
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
            overlay.used && (
              <Suspense>
                <AppNavigation open={menuOpen} type="overlay" onClose={closeOverlay} />
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
