import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError, useSearchParams } from 'react-router';
import { RouterButton } from '@/components/RouterLink';
import { reportClientProblem } from '@/lib/client-log';
import { useAccessToken } from '@/lib/session';
import { centredMessage } from '@/lib/styles';
import { Layout } from './layouts/Layout';
import { UnknownGuardError } from './guards';

/** Spec 2.9: what an unknown page says. */
export const NOT_FOUND_TEXT = 'This page could not be found';
/** Spec 2.9: the last resort when the error page itself fails; plain words, no i18n. */
export const ERROR_PAGE_FAILED_TEXT = 'An error occurred while showing the error page';

const useStyles = makeStyles({
  root: centredMessage,
  status: {
    fontSize: '72px',
    lineHeight: '80px',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
  },
  icon: { fontSize: '64px', color: tokens.colorPaletteRedForeground1 },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    justifyContent: 'center',
  },
});

export function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The body of the error page for a status: 404 has its own words, anything else is general. */
export function ErrorView({ status }: { status: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const token = useAccessToken();
  const home = token ? '/dashboard' : '/signin';

  if (status === 404) {
    return (
      <section className={styles.root} aria-labelledby="error-title">
        <span className={styles.status} aria-hidden>
          404
        </span>
        <Text as="h1" id="error-title" size={700} weight="semibold">
          {t('app:page_not_found')}
        </Text>
        <Text as="p">{t('app:alert__404_text')}</Text>
        <div className={styles.actions}>
          <RouterButton to={home} appearance="primary">
            {t('app:error_page.go_home')}
          </RouterButton>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.root} aria-labelledby="error-title">
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <Text as="h1" id="error-title" size={700} weight="semibold">
        {t('app:error_occurred')}
      </Text>
      <Text as="p">{t('app:error_page.hint')}</Text>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={<ArrowClockwiseRegular />}
          onClick={() => window.location.reload()}
        >
          {t('app:error_page.try_again')}
        </Button>
        <RouterButton to={home}>{t('app:error_page.go_home')}</RouterButton>
      </div>
    </section>
  );
}

function useReportRouteError(error: unknown) {
  useEffect(() => {
    if (statusOf(error) === 404) return;
    const action = error instanceof UnknownGuardError ? 'route guard' : 'route error';
    reportClientProblem('client erorr', isRouteErrorResponse(error) ? error.data : error, action);
  }, [error]);
}

/** Error element of the routes inside the app frame: the layout and menu stay. */
export function RouteErrorView() {
  const error = useRouteError();
  useReportRouteError(error);
  return <ErrorView status={statusOf(error)} />;
}

class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportClientProblem('client erorr', error, 'error page');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ padding: 24, fontFamily: 'sans-serif' }}>
        <p>{ERROR_PAGE_FAILED_TEXT}</p>
        <a href="/">Home</a>
      </div>
    );
  }
}

function FramedError({ error }: { error: unknown }) {
  const token = useAccessToken();
  useReportRouteError(error);
  // Spec 2.7: the panel layout when an access token exists, the default one otherwise.
  return (
    <Layout name={token ? 'panel' : 'default'}>
      <ErrorView status={statusOf(error)} />
    </Layout>
  );
}

/** Error element of the root route: the frame itself failed (layout, guard), so draw a new one. */
export function RootErrorPage() {
  const error = useRouteError();
  return (
    <ErrorPageBoundary>
      <FramedError error={error} />
    </ErrorPageBoundary>
  );
}

/** The /errors route: shows the page for `?status=` (500 when absent or unreadable). */
export function ErrorsRoutePage() {
  const [params] = useSearchParams();
  const status = Number(params.get('status'));
  return <ErrorView status={Number.isInteger(status) && status >= 400 ? status : 500} />;
}
