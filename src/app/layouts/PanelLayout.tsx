import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsMobile } from '@/lib/device';
import { afterLoading } from '@/lib/loading';
import { localStore } from '@/lib/storage';
import { lazyComponent } from '../lazy-page';
import { AppHeader } from './AppHeader';
import { useFrameStyles } from './frame-styles';

/** Whether the person folded the desktop menu away, remembered on this device. */
const COLLAPSED_KEY = 'app:navigation-collapsed';

// The menu (Fluent's Nav, Drawer and tabster: about 40 KB) and the chat load after the page's
// own code and data, in the space kept for them, so that the page is usable sooner.
const loadFrame = () => import('./PanelFrame');
const AppNavigation = lazyComponent(() => loadFrame().then((module) => module.AppNavigation));
const NavigationToggle = lazyComponent(() => loadFrame().then((module) => module.NavigationToggle));
const FrameChat = lazyComponent(() => loadFrame().then((module) => module.FrameChat));

const useStyles = makeStyles({
  /** Where the menu button comes: Hamburger's size. */
  toggleSpace: { width: '32px', height: '32px', flexShrink: 0 },
  /** Where the inline menu comes: NavDrawer's default width and colour. */
  navigationSpace: { width: '260px', backgroundColor: tokens.colorNeutralBackground4 },
});

/**
 * Spec 2.7 "panel": the signed-in app: header with the user button, the app menu beside the
 * content (the header's menu button folds it away and back), and on phones (mobile menu mode)
 * the menu as an overlay behind that button.
 */
export function PanelLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  const styles = useFrameStyles();
  const spaces = useStyles();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // The overlay menu closes by itself when the visitor moves to another page.
  const menuOpen = openedAt === key;
  const [collapsed, setCollapsed] = useState(() => localStore.get(COLLAPSED_KEY) === 'true');
  const [frameWanted, setFrameWanted] = useState(false);
  useEffect(() => afterLoading(() => setFrameWanted(true)), []);
  const toggleCollapsed = () => {
    localStore.set(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  const inline = !isMobile && !collapsed;
  const toggleSpace = <span className={spaces.toggleSpace} />;
  const navigationSpace = inline ? <div className={spaces.navigationSpace} /> : null;

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app:skip_to_content')}
      </a>
      <AppHeader
        navigationButton={
          frameWanted ? (
            <Suspense fallback={toggleSpace}>
              <NavigationToggle
                overlay={isMobile}
                collapsed={collapsed}
                onOpen={() => setOpenedAt(key)}
                onToggle={toggleCollapsed}
              />
            </Suspense>
          ) : (
            toggleSpace
          )
        }
      />
      {banner}
      <div className={styles.body}>
        <div className={inline ? styles.navigation : undefined}>
          {frameWanted ? (
            <Suspense fallback={navigationSpace}>
              <AppNavigation
                open={isMobile ? menuOpen : !collapsed}
                type={isMobile ? 'overlay' : 'inline'}
                onClose={() => setOpenedAt(null)}
              />
            </Suspense>
          ) : (
            navigationSpace
          )}
        </div>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
      {frameWanted && (
        <Suspense fallback={null}>
          <FrameChat />
        </Suspense>
      )}
    </div>
  );
}
