import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { useIsMobile } from '@/lib/device';
import { usePageLoaded } from '@/lib/loading';
import { useAccessToken } from '@/lib/session';
import { useCurrentUser } from '@/lib/current-user';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { PRODUCT_NAME, useCurrentPageTitle } from '../page-title';
import { HeaderActionsSkeleton } from './FrameSkeleton';
import { HeaderActions } from './frame-parts-loader';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '52px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    position: 'sticky',
    top: 0,
    zIndex: 10,
  },
  brand: {
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
  },
  title: {
    minWidth: 0,
    flexShrink: 1,
    color: tokens.colorNeutralForeground2,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingLeft: tokens.spacingHorizontalS,
  },
  spacer: { flexGrow: 1 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** The header of both layouts: product and page title, then the user button or language. */
export function AppHeader({ navigationButton }: { navigationButton?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const title = useCurrentPageTitle();
  const token = useAccessToken();
  const { data: user } = useCurrentUser();
  const isMobile = useIsMobile();
  const onSignInPage = useMatches().some((match) => match.id === 'signin-token');
  const pageLoaded = usePageLoaded();

  return (
    <header className={styles.header}>
      {navigationButton}
      <RouterLink to={token ? '/dashboard' : '/signin'} className={styles.brand}>
        {PRODUCT_NAME}
      </RouterLink>
      {title && !isMobile && (
        <Text className={styles.title} truncate wrap={false}>
          {title}
        </Text>
      )}
      <div className={styles.spacer} />
      <div className={styles.actions}>
        {/* The bell and the user button (signed in only) come once the page has loaded. */}
        {user ? (
          pageLoaded ? (
            <Suspense fallback={<HeaderActionsSkeleton />}>
              <HeaderActions user={user} />
            </Suspense>
          ) : (
            <HeaderActionsSkeleton />
          )
        ) : (
          <>
            <LanguageSwitcher compact={isMobile} />
            {!token && !onSignInPage && (
              <RouterButton to="/signin" appearance="primary" size="small">
                {t('app:sign_in')}
              </RouterButton>
            )}
          </>
        )}
      </div>
    </header>
  );
}
