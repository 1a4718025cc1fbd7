import { Hamburger } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsMobile } from '@/lib/device';
import { AppHeader } from './AppHeader';
import { AppNavigation } from './AppNavigation';
import { useFrameStyles } from './frame-styles';

/**
 * Spec 2.7 "panel": the signed-in app: header with the user button, the app menu beside the
 * content, and on phones (mobile menu mode) the menu as an overlay behind a menu button.
 */
export function PanelLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  const styles = useFrameStyles();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // The overlay menu closes by itself when the visitor moves to another page.
  const menuOpen = openedAt === key;

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app:skip_to_content')}
      </a>
      <AppHeader
        navigationButton={
          isMobile ? (
            <Hamburger aria-label={t('app:navigation.open')} onClick={() => setOpenedAt(key)} />
          ) : undefined
        }
      />
      {banner}
      <div className={styles.body}>
        <div className={isMobile ? undefined : styles.navigation}>
          <AppNavigation
            open={isMobile ? menuOpen : true}
            type={isMobile ? 'overlay' : 'inline'}
            onClose={() => setOpenedAt(null)}
          />
        </div>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
