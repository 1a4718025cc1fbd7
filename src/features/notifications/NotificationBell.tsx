import { CounterBadge, makeStyles, Tooltip } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '@/components/RouterLink';
import { notificationsApi } from './api';
import { notificationKeys } from './keys';

const useStyles = makeStyles({
  bell: { position: 'relative', minWidth: '32px' },
  badge: { position: 'absolute', top: '-2px', right: '-4px', pointerEvents: 'none' },
});

/** The bell in the header: unread count, live (the socket invalidates it), opens the inbox. */
export function NotificationBell() {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  const { data } = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: notificationsApi.unread,
    staleTime: 30_000,
  });
  const count = data?.unread_notifications ?? 0;
  const label = t('bell.label', { count });
  return (
    <Tooltip content={label} relationship="label">
      <RouterButton
        to="/notification"
        appearance="subtle"
        className={styles.bell}
        icon={<AlertRegular />}
        data-testid="notification-bell"
      >
        {count > 0 && (
          <CounterBadge
            className={styles.badge}
            count={count}
            overflowCount={99}
            size="small"
            color="danger"
            aria-hidden
            data-testid="notification-count"
          />
        )}
      </RouterButton>
    </Tooltip>
  );
}
