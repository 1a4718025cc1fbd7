import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, Open20Regular, PersonKey20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import type { SignInResult } from '@contracts/auth';
import { currentUserKey, useCurrentUser } from '@/lib/current-user';
import { isOpenRoute } from '@/app/guards';
import { PrivacyAcceptanceDialog } from '@/app/PrivacyAcceptanceDialog';
import { EmptyState } from '@/components/EmptyState';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { SecondFactorStep } from '@/features/auth';
import { useAccessToken } from '@/lib/session';
import {
  fallBackToSignIn,
  grantConsent,
  openStandalone,
  setEmbeddedFlag,
  useHostState,
} from './host';
import { isEmbeddable } from './launch';

const useStyles = makeStyles({
  // Inside the host there is no header or menu of ours: the host has its own (Teams Store
  // rules), and a page keeps 20 px from the host's navigation.
  embedded: {
    minHeight: '100vh',
    padding: '20px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

function EmbeddedFrame({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <main id="main" className={styles.embedded} tabIndex={-1}>
      {children}
    </main>
  );
}

/** A route that may not be embedded (spec 2.8) opens in the standalone app instead. */
function ContinueInTeamloop({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      headingLevel={1}
      icon={<Open20Regular />}
      title={t('teams-host:tab.continue_title')}
      description={t('teams-host:tab.continue_text')}
      actions={
        <>
          <Button
            appearance="primary"
            icon={<Open20Regular />}
            onClick={() => openStandalone(path)}
          >
            {t('teams-host:tab.view_in_teamloop')}
          </Button>
          {window.history.length > 1 && (
            <Button icon={<ArrowLeft20Regular />} onClick={() => void navigate(-1)}>
              {t('teams-host:tab.back')}
            </Button>
          )}
        </>
      }
    />
  );
}

function ConsentPrompt({ message }: { message?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <EmptyState
      headingLevel={1}
      icon={<PersonKey20Regular />}
      title={t('teams-host:tab.consent_title')}
      description={message ?? t('teams-host:tab.consent_text')}
      actions={
        <>
          <Button
            appearance="primary"
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            onClick={() => {
              setBusy(true);
              void grantConsent().finally(() => setBusy(false));
            }}
          >
            {t('teams-host:tab.consent_action')}
          </Button>
          <Button appearance="subtle" onClick={fallBackToSignIn}>
            {t('teams-host:tab.use_password')}
          </Button>
        </>
      }
    />
  );
}

function SecondFactor({ challenge }: { challenge: SignInResult }) {
  const queryClient = useQueryClient();
  return (
    <SecondFactorStep
      challenge={challenge}
      onSignedIn={(result) => {
        if (result.user) queryClient.setQueryData(currentUserKey, result.user);
      }}
      onCancel={fallBackToSignIn}
    />
  );
}

/**
 * What the app shows around a page inside a Microsoft 365 host. Outside one it is the
 * normal layout (`children`). Inside: SSO's consent and second-factor steps when they are
 * pending, the open pages (sign-in and the like) in their normal layout, the people and
 * profile pages (`page`) without our header and menu, and for any other route a way to
 * open it in the standalone app (spec 2.8: the embedding flag is reset there and its
 * cookie rewritten; a route reached by clicking inside the tab opens at once).
 */
export function HostFrame({ page, children }: { page: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const host = useHostState();
  const matches = useMatches();
  const location = useLocation();
  const token = useAccessToken();
  const { data: user } = useCurrentUser();
  const routeIds = matches.map((match) => match.id);
  const open = isOpenRoute(routeIds);
  const embeddable = isEmbeddable(routeIds);
  const path = `${location.pathname}${location.search}${location.hash}`;
  // The address the tab opened on; any other was reached by a click inside the tab.
  const arrival = useRef(location.key);
  const clickedTo = location.key !== arrival.current;

  useEffect(() => {
    if (host.mode !== 'host') return;
    setEmbeddedFlag(embeddable);
    if (!embeddable && !open && token && clickedTo) openStandalone(path);
  }, [host.mode, embeddable, open, token, path, clickedTo]);

  if (host.mode !== 'host') return <>{children}</>;
  // SSO again (after the consent pop-up): no sign-in page and no redirects meanwhile.
  if (!token && host.sso === 'signing-in') {
    return (
      <EmbeddedFrame>
        <FullPageSpinner label={t('teams-host:tab.signing_in')} />
      </EmbeddedFrame>
    );
  }
  if (!token && host.sso === 'consent-required') {
    return (
      <EmbeddedFrame>
        <ConsentPrompt message={host.ssoMessage} />
      </EmbeddedFrame>
    );
  }
  if (!token && host.sso === 'second-factor' && host.signInResult) {
    return (
      <EmbeddedFrame>
        <SecondFactor challenge={host.signInResult} />
      </EmbeddedFrame>
    );
  }
  if (open || !token) return <>{children}</>;
  if (user && !user.privacy_accepted_at) {
    return (
      <EmbeddedFrame>
        <PrivacyAcceptanceDialog />
      </EmbeddedFrame>
    );
  }
  return <EmbeddedFrame>{embeddable ? page : <ContinueInTeamloop path={path} />}</EmbeddedFrame>;
}
