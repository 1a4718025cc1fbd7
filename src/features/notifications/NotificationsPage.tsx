import {
  Badge,
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  AlertRegular,
  CalendarAddRegular,
  CheckmarkCircleRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { RouterButton } from '@/components/RouterLink';
import { formatDateTime } from '@/lib/format';
import { notificationsApi, type NotificationItem } from './api';
import { notificationKeys } from './keys';
import { notificationText } from './words';
import { BusyButton } from '@/components/BusyButton';
import { ChoiceTabs } from '@/components/ChoiceTabs';
import { column, wrappingRow } from '@/lib/styles';

const MeetingDialog = lazy(() => import('./MeetingDialog'));
const PER_PAGE = 20;

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalM,
    maxWidth: '880px',
    width: '100%',
    margin: '0 auto',
  },
  head: {
    ...wrappingRow,
    gap: tokens.spacingHorizontalS,
    '& > h1': { margin: 0, flexGrow: 1 },
  },
  list: { listStyle: 'none', margin: 0, padding: 0, ...column },
  item: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  unread: { backgroundColor: tokens.colorBrandBackground2 },
  body: { flexGrow: 1, minWidth: 0, ...column, gap: '2px' },
  open: {
    textAlign: 'start',
    background: 'none',
    border: 'none',
    padding: 0,
    font: 'inherit',
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    ':hover': { textDecoration: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  when: { color: tokens.colorNeutralForeground3 },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

/** /notification: the inbox (spec 2.1, 7.12), read and unread, mark all read, paged. */
export default function NotificationsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const [meetingOpen, setMeetingOpen] = useState(false);
  const query = useQuery({
    queryKey: notificationKeys.list({ page, unread }),
    queryFn: () => notificationsApi.list(page, PER_PAGE, unread),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const markAll = useMutation({ mutationFn: notificationsApi.markAllRead, onSuccess: refresh });
  const markOne = useMutation({ mutationFn: notificationsApi.markRead, onSuccess: refresh });

  const open = (item: NotificationItem) => {
    if (!item.is_read) markOne.mutate(item.id);
    if (item.link) void navigate(item.link);
  };

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.notifications.meta.total / PER_PAGE)) : 1;
  const unreadCount = data?.unread_notifications ?? 0;

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text as="h1" size={600} weight="semibold">
          {t('notifications:inbox.heading')}
        </Text>
        <Button icon={<CalendarAddRegular />} onClick={() => setMeetingOpen(true)}>
          {t('notifications:inbox.new_meeting')}
        </Button>
        <RouterButton to="/settings/notifications" icon={<SettingsRegular />}>
          {t('notifications:inbox.settings')}
        </RouterButton>
        <BusyButton
          busy={markAll.isPending}
          appearance="primary"
          icon={<CheckmarkCircleRegular />}
          disabled={unreadCount === 0}
          onClick={() => markAll.mutate()}
        >
          {t('notifications:inbox.mark_all')}
        </BusyButton>
      </div>
      <ChoiceTabs
        value={unread ? 'unread' : 'all'}
        choices={['all', 'unread']}
        wordsOf={(tab) =>
          tab === 'all'
            ? t('notifications:inbox.all')
            : `${t('notifications:inbox.unread')}${unreadCount > 0 ? ` (${unreadCount})` : ''}`
        }
        onChange={(tab) => {
          setUnread(tab === 'unread');
          setPage(1);
        }}
      />

      {query.isPending ? (
        <Spinner label={t('app:loading')} />
      ) : query.isError ? (
        <EmptyState
          icon={<AlertRegular />}
          title={t('notifications:inbox.load_error')}
          actions={
            <Button onClick={() => void query.refetch()}>{t('notifications:inbox.retry')}</Button>
          }
        />
      ) : data && data.notifications.data.length === 0 ? (
        <EmptyState
          icon={<AlertRegular />}
          title={
            unread ? t('notifications:inbox.empty_unread') : t('notifications:inbox.empty_title')
          }
          description={unread ? undefined : t('notifications:inbox.empty_description')}
        />
      ) : (
        <ul
          className={styles.list}
          aria-label={t('notifications:inbox.heading')}
          data-testid="notification-list"
        >
          {data?.notifications.data.map((item) => (
            <li
              key={item.id}
              className={mergeClasses(styles.item, !item.is_read && styles.unread)}
              data-testid="notification-item"
              data-read={item.is_read ? '1' : '0'}
            >
              <div className={styles.body}>
                <button type="button" className={styles.open} onClick={() => open(item)}>
                  <Text weight={item.is_read ? 'regular' : 'semibold'}>
                    {notificationText(t, item)}
                  </Text>
                </button>
                <Text size={200} className={styles.when}>
                  {formatDateTime(item.created_at)}
                </Text>
              </div>
              {item.is_read ? (
                <Badge appearance="ghost" color="subtle">
                  {t('notifications:inbox.read')}
                </Badge>
              ) : (
                <Button
                  size="small"
                  appearance="subtle"
                  aria-label={`${t('notifications:inbox.mark_read')}: ${notificationText(t, item)}`}
                  onClick={() => markOne.mutate(item.id)}
                >
                  {t('notifications:inbox.mark_read')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('notifications:inbox.heading')}>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('notifications:inbox.previous')}
          </Button>
          <Text>{t('notifications:inbox.page', { page, pages })}</Text>
          <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('notifications:inbox.next')}
          </Button>
        </nav>
      )}
      {meetingOpen && (
        <Suspense>
          <MeetingDialog open={meetingOpen} onClose={() => setMeetingOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
