import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationsApi, type Settings } from './api';
import { notificationKeys } from './keys';
import { BrowserPushSetting } from './BrowserPushSetting';
import { useIsInTeams } from './in-teams';
import { DigestHint, SettingsGrid } from './SettingsGrid';
import { SettingsSection } from '@/components/SettingsSection';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  head: {
    ...column,
    gap: tokens.spacingVerticalXXS,
    '& > *': { margin: 0 },
  },
});

/**
 * /settings/notifications: per event and channel; says whether the Teams feed is on; this
 * browser's notifications outside Teams.
 */
export default function NotificationSettingsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inTeams = useIsInTeams();
  const settings = useQuery({
    queryKey: notificationKeys.settings,
    queryFn: notificationsApi.settings,
  });
  const channels = useQuery({
    queryKey: notificationKeys.channels,
    queryFn: notificationsApi.channels,
  });
  const save = useMutation({
    mutationFn: (changes: Settings) => notificationsApi.saveSettings(changes),
    onMutate: (changes) => {
      queryClient.setQueryData<Settings>(notificationKeys.settings, (current) => ({
        ...current,
        ...changes,
      }));
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.settings }),
  });

  return (
    <SettingsSection
      id="notification-settings"
      title={t('notifications:settings.heading')}
      description={t('notifications:settings.description')}
    >
      {channels.data && (
        <MessageBar
          intent={channels.data.teams_activity_feed ? 'info' : 'warning'}
          data-testid="teams-feed-state"
        >
          <MessageBarBody>
            {channels.data.teams_activity_feed
              ? t('notifications:settings.teams_on')
              : t('notifications:settings.teams_off')}
          </MessageBarBody>
        </MessageBar>
      )}
      {settings.isPending ? (
        <Spinner label={t('app:loading')} />
      ) : settings.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('notifications:settings.load_error')}</MessageBarBody>
          <Button onClick={() => void settings.refetch()}>{t('notifications:inbox.retry')}</Button>
        </MessageBar>
      ) : (
        <SettingsGrid
          settings={settings.data}
          onChange={(key, value) => save.mutate({ [key]: value })}
        />
      )}
      <DigestHint />
      {/* Inside Teams, the activity feed is the app's notifications; no browser to subscribe. */}
      {channels.data && !inTeams && (
        <section className={styles.head} aria-labelledby="browser-push-title">
          <Text as="h3" id="browser-push-title" size={400} weight="semibold">
            {t('notifications:settings.push.heading')}
          </Text>
          <BrowserPushSetting publicKey={channels.data.web_push_public_key} />
        </section>
      )}
    </SettingsSection>
  );
}
