import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { supportMessageBody } from '@contracts/support';
import type { AppDeps } from '../../../context';
import type { Actor } from '../../../core/actor';
import { users } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { recordEvent } from '../../../jobs';

export interface SupportMail {
  from: { userId: number; email: string; name: string };
  subject: string;
  message: string;
  page?: string;
}

declare module '../../../jobs' {
  interface DomainEvents {
    'support.message': SupportMail;
  }
}

/** Whether support messages have somewhere to go (SUPPORT_EMAIL). */
export function supportTargetOf(deps: Pick<AppDeps, 'config'>) {
  return { configured: Boolean(deps.config.SUPPORT_EMAIL), channel: 'mail' as const };
}

/**
 * Queues the person's message for the support mailbox: a job mails it once the transaction
 * commits, so the request never waits on the mail server. Refused when no mailbox is set.
 */
export async function sendSupportMessage(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof supportMessageBody>,
) {
  if (!deps.config.SUPPORT_EMAIL) {
    throw refusal(409, 'support_not_configured', 'support:errors.not_configured');
  }
  await deps.db.transaction(async (tx) => {
    const [person] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, actor.userId));
    if (!person) throw refusal(401, 'unauthorized', 'common:errors.unauthorized');
    const name = [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
    await recordEvent(tx, 'support.message', {
      from: { userId: actor.userId, email: person.email, name },
      subject: input.subject,
      message: input.message,
      page: input.page,
    });
  });
  return { sent: true as const };
}
