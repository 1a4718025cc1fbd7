import { makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_EVENTS, type NotificationChannel } from '@contracts/profile';
import type { Settings } from './api';
import { column, wrappingRow } from '@/lib/styles';

/** Events the app tells about today; the rest (chat, assessments) come with their areas. */
export const SHOWN_EVENTS = NOTIFICATION_EVENTS.filter(
  (event) =>
    !['chat_message', 'weekly_digest', 'assessment_assigned', 'team_request'].includes(event),
);

/** In app first, as people think of it. */
const CHANNELS: NotificationChannel[] = ['in_app', 'email', 'email_digest'];

const useStyles = makeStyles({
  list: { ...column },
  row: {
    ...wrappingRow,
    columnGap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  event: { flexBasis: '260px', flexGrow: 1 },
  switches: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground2 },
});

/** What the daily digest is, said under the grid on both settings pages. */
export function DigestHint() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Text size={200} className={styles.hint}>
      {t('notifications:settings.digest_hint')}
    </Text>
  );
}

/** One switch per event and channel (in app, e-mail, daily digest), a group per event. */
export function SettingsGrid({
  settings,
  onChange,
  disabled,
}: {
  settings: Settings;
  onChange: (key: string, value: boolean) => void;
  disabled?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.list}>
      {SHOWN_EVENTS.map((event) => (
        <div key={event} role="group" aria-labelledby={`event-${event}`} className={styles.row}>
          <Text id={`event-${event}`} className={styles.event}>
            {t(`notifications:settings.events.${event}`)}
          </Text>
          <div className={styles.switches}>
            {CHANNELS.map((channel) => {
              const key = `${event}_${channel}`;
              return (
                <Switch
                  key={channel}
                  checked={settings[key] ?? false}
                  disabled={disabled}
                  data-testid={`setting-${key}`}
                  label={t(`notifications:settings.channels.${channel}`)}
                  onChange={(_e, d) => onChange(key, d.checked)}
                />
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
