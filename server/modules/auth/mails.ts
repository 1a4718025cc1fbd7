import type { AppDeps } from '../../context';
import { translator, type Language } from '../../i18n';

type MailKind = 'verify_email' | 'reset_password' | 'otp_code';

/**
 * Account mails, written in the recipient's language. `link` is the page the person opens;
 * `code` is a one-time code for OTP mails.
 */
export async function sendAccountMail(
  deps: AppDeps,
  kind: MailKind,
  to: { email: string; name: string; language: Language },
  details: { link?: string; code?: string },
) {
  const t = translator(to.language);
  const vars = { name: to.name, link: details.link, code: details.code, app: 'Teamloop' };
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

export function appLink(deps: AppDeps, pathname: string, query: Record<string, string> = {}) {
  const url = new URL(pathname, deps.config.APP_URL);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
