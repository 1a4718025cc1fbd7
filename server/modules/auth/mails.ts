import { createHmac, randomBytes } from 'node:crypto';
import { createOneTimeToken, createOtpCode } from '../../auth/one-time-tokens';
import { derivedSecret, keyNamed, type SigningKey } from '../../auth/signing-keys';
import { sealedSplitToken } from '../../auth/split-token';
import type { AppDeps } from '../../context';
import { appLink } from '../../core/links';
import { MAIL_RETRIES, mailText } from '../../core/notify';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { translator, type Language } from '../../i18n';
import { eachOnce, recordEvent } from '../../jobs';

type MailKind = 'verify_email' | 'reset_password' | 'otp_code' | 'account_exists';

interface Link {
  path: string;
  query?: Record<string, string>;
}

/**
 * One account mail as its job carries it, with no secret: a link's token is sealed (the job
 * rebuilds it from its selector, see sealedSplitToken) and a code is derived from a seed with
 * the server key, so the job table holds nothing that signs anyone in.
 */
export interface AccountMail {
  /** Unique per mail that should go out once. */
  key: string;
  kind: MailKind;
  to: { email: string; name: string; language: Language };
  /** The page the person opens; `token` adds the sealed token of this selector as `?token=`. */
  link?: Link & { token?: string };
  /** For account_exists: the password reset page, in the footer. */
  resetLink?: Link;
  /** For otp_code: what the six digits are derived from. */
  codeSeed?: string;
  /**
   * The signing key the token or code was derived with, so a mail sent after a rotation still
   * carries the one its row holds; absent in mails queued before key ids (the current key).
   */
  kid?: string;
}

declare module '../../jobs' {
  interface DomainEvents {
    /** Empty when the address has no account: the request writes the same either way. */
    'account.mail': { mails: AccountMail[] };
  }
}

/** The key sealed tokens and codes of account mails are derived with. */
const accountMailKey = (key: SigningKey) => derivedSecret(key, 'account-mail');

function codeOf(key: SigningKey, seed: string) {
  const digest = createHmac('sha256', accountMailKey(key)).update(`code:${seed}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

const newKey = () => randomBytes(12).toString('base64url');

/**
 * Queues account mails in the caller's transaction; they go out from a job once it commits.
 * Called with no mail when the address has no account, so a request writes one event either
 * way and how long it takes does not tell whether an address is known.
 */
export async function queueAccountMails(tx: DbOrTx, mails: AccountMail[]) {
  await recordEvent(tx, 'account.mail', { mails });
}

/** The same, in a transaction of its own with what `make` writes (a token row, a code). */
export function queueAccountMailsIn(db: Database, make: (tx: Tx) => Promise<AccountMail[]>) {
  return db.transaction(async (tx) => queueAccountMails(tx, await make(tx)));
}

type Recipient = AccountMail['to'];

/**
 * A mailed one-time link (verify the address, reset the password): the token row is written
 * now, in the caller's transaction, with a sealed token whose raw form only the job makes.
 */
export async function oneTimeLinkMail(
  deps: Pick<AppDeps, 'signingKeys'>,
  tx: DbOrTx,
  to: Recipient & { userId: number },
  purpose: 'verify_email' | 'reset_password',
  { ttlMs, path }: { ttlMs: number; path: string },
): Promise<AccountMail> {
  const signing = deps.signingKeys.current();
  const token = sealedSplitToken(accountMailKey(signing));
  await createOneTimeToken(tx, purpose, { userId: to.userId, email: to.email, ttlMs, token });
  const { userId: _userId, ...recipient } = to;
  const link = { path, token: token.selector };
  return { key: newKey(), kind: purpose, to: recipient, link, kid: signing.kid };
}

/** A mailed six-digit code; its row (the code's hash) is written in the caller's transaction. */
export async function otpCodeMail(
  deps: Pick<AppDeps, 'signingKeys'>,
  tx: DbOrTx,
  to: Recipient,
  purpose: string,
  ttlMs: number,
): Promise<AccountMail> {
  const signing = deps.signingKeys.current();
  const codeSeed = newKey();
  await createOtpCode(tx, to.email, purpose, ttlMs, codeOf(signing, codeSeed));
  return { key: newKey(), kind: 'otp_code', to, codeSeed, kid: signing.kid };
}

/** The mail a sign-up with a known address sends its owner instead of a second account. */
export function accountExistsMail(to: Recipient): AccountMail {
  return {
    key: newKey(),
    kind: 'account_exists',
    to,
    link: { path: '/signin' },
    resetLink: { path: '/password/forgot', query: { email: to.email } },
  };
}

/** Account mails, written in the recipient's language. */
async function sendAccountMail(deps: AppDeps, mail: AccountMail) {
  const t = translator(mail.to.language);
  const signing = await keyNamed(deps.signingKeys, mail.kid);
  const linkOf = (link: AccountMail['link']) => {
    if (!link) return undefined;
    const token = link.token && sealedSplitToken(accountMailKey(signing), link.token).raw;
    return appLink(deps, link.path, { ...link.query, ...(token ? { token } : {}) });
  };
  const link = linkOf(mail.link);
  const code = mail.codeSeed && codeOf(signing, mail.codeSeed);
  const vars = {
    name: mail.to.name,
    link,
    code,
    reset_link: linkOf(mail.resetLink),
    app: 'Teamloop',
  };
  await deps.mailer.send({
    to: mail.to.email,
    subject: t(`auth:mail.${mail.kind}.subject`, vars),
    text: mailText(t, `auth:mail.${mail.kind}`, vars, link ?? code ?? ''),
    link,
    idempotencyKey: `account-mail-${mail.key}`,
  });
}

/** Sends queued account mails; each is marked once sent, so a retried job sends only the rest. */
export function registerAccountMails(deps: AppDeps) {
  deps.jobs.on(
    'account.mail',
    'send',
    (event) =>
      eachOnce(
        deps.db,
        event.payload.mails,
        (mail) => `account-mail:${mail.key}`,
        (mail) => sendAccountMail(deps, mail),
      ),
    { retryLimit: MAIL_RETRIES },
  );
}
