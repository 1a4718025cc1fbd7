import {
  Button,
  Field,
  Input,
  makeStyles,
  Tab,
  TabList,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ArrowResetRegular, CopyRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { INVITABLE_ROLES, type CsvInviteResult, type Workspace } from '@contracts/workspaces';
import { DropdownField } from '@/components/DropdownField';
import { FormAlert } from '@/components/FormAlert';
import { PlainTable } from '@/components/PlainTable';
import { UploadWidget, type UploadRule } from '@/components/UploadWidget';
import { withApiError, type ApiError } from '@/lib/http';
import { notify } from '@/lib/notify';
import {
  refreshWorkspaces,
  workspaceKeys,
  workspacesApi,
  type InvitableRole,
} from '@/features/workspaces';
import { useConfirm } from '@/components/ConfirmDialog';
import { SimpleDialog } from '@/components/SimpleDialog';
import { column } from '@/lib/styles';
import type { DialogOpenProps } from '@/components/dialog-props';

const useStyles = makeStyles({
  content: { ...column, gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
});

const CSV_MAX_BYTES = 1_048_576;
const address = z.string().trim().toLowerCase().email();

/** Addresses typed or pasted: separated by commas, semicolons, spaces or new lines. */
export function splitEmails(text: string): { valid: string[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const parsed = address.safeParse(part);
    if (parsed.success) {
      if (!valid.includes(parsed.data)) valid.push(parsed.data);
    } else invalid.push(part);
  }
  return { valid, invalid };
}

function ByEmail({ workspace, onDone }: { workspace: Workspace; onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const { valid, invalid } = splitEmails(text);
  const invite = useMutation<unknown, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        workspacesApi.invite(
          workspace.id,
          valid.map((email) => ({ email, role })),
        ),
      ),
    onSuccess: async () => {
      await refreshWorkspaces(queryClient);
      setText('');
      onDone();
    },
  });
  return (
    <div className={styles.content}>
      <FormAlert error={invite.error} />
      <Field
        label={t('workspaces:invite.emails')}
        hint={t('workspaces:invite.emails_hint')}
        validationMessage={
          invalid.length > 0
            ? t('workspaces:invite.invalid_emails', { list: invalid.join(', ') })
            : undefined
        }
      >
        <Textarea
          name="emails"
          value={text}
          onChange={(_event, data) => setText(data.value)}
          resize="vertical"
        />
      </Field>
      <div className={styles.row}>
        <DropdownField
          label={t('workspaces:invite.role')}
          className={styles.grow}
          value={role}
          choices={INVITABLE_ROLES}
          wordsOf={(option) => t(`workspaces:roles.${option}`)}
          onChange={setRole}
        />
        <Button
          appearance="primary"
          disabled={valid.length === 0 || invalid.length > 0 || invite.isPending}
          onClick={() => invite.mutate()}
        >
          {t('workspaces:invite.send', { count: valid.length })}
        </Button>
      </div>
    </div>
  );
}

function ByLink({ workspace }: { workspace: Workspace }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: workspaceKeys.inviteLink(workspace.id),
    queryFn: () => workspacesApi.inviteLink(workspace.id),
  });
  const reset = useMutation({
    mutationFn: () => workspacesApi.resetInviteLink(workspace.id),
    onSuccess: ({ resource }) =>
      queryClient.setQueryData(workspaceKeys.inviteLink(workspace.id), resource),
  });
  const copy = async () => {
    if (!link.data) return;
    try {
      await navigator.clipboard.writeText(link.data.link);
      notify({ intent: 'success', text: t('workspaces:invite.copied') });
    } catch {
      notify({ intent: 'warning', text: t('workspaces:invite.copy_failed') });
    }
  };
  return (
    <div className={styles.content}>
      <Text>{t('workspaces:invite.link_hint')}</Text>
      <div className={styles.row}>
        <Field label={t('workspaces:invite.link')} className={styles.grow}>
          <Input readOnly value={link.data?.link ?? ''} name="invite-link" />
        </Field>
        <Button icon={<CopyRegular />} disabled={!link.data} onClick={copy}>
          {t('workspaces:invite.copy')}
        </Button>
      </div>
      {workspace.abilities.manage_members && (
        <Button
          appearance="subtle"
          icon={<ArrowResetRegular />}
          disabled={reset.isPending}
          onClick={async () => {
            const agreed = await confirm({
              message: t('workspaces:invite.reset_confirm'),
              confirmLabel: t('workspaces:invite.reset'),
            });
            if (agreed) reset.mutate();
          }}
        >
          {t('workspaces:invite.reset')}
        </Button>
      )}
      {confirmDialog}
    </div>
  );
}

function ByCsv({ workspace }: { workspace: Workspace }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [hasError, setHasError] = useState(false);
  const rules = useMemo<UploadRule[]>(
    () => [
      (chosen) => (chosen.length > 1 ? t('workspaces:invite.csv_one_file') : null),
      (chosen) =>
        chosen.some((file) => !file.name.toLowerCase().endsWith('.csv'))
          ? t('workspaces:invite.csv_only')
          : null,
      (chosen) =>
        chosen.some((file) => file.size > CSV_MAX_BYTES)
          ? t('workspaces:invite.csv_too_large')
          : null,
      (chosen) =>
        chosen.some((file) => file.size === 0) ? t('workspaces:invite.csv_empty') : null,
    ],
    [t],
  );
  const upload = useMutation<CsvInviteResult, ApiError>({
    mutationFn: () =>
      withApiError(
        async () => (await workspacesApi.inviteWithCsv(workspace.id, files[0])).resource,
      ),
    onSuccess: async () => {
      setFiles([]);
      await refreshWorkspaces(queryClient);
    },
  });
  return (
    <div className={styles.content}>
      <Text>{t('workspaces:invite.csv_hint')}</Text>
      <UploadWidget
        files={files}
        onChange={setFiles}
        multiple={false}
        rules={rules}
        onErrorChange={setHasError}
        label={t('workspaces:invite.csv_file')}
      />
      <FormAlert error={upload.error} />
      <Button
        appearance="primary"
        disabled={files.length === 0 || hasError || upload.isPending}
        onClick={() => upload.mutate()}
      >
        {t('workspaces:invite.import')}
      </Button>
      {upload.data && (
        <PlainTable
          size="small"
          label={t('workspaces:invite.csv_results')}
          items={upload.data.results}
          rowKey={(result) => result.row}
          rowProps={(result) => ({ 'data-outcome': result.status })}
          columns={[
            { id: 'row', label: t('workspaces:invite.row'), render: (result) => result.row },
            { id: 'email', label: t('workspaces:columns.email'), render: (result) => result.email },
            {
              id: 'result',
              label: t('workspaces:invite.result'),
              render: (result) => result.message,
            },
          ]}
        />
      )}
    </div>
  );
}

type InviteTab = 'email' | 'link' | 'csv';

/** Inviting people: e-mail addresses, the link to copy, or a CSV file (spec 2.13 upload). */
export function InviteDialog({
  workspace,
  open,
  onClose,
}: { workspace: Workspace } & DialogOpenProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [tab, setTab] = useState<InviteTab>('email');
  return (
    <SimpleDialog
      open={open}
      onClose={onClose}
      title={t('workspaces:invite.title', { name: workspace.name })}
      contentClassName={styles.content}
      actions={
        <>
          <Button onClick={onClose}>{t('workspaces:settings.close')}</Button>
        </>
      }
    >
      <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as InviteTab)}>
        <Tab value="email">{t('workspaces:invite.by_email')}</Tab>
        <Tab value="link">{t('workspaces:invite.by_link')}</Tab>
        <Tab value="csv">{t('workspaces:invite.by_csv')}</Tab>
      </TabList>
      {tab === 'email' && <ByEmail workspace={workspace} onDone={onClose} />}
      {tab === 'link' && <ByLink workspace={workspace} />}
      {tab === 'csv' && <ByCsv workspace={workspace} />}
    </SimpleDialog>
  );
}
