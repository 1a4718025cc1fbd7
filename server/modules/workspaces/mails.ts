import { derivedSecret, keyNamed, type SigningKey } from '../../auth/signing-keys';
import { sealedSplitToken } from '../../auth/split-token';
import type { AppDeps } from '../../context';
import { appLink } from '../../core/links';
import { MAIL_RETRIES, mailText } from '../../core/notify';
import type { DbOrTx } from '../../db/client';
import { translator, type Language } from '../../i18n';
import { eachOnce, recordEvent } from '../../jobs';

type WorkspaceMailKind =
  | 'invitation_new_account'
  | 'invitation_existing_account'
  | 'added_to_workspace'
  | 'complete_profile';

/**
 * One workspace mail as a job carries it: no secret, only the selectors of the sealed tokens
 * its link holds (see sealedSplitToken), which the job turns back into the raw tokens.
 */
export interface WorkspaceMail {
  /** Unique per mail that should go out once (a resent invitation is a new mail). */
  key: string;
  kind: WorkspaceMailKind;
  to: { email: string; name: string | null; language: Language };
  vars: { workspace: string; inviter?: string };
  link: {
    path: string;
    query?: Record<string, string>;
    /** `{name}` in the path or a query value is replaced by the sealed token of this selector. */
    sealed?: Record<string, string>;
  };
  /**
   * The signing key its sealed tokens were derived with, so a mail sent after a rotation still
   * carries the tokens their rows hold; absent in mails queued before key ids (the current key).
   */
  kid?: string;
}

declare module '../../jobs' {
  interface DomainEvents {
    'workspace.mails': { mails: WorkspaceMail[] };
  }
}

/** The key sealed tokens of workspace mails are derived with. */
export const mailTokenKey = (key: SigningKey) => derivedSecret(key, 'workspace-mail');

/**
 * Queues mails in the caller's transaction: they go out from a job once it commits, so a
 * request never waits on the mail server, and none goes out for a change that rolled back.
 */
export async function queueWorkspaceMails(tx: DbOrTx, mails: WorkspaceMail[]) {
  if (mails.length > 0) await recordEvent(tx, 'workspace.mails', { mails });
}

async function linkOf(deps: AppDeps, mail: WorkspaceMail) {
  const { link } = mail;
  const key = mailTokenKey(await keyNamed(deps.signingKeys, mail.kid));
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const selector = link.sealed?.[name];
      return selector ? sealedSplitToken(key, selector).raw : whole;
    });
  const query = Object.fromEntries(
    Object.entries(link.query ?? {}).map(([name, value]) => [name, fill(value)]),
  );
  return appLink(deps, fill(link.path), query);
}

/** Workspace mails, in the recipient's language. Each carries one link, the page to open. */
async function sendWorkspaceMail(deps: AppDeps, mail: WorkspaceMail) {
  const t = translator(mail.to.language);
  const link = await linkOf(deps, mail);
  const values = { ...mail.vars, link, name: mail.to.name ?? mail.to.email, app: 'Teamloop' };
  await deps.mailer.send({
    to: mail.to.email,
    subject: t(`workspaces:mail.${mail.kind}.subject`, values),
    text: mailText(t, `workspaces:mail.${mail.kind}`, values, link),
    link,
    idempotencyKey: `workspace-mail-${mail.key}`,
  });
}

/** Sends the queued mails; each one is marked once sent, so a retried job sends only the rest. */
export function registerWorkspaceMails(deps: AppDeps) {
  deps.jobs.on(
    'workspace.mails',
    'send',
    (event) =>
      eachOnce(
        deps.db,
        event.payload.mails,
        (mail) => `workspace-mail:${mail.key}`,
        (mail) => sendWorkspaceMail(deps, mail),
      ),
    { retryLimit: MAIL_RETRIES },
  );
}
