import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { outboxDir } from './env';

export interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  file: string;
}

async function readMail(file: string): Promise<OutboxMail> {
  const parsed = await simpleParser(readFileSync(file));
  const to = [parsed.to]
    .flat()
    .flatMap((address) => address?.value ?? [])
    .map((address) => address.address?.toLowerCase() ?? '');
  return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', file };
}

/**
 * The newest .eml in DATA_DIR/outbox addressed to `email` (and matching `match`), waiting up
 * to `timeout` ms for it: the app writes mail after it answers, so a test may look first.
 */
export async function newestMailTo(
  email: string,
  options: { match?: (mail: OutboxMail) => boolean; timeout?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeout ?? 10_000);
  const wanted = email.toLowerCase();
  for (;;) {
    const dir = outboxDir();
    // File names start with an ISO timestamp, so name order is age order.
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const name of files) {
      const mail = await readMail(path.join(dir, name));
      if (mail.to.includes(wanted) && (options.match?.(mail) ?? true)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The first link in a mail whose path is `pathname` (e.g. '/verify'). */
export function linkIn(mail: OutboxMail, pathname: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`No ${pathname} link in the mail "${mail.subject}"`);
}

/** Waits for the newest mail to `email` with a `pathname` link, and gives the link. */
export async function mailedLink(
  email: string,
  pathname: string,
  options: { timeout?: number } = {},
): Promise<URL> {
  const mail = await newestMailTo(email, {
    timeout: options.timeout,
    match: (candidate) => candidate.text.includes(pathname),
  });
  return linkIn(mail, pathname);
}
