import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { RouteTabList } from '@/components/RouteTabList';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    maxWidth: '880px',
    margin: '0 auto',
    '& > h1': { margin: 0 },
  },
});

const TABS = [
  { value: 'security-privacy', label: 'app:titles.settings_security_privacy' },
  { value: 'notifications', label: 'app:titles.settings_notifications' },
  { value: 'integrations', label: 'app:titles.settings_integrations' },
  { value: 'subscriptions-payments', label: 'app:titles.settings_subscriptions_payments' },
  { value: 'plugins', label: 'app:titles.settings_plugins' },
] as const;

/** /settings: the four settings pages of spec 2.4 behind tabs. */
export default function SettingsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold">
        {t('app:titles.settings')}
      </Text>
      <RouteTabList
        base="settings"
        fallback="security-privacy"
        tabs={TABS}
        label={t('app:titles.settings')}
      />
      <Outlet />
    </div>
  );
}
