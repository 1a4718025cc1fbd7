import { Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { LinkDismissRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { RouterButton } from '@/components/RouterLink';
import { notificationsApi, type Settings } from './api';
import { notificationKeys } from './keys';
import { DigestHint, SettingsGrid } from './SettingsGrid';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalM,
    maxWidth: '880px',
    margin: '0 auto',
    width: '100%',
    boxSizing: 'border-box',
  },
  head: {
    ...column,
    gap: tokens.spacingVerticalXXS,
    '& > *': { margin: 0 },
  },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** /p/notifications/:token: notification settings from a mailed link, without signing in. */
export default function TokenSettingsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const key = notificationKeys.token(token);
  const query = useQuery({
    queryKey: key,
    queryFn: () => notificationsApi.withToken(token),
    enabled: token.length > 0,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (changes: Settings) => notificationsApi.saveWithToken(token, changes),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });

  if (!token || query.isError) {
    return (
      <EmptyState
        headingLevel={1}
        icon={<LinkDismissRegular />}
        title={
          token ? t('notifications:token_page.invalid') : t('notifications:token_page.missing')
        }
        actions={
          <RouterButton to="/signin" appearance="primary">
            {t('notifications:token_page.sign_in')}
          </RouterButton>
        }
      />
    );
  }
  if (query.isPending) return <Spinner label={t('app:loading')} />;
  const current = { ...query.data.notification_settings, ...(save.variables ?? {}) };
  return (
    <Card className={styles.card}>
      <div className={styles.head}>
        <Text as="h1" size={600} weight="semibold">
          {t('notifications:token_page.heading')}
        </Text>
        <Text as="p" className={styles.muted} data-testid="token-email">
          {t('notifications:token_page.for', { email: query.data.email })}
        </Text>
      </div>
      <SettingsGrid
        settings={save.isPending ? current : query.data.notification_settings}
        disabled={save.isPending}
        onChange={(name, value) => save.mutate({ [name]: value })}
      />
      <DigestHint />
    </Card>
  );
}
