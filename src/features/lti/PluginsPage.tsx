import {
  Badge,
  Button,
  Card,
  Checkbox,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plugin, PluginBody, ToolUrls } from '@contracts/lti';
import { useSignedInUser } from '@/lib/current-user';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { ltiApi, ltiKeys } from './api';
import { FormDialog } from '@/components/FormDialog';
import { CopyableTextField } from '@/components/CopyableTextField';
import { TextField } from '@/components/TextField';
import { TextareaField } from '@/components/TextareaField';
import { column, pageColumn, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...pageColumn },
  urls: { ...column, gap: tokens.spacingVerticalS },
  url: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: 0 },
  copy: { flexShrink: 0, whiteSpace: 'nowrap', '@media (max-width: 480px)': { minWidth: 'auto' } },
  copyText: { '@media (max-width: 480px)': { display: 'none' } },
  list: { ...column, gap: tokens.spacingVerticalM },
  row: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  form: {
    ...column,
    gap: tokens.spacingVerticalS,
    overflowY: 'auto',
  },
  // On a phone the long form still leaves the page visible around it.
  surface: {
    maxWidth: 'min(600px, calc(100vw - 32px))',
    maxHeight: 'calc(100dvh - 64px)',
    overflowY: 'auto',
    boxSizing: 'border-box',
  },
});

const URL_KEYS: (keyof ToolUrls)[] = [
  'register_url',
  'login_url',
  'launch_url',
  'jwks_url',
  'deep_linking_url',
];

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('lti');
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.url}>
      <CopyableTextField label={label} className={styles.grow} value={value} />
      <Button
        className={styles.copy}
        icon={<CopyRegular />}
        aria-label={t('plugins.copy_label', { name: label })}
        onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
      >
        <span className={styles.copyText}>{copied ? t('plugins.copied') : t('plugins.copy')}</span>
      </Button>
    </div>
  );
}

/** Settings > Plugins: learning platforms registered for LTI 1.3, and our URLs to copy. */
export default function PluginsPage() {
  const { t } = useTranslation('lti');
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: ltiKeys.plugins, queryFn: ltiApi.plugins, retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ltiKeys.plugins });
  const archive = useMutation({ mutationFn: ltiApi.archivePlugin, onSuccess: refresh });
  const remove = useMutation({ mutationFn: ltiApi.deletePlugin, onSuccess: refresh });
  const approve = useMutation({ mutationFn: ltiApi.approvePlugin, onSuccess: refresh });
  const revoke = useMutation({ mutationFn: ltiApi.revokeApproval, onSuccess: refresh });
  const supervisor = useSignedInUser().role === 'supervisor';

  if (list.isPending) return <Spinner label={t('plugins.loading')} />;
  if (list.isError) {
    return (
      <EmptyState title={t('plugins.unavailable_title')} description={t('plugins.unavailable')} />
    );
  }
  const { plugins, tool_urls: urls } = list.data;
  /** What approval means for this plugin, in the words the owner needs. */
  const approvalNote = (plugin: Plugin) => {
    if (!plugin.approved) {
      return [
        t('plugins.approval.not_approved_note'),
        ...(plugin.trust_emails ? [t('plugins.approval.emails_requested')] : []),
      ].join(' ');
    }
    return [
      t('plugins.approval.approved_note'),
      plugin.emails_trusted
        ? t('plugins.approval.emails_trusted')
        : t('plugins.approval.emails_not_trusted'),
    ].join(' ');
  };
  return (
    <div className={styles.root}>
      <Card>
        <Text as="h2" size={500} weight="semibold">
          {t('plugins.tool_urls')}
        </Text>
        <Text>{t('plugins.tool_urls_intro')}</Text>
        <div className={styles.urls}>
          {URL_KEYS.map((key) => (
            <CopyField key={key} label={t(`plugins.urls.${key}`)} value={urls[key]} />
          ))}
        </div>
      </Card>
      <div className={styles.row}>
        <Text as="h2" size={500} weight="semibold" className={styles.grow}>
          {t('plugins.title')}
        </Text>
        <Button appearance="primary" onClick={() => setAdding(true)}>
          {t('plugins.add')}
        </Button>
      </div>
      {supervisor && <Text className={styles.meta}>{t('plugins.approval.supervisor_hint')}</Text>}
      {plugins.length === 0 ? (
        <EmptyState title={t('plugins.empty_title')} description={t('plugins.empty')} />
      ) : (
        <ul
          className={styles.list}
          aria-label={t('plugins.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {plugins.map((plugin: Plugin) => (
            <li key={plugin.id}>
              <Card>
                <div className={styles.row}>
                  <Text weight="semibold" className={styles.grow}>
                    {plugin.name}
                  </Text>
                  <Badge appearance="tint" color={plugin.approved ? 'brand' : 'warning'}>
                    {plugin.approved
                      ? t('plugins.approval.approved')
                      : t('plugins.approval.not_approved')}
                  </Badge>
                  <Badge
                    appearance="tint"
                    color={plugin.status === 'active' ? 'success' : 'informative'}
                  >
                    {t(`plugins.status.${plugin.status}`)}
                  </Badge>
                </div>
                <Text size={200}>{approvalNote(plugin)}</Text>
                <Text size={200} className={styles.meta}>
                  {t('plugins.issuer')}: {plugin.issuer}
                </Text>
                <Text size={200} className={styles.meta}>
                  {t('plugins.client_id')}: {plugin.client_id} · {t('plugins.deployments')}:{' '}
                  {plugin.deployment_ids.join(', ')}
                </Text>
                <div className={styles.row}>
                  {plugin.abilities.approve &&
                    (plugin.approved ? (
                      <Button size="small" onClick={() => revoke.mutate(plugin.id)}>
                        {t('plugins.revoke_approval')}
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        appearance="primary"
                        onClick={() => approve.mutate(plugin.id)}
                      >
                        {t('plugins.approve')}
                      </Button>
                    ))}
                  {plugin.status === 'active' && (
                    <Button size="small" onClick={() => archive.mutate(plugin.id)}>
                      {t('plugins.archive')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => remove.mutate(plugin.id)}>
                    {t('plugins.delete')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AddPluginDialog
        open={adding}
        supervisor={supervisor}
        onClose={() => setAdding(false)}
        onAdded={refresh}
      />
    </div>
  );
}

function AddPluginDialog({
  open,
  supervisor,
  onClose,
  onAdded,
}: {
  open: boolean;
  /** A supervisor's plugin is approved as it is added; an owner's asks for e-mail linking. */
  supervisor: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation('lti');
  const styles = useStyles();
  const empty = {
    name: '',
    issuer: '',
    client_id: '',
    deployment_ids: '',
    auth_login_url: '',
    access_token_url: '',
    jwks_url: '',
  };
  const [form, setForm] = useState(empty);
  const [trust, setTrust] = useState(false);
  const create = useMutation<Plugin, ApiError, PluginBody>({
    mutationFn: (body) => withApiError(() => ltiApi.createPlugin(body)),
    onSuccess: () => {
      setForm(empty);
      onAdded();
      onClose();
    },
  });
  const set = (key: keyof typeof empty) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const submit = () => {
    create.mutate({
      ...form,
      deployment_ids: form.deployment_ids.split(/[\s,]+/).filter(Boolean),
      trust_emails: trust,
    });
  };
  const fieldError = (key: string) => create.error?.fields?.[key]?.[0];
  /** One of the plugin's required one-line settings. */
  const requiredInput = (key: keyof typeof empty, type: 'text' | 'url') => (
    <TextField
      key={key}
      label={t(`plugins.fields.${key}`)}
      required
      validationMessage={fieldError(key)}
      type={type}
      value={form[key]}
      onChange={set(key)}
    />
  );
  return (
    <FormDialog
      open={open}
      title={t('plugins.add_title')}
      onSubmit={submit}
      contentClassName={styles.form}
      surfaceClassName={styles.surface}
      onClose={onClose}
      submitLabel={t('plugins.save')}
      submitDisabled={create.isPending}
    >
      <FormAlert error={create.error} />
      {(['name', 'issuer', 'client_id'] as const).map((key) => requiredInput(key, 'text'))}
      <TextareaField
        label={t('plugins.fields.deployment_ids')}
        hint={t('plugins.fields.deployment_ids_hint')}
        required
        validationMessage={fieldError('deployment_ids')}
        value={form.deployment_ids}
        onChange={set('deployment_ids')}
      />
      {(['auth_login_url', 'access_token_url', 'jwks_url'] as const).map((key) =>
        requiredInput(key, 'url'),
      )}
      <Checkbox
        checked={trust}
        onChange={(_e, d) => setTrust(Boolean(d.checked))}
        label={
          supervisor ? t('plugins.fields.trust_emails') : t('plugins.fields.trust_emails_request')
        }
      />
    </FormDialog>
  );
}
