import type { TFunction } from 'i18next';
import type { NotificationItem } from './api';

/** The words of a notification in the reader's language (the server stores a key and values). */
export function notificationText(t: TFunction, item: NotificationItem): string {
  const key = typeof item.data.message_key === 'string' ? item.data.message_key : '';
  return t(key || 'notifications:fallback', {
    ...item.data,
    actor: item.actor?.name ?? 'Teamloop',
    defaultValue: t('notifications:fallback'),
  });
}
