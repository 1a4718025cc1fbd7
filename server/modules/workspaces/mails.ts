import type { AppDeps } from '../../context';
import { translator, type Language } from '../../i18n';

type WorkspaceMailKind =
  | 'invitation_new_account'
  | 'invitation_existing_account'
  | 'added_to_workspace'
  | 'complete_profile';

/**
 * Workspace mails, in the recipient's language when they have an account and in the
 * sender's language otherwise. Each carries one link, the page the person opens.
 */
export async function sendWorkspaceMail(
  deps: AppDeps,
  kind: WorkspaceMailKind,
  to: { email: string; name: string | null; language: Language },
  vars: { workspace: string; inviter?: string; link: string },
) {
  const t = translator(to.language);
  const values = { ...vars, name: to.name ?? to.email, app: 'Teamloop' };
  const lines = [
    t(`workspaces:mail.${kind}.greeting`, values),
    '',
    t(`workspaces:mail.${kind}.body`, values),
    '',
    vars.link,
    '',
    t(`workspaces:mail.${kind}.footer`, values),
  ];
  await deps.mailer.send({
    to: to.email,
    subject: t(`workspaces:mail.${kind}.subject`, values),
    text: lines.join('\n'),
    link: vars.link,
  });
}

/** Sends mails one after another after the data is committed; a failed one is logged. */
export async function sendAll(
  log: { error: (obj: unknown, msg: string) => void },
  mails: (() => Promise<void>)[],
): Promise<number> {
  let failed = 0;
  for (const send of mails) {
    try {
      await send();
    } catch (error) {
      failed += 1;
      log.error({ err: error }, 'workspace mail could not be sent');
    }
  }
  return failed;
}
