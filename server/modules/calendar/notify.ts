import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordEvent } from '../../jobs';
import { notifyOnEvent, type NotifyInput } from '../../core/notify';

interface EventInvitation {
  event: {
    id: number;
    title: string;
    start: string;
    time_zone: string;
    workspace_id: number | null;
  };
  recipients: number[];
  actor_id: number;
}

declare module '../../jobs' {
  interface DomainEvents {
    'calendar.invited': EventInvitation;
  }
}

/** Where an event opens in the app: the calendar, on the event. */
export const eventPath = (id: number) => `/calendar?event=${id}`;

/**
 * Tells people they were added to an event: recorded in the caller's transaction; the in-app
 * notification (and the mail, as each person's settings for meeting invitations allow) is made
 * by the handler after it commits.
 */
export async function recordInvitation(
  tx: DbOrTx,
  event: EventInvitation['event'],
  userIds: Iterable<number>,
  actorId: number,
) {
  const recipients = [...new Set(userIds)].filter((id) => id !== actorId);
  if (recipients.length === 0) return;
  await recordEvent(tx, 'calendar.invited', { event, recipients, actor_id: actorId });
}

function notificationOf({ event, recipients, actor_id }: EventInvitation): NotifyInput {
  return {
    userIds: recipients,
    kind: 'meeting_invited',
    workspaceId: event.workspace_id,
    actorId: actor_id,
    reference: { type: 'calendar_event', id: event.id },
    data: {
      message_key: 'calendar:notifications.event_invited',
      name: event.title,
      start: event.start,
      time_zone: event.time_zone,
    },
    link: eventPath(event.id),
  };
}

/** The calendar area's event handlers. */
export function registerCalendarNotifications(deps: AppDeps) {
  notifyOnEvent(deps, 'calendar.invited', notificationOf);
}
