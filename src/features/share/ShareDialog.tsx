import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CopyRegular, ShareRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getHostState } from '@tabs/host';
import { teamsDeepLink } from '@tabs/launch';
import { notify } from '@/lib/notify';
import { sharePath, type ShareRecord } from './links';
import { SimpleDialog } from '@/components/SimpleDialog';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  // Spec 9 modal widths: 550 px for a small form.
  surface: { maxWidth: '550px' },
  content: { ...column, gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: 0 },
});

/** The links of a shared record: the web address, and in Teams the deep link to the app tab. */
export function shareLinks(record: ShareRecord, label: string) {
  const path = sharePath(record);
  const web = new URL(path, window.location.origin).href;
  const host = getHostState();
  const teams =
    host.mode === 'host' && host.appId
      ? teamsDeepLink(host.appId, path, label, window.location.origin)
      : null;
  return { web, teams };
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function LinkRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <Field label={label} className={styles.grow}>
        <Input value={value} readOnly onFocus={(event) => event.target.select()} />
      </Field>
      <Button
        icon={<CopyRegular />}
        onClick={async () => {
          const done = await copy(value);
          notify({
            intent: done ? 'success' : 'warning',
            text: t(done ? 'share:dialog.copied' : 'share:dialog.copy_failed'),
          });
        }}
      >
        {t('share:dialog.copy')}
      </Button>
    </div>
  );
}

/** What the share dialog and the /share_action page show: the links and who may open them. */
export function ShareLinks({ record, name }: { record: ShareRecord; name: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const links = shareLinks(record, name);
  return (
    <div className={styles.content}>
      <Text>{t(`share:dialog.who.${record.type}`, { name })}</Text>
      <LinkRow label={t('share:dialog.link')} value={links.web} />
      {links.teams && <LinkRow label={t('share:dialog.teams_link')} value={links.teams} />}
    </div>
  );
}

/**
 * The Share action of a task, an objective, an assessment or a workspace: a button that opens
 * a dialog with the record's link to copy (and, inside Teams, the link that opens the app tab).
 */
export function ShareButton({
  record,
  name,
  size,
}: {
  record: ShareRecord;
  name: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation(['share']);
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ShareRegular />} size={size} onClick={() => setOpen(true)}>
        {t('share:action')}
      </Button>
      <SimpleDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('share:dialog.title', { name })}
        surfaceClassName={styles.surface}
        actions={
          <>
            <Button appearance="primary" onClick={() => setOpen(false)}>
              {t('share:dialog.done')}
            </Button>
          </>
        }
      >
        <ShareLinks record={record} name={name} />
      </SimpleDialog>
    </>
  );
}
