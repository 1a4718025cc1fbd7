import type { AppDeps } from '../../context';
import { translator, type Language } from '../../i18n';

type MailKind = 'verify_email' | 'reset_password' | 'otp_code' | 'account_exists';

/**
 * Account mails, written in the recipient's language. `link` is the page the person opens;
 * `code` is a one-time code for OTP mails; `resetLink` goes in the footer of account_exists.
 */
export async function sendAccountMail(
  deps: AppDeps,
  kind: MailKind,
  to: { email: string; name: string; language: Language },
  details: { link?: string; code?: string; resetLink?: string },
) {
  const t = translator(to.language);
  const vars = {
    name: to.name,
    link: details.link,
    code: details.code,
    reset_link: details.resetLink,
    app: 'Teamloop',
  };
  const lines = [
    t(`auth:mail.${kind}.greeting`, vars),
    '',
    t(`auth:mail.${kind}.body`, vars),
    '',
    details.link ?? details.code ?? '',
    '',
    t(`auth:mail.${kind}.footer`, vars),
  ];
  await deps.mailer.send({
    to: to.email,
    subject: t(`auth:mail.${kind}.subject`, vars),
    text: lines.join('\n'),
    link: details.link,
  });
}

/**
 * Makes and sends a mail after the answer (its token included), so whether a mail went out
 * (a known address) or not takes no time a caller could measure. A failure is logged; the
 * person can ask again.
 */
export function sendAccountMailLater(
  log: { error: (obj: unknown, msg: string) => void },
  send: () => Promise<void>,
) {
  setImmediate(() => {
    send().catch((error: unknown) => log.error({ err: error }, 'account mail could not be sent'));
  });
}
