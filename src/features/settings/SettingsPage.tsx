import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { TitledRouteTabs } from '@/components/TitledRouteTabs';
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

/** /settings: the four settings pages of spec 2.4 behind tabs. */
export default function SettingsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold">
        {t('app:titles.settings')}
      </Text>
      <TitledRouteTabs
        base="settings"
        tabs={[
          'security-privacy',
          'notifications',
          'integrations',
          'subscriptions-payments',
          'plugins',
        ]}
      />
      <Outlet />
    </div>
  );
}
