import type { AppDeps } from '../../context';
import { MAIL_RETRIES } from '../../core/notify';
import { translator } from '../../i18n';
// The event's payload type is declared beside the operation that records it.
import './operations/send-support-message';

/** Mails each support message to SUPPORT_EMAIL, with the person's address to answer to. */
export function registerSupportMails(deps: AppDeps) {
  deps.jobs.on(
    'support.message',
    'mail',
    async (event) => {
      const to = deps.config.SUPPORT_EMAIL;
      // Unset since the message was queued: nowhere to send it; the job fails to dead letters.
      if (!to) throw new Error('SUPPORT_EMAIL is not set');
      const t = translator('en');
      const { from, subject, message, page } = event.payload;
      await deps.mailer.send({
        to,
        subject: t('support:mail.subject', { subject }),
        text: [
          t('support:mail.from', { name: from.name, email: from.email, id: from.userId }),
          page ? t('support:mail.page', { page }) : '',
          '',
          message,
        ]
          .filter((line, index) => index !== 1 || line)
          .join('\n'),
        idempotencyKey: `support-${event.id}`,
      });
    },
    { retryLimit: MAIL_RETRIES },
  );
}
