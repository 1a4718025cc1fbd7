import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantConsent, signInThroughHost, useHostState } from './host';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    alignItems: 'start',
  },
});

/**
 * On a tab page that needs the person: what to do when SSO did not sign them in (approve
 * the consent pop-up, or try again). The full sign-in lives in the app's own pages.
 */
export function SignInState() {
  const { t } = useTranslation();
  const styles = useStyles();
  const host = useHostState();
  const [busy, setBusy] = useState(false);
  if (host.sso === 'signing-in') return <Spinner label={t('teams-host:tab.signing_in')} />;
  const consent = host.sso === 'consent-required';
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  return (
    <div className={styles.root}>
      <Text>
        {host.ssoMessage ??
          t(consent ? 'teams-host:tab.consent_text' : 'teams-host:tab.config_sign_in')}
      </Text>
      <Button
        appearance="primary"
        disabled={busy}
        icon={busy ? <Spinner size="tiny" /> : undefined}
        onClick={() => run(consent ? grantConsent : signInThroughHost)}
      >
        {t(consent ? 'teams-host:tab.consent_action' : 'teams-host:tab.try_again')}
      </Button>
    </div>
  );
}
