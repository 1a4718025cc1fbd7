import { makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '@/components/RouterLink';
import { notificationsApi } from './api';
import { notificationKeys } from './keys';

/** Above this, the count reads "99+". */
const OVERFLOW_COUNT = 99;

const useStyles = makeStyles({
  bell: { position: 'relative', minWidth: '32px' },
  /** Fluent's small danger counter badge, drawn here: it shows on every signed-in page. */
  count: {
    position: 'absolute',
    top: '-2px',
    right: '-4px',
    pointerEvents: 'none',
    minWidth: '16px',
    height: '16px',
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: '16px',
    textAlign: 'center',
  },
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
    <RouterButton
      to="/notification"
      appearance="subtle"
      className={styles.bell}
      icon={<AlertRegular />}
      aria-label={label}
      data-testid="notification-bell"
    >
      {count > 0 && (
        <span className={styles.count} aria-hidden data-testid="notification-count">
          {count > OVERFLOW_COUNT ? `${OVERFLOW_COUNT}+` : count}
        </span>
      )}
    </RouterButton>
  );
}
