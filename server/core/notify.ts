import { inArray } from 'drizzle-orm';
import { SETTING_OF_KIND, type NotificationKind } from '@contracts/notifications';
import { notificationSettingDefault, type NotificationChannel } from '@contracts/profile';
import { signLinkToken } from '../auth/signed-link';
import { SIGNED_LINK_MAX_TTL_MS } from '../auth/signing-keys';
import type { AppDeps } from '../context';
import type { DbOrTx } from '../db/client';
import { notifications, users, type UserRow } from '../db/schema';
import type { TFunction } from 'i18next';
import { translator } from '../i18n';
import { claimEffect, eachOnce, recordEvent, type DomainEvents, type EventType } from '../jobs';
import { appLink } from './links';
import { displayName } from './people';

/** One delivery of a notification to one person; the notifications area's handlers act on it. */
export interface NotificationDelivery {
  user_id: number;
  /** The in-app row, or null when the person turned the in-app channel off for this kind. */
  notification_id: number | null;
  email: boolean;
}

export interface NotificationCreated {
  kind: NotificationKind;
  workspace_id: number | null;
  actor_id: number | null;
  /** A message key and its values, worded in each reader's language. */
  data: Record<string, unknown> & { message_key: string };
  /** The page of the app it opens. */
  link: string | null;
  recipients: NotificationDelivery[];
}

declare module '../jobs' {
  interface DomainEvents {
    'notification.created': NotificationCreated;
  }
}

/** Whether a person wants to hear of `kind` by `channel` (settings page; on unless turned off). */
export function wantsKind(
  user: Pick<UserRow, 'notificationSettings'>,
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  const key = `${SETTING_OF_KIND[kind]}_${channel}`;
  return user.notificationSettings[key] ?? notificationSettingDefault(key);
}

export interface NotifyInput {
  userIds: Iterable<number>;
  kind: NotificationKind;
  workspaceId?: number | null;
  /** Who did it; never told about their own act. Null when the system tells (a deadline). */
  actorId?: number | null;
  reference?: { type: string; id: number } | null;
  data: Record<string, unknown> & { message_key: string };
  /** A path of the app the notification opens. */
  link?: string | null;
  /** The caller mails this kind itself (an invitation, a reminder): no notification mail. */
  skipEmail?: boolean;
}

/**
 * Tells people something that concerns them: in the caller's transaction, writes the in-app
 * rows of those who want them and records one `notification.created` event; after commit the
 * notifications area sends it live to their open clients, by mail and to the Teams activity
 * feed (docs/decisions/notifications.md). Call it from a request's transaction or from an
 * event handler's (made once there with claimEffect). Returns the in-app rows' ids.
 */
export async function notify(tx: DbOrTx, input: NotifyInput): Promise<number[]> {
  const actorId = input.actorId ?? null;
  const ids = [...new Set(input.userIds)].filter((id) => id !== actorId);
  if (ids.length === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      notificationSettings: users.notificationSettings,
      deletedAt: users.deletedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const recipients: NotificationDelivery[] = [];
  const rowIds: number[] = [];
  for (const person of people) {
    if (person.deletedAt || person.deactivatedAt) continue;
    const inApp = wantsKind(person, input.kind, 'in_app');
    const email = !input.skipEmail && wantsKind(person, input.kind, 'email');
    let notificationId: number | null = null;
    if (inApp) {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: person.id,
          workspaceId: input.workspaceId ?? null,
          actorId,
          kind: input.kind,
          referenceType: input.reference?.type ?? null,
          referenceId: input.reference?.id ?? null,
          data: { ...input.data, link: input.link ?? null },
        })
        .returning({ id: notifications.id });
      notificationId = row.id;
      rowIds.push(row.id);
    }
    if (inApp || email)
      recipients.push({ user_id: person.id, notification_id: notificationId, email });
  }
  if (recipients.length === 0) return [];
  await recordEvent(tx, 'notification.created', {
    kind: input.kind,
    workspace_id: input.workspaceId ?? null,
    actor_id: actorId,
    data: input.data,
    link: input.link ?? null,
    recipients,
  });
  return rowIds;
}

/**
 * Tells people of each committed event of `type` (its `notifications` handler): what `notify`
 * writes is written once per event, however often the job runs.
 */
export function notifyOnEvent<T extends EventType>(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  type: T,
  inputOf: (payload: DomainEvents[T]) => NotifyInput,
) {
  deps.jobs.on(type, 'notifications', async (event) => {
    await deps.db.transaction(async (tx) => {
      if (!(await claimEffect(tx, `event:${event.id}:notifications`))) return;
      await notify(tx, inputOf(event.payload));
    });
  });
}

export const SETTINGS_LINK_PURPOSE = 'notification-settings';
/** A settings link in a mail keeps working this long. */
export const SETTINGS_LINK_TTL_MS = SIGNED_LINK_MAX_TTL_MS;

/**
 * The public page where a person changes their notification settings from a mail, without
 * signing in (`/p/notifications/:token`); every notification mail carries it.
 */
export function settingsLink(deps: AppDeps, userId: number) {
  const token = signLinkToken(
    deps.signingKeys.current(),
    SETTINGS_LINK_PURPOSE,
    userId,
    SETTINGS_LINK_TTL_MS,
  );
  return appLink(deps, `/p/notifications/${token}`);
}

/**
 * How often a mail job is tried again: mail servers can be away for a while, so for about four
 * hours (backoff from JOBS_RETRY_DELAY_SECONDS) before it lands in the dead letters.
 */
export const MAIL_RETRIES = 9;

/**
 * The text of a mail written in `<words>`: `.greeting`, `.body`, the link or code to use when
 * the mail has one (`use`), and `.footer`, a blank line between each.
 */
export function mailText(
  t: TFunction,
  words: string,
  vars: Record<string, unknown>,
  use?: string,
): string {
  return [
    t(`${words}.greeting`, vars),
    '',
    t(`${words}.body`, vars),
    '',
    ...(use === undefined ? [] : [use, '']),
    t(`${words}.footer`, vars),
  ].join('\n');
}

/** A reminder mail; see mailRemindersOn. */
export interface ReminderMail {
  recipients: readonly number[];
  kind: string;
  words: string;
  /** What is due, by the name the words give it (`{ task: name }`). */
  about: Record<string, string>;
  /** An ISO instant; mails show its date. */
  due: string | null;
  link: string;
  wants?: (person: UserRow) => boolean;
  footer?: (person: UserRow, t: TFunction, vars: Record<string, string>) => string[];
}

/**
 * Each committed event of `type` (its `mail` handler) as a reminder by mail that something is
 * due (`mailOf` the payload; null: no mail), one per recipient who can still read it
 * (and `wants` it), in their language: `<words>.subject`, `.greeting` and `.body` with the
 * person's name, what it is about and the due date (`<words>.no_due_date` when there is none),
 * then `link` and any `footer` lines. Each mail carries a Message-ID made from `kind`, the
 * event and the person, and is marked sent once out: a run cut off between the two sends the
 * same message again, which the outbox folder and mail clients take as one.
 */
export function mailRemindersOn<T extends EventType>(
  deps: AppDeps,
  type: T,
  mailOf: (payload: DomainEvents[T]) => ReminderMail | null,
) {
  deps.jobs.on(type, 'mail', async (event) => {
    const mail = mailOf(event.payload);
    if (mail) await mailReminder(deps, event.id, mail);
  });
}

async function mailReminder(deps: AppDeps, eventId: number, mail: ReminderMail) {
  const people = await deps.db
    .select()
    .from(users)
    .where(inArray(users.id, [...mail.recipients]));
  const reachable = people.filter(
    (person) => !person.deletedAt && !person.deactivatedAt && (mail.wants?.(person) ?? true),
  );
  await eachOnce(
    deps.db,
    reachable,
    (person) => `event:${eventId}:mail:${person.id}`,
    async (person) => {
      const t = translator(person.language);
      const vars = {
        name: displayName(person),
        ...mail.about,
        due: mail.due ? mail.due.slice(0, 10) : t(`${mail.words}.no_due_date`),
        app: 'Teamloop',
      };
      await deps.mailer.send({
        to: person.email,
        subject: t(`${mail.words}.subject`, vars),
        text: [
          t(`${mail.words}.greeting`, vars),
          '',
          t(`${mail.words}.body`, vars),
          '',
          mail.link,
          ...(mail.footer?.(person, t, vars) ?? []),
        ].join('\n'),
        link: mail.link,
        idempotencyKey: `${mail.kind}-${eventId}-${person.id}`,
      });
    },
  );
}
