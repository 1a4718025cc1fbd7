import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from './AppHeader';
import { useFrameStyles } from './frame-styles';

/** Spec 2.7 "default": the open pages (sign-in, legal, errors while signed out). */
export function DefaultLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  const styles = useFrameStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app:skip_to_content')}
      </a>
      <AppHeader />
      {banner}
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
