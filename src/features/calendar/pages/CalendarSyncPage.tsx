import {
  Button,
  Card,
  Checkbox,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Switch,
  Text,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowSyncRegular, LinkRegular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CalendarSyncState, SyncDetail, SyncProvider } from '@contracts/calendar';
import { FormAlert, FormNotice } from '@/components/FormAlert';
import { RouterButton } from '@/components/RouterLink';
import type { ApiError } from '@/lib/http';
import { notify } from '@/lib/notify';
import { calendarApi, calendarKeys } from '../api';
import { useCalendarSyncState, useSyncDisconnect, useSyncLogin } from '../sync/connection';
import { BusyButton } from '@/components/BusyButton';
import { column, wrappingRow } from '@/lib/styles';
import { SkeletonRows } from '@/components/SkeletonRows';

type ProviderState = CalendarSyncState['providers'][number];
type Connection = NonNullable<ProviderState['connection']>;

const useStyles = makeStyles({
  page: {
    ...column,
    gap: tokens.spacingVerticalM,
    maxWidth: '48rem',
    minWidth: 0,
  },
  header: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  card: { ...column, gap: tokens.spacingVerticalS, minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  wrap: { overflowWrap: 'anywhere' },
  group: { ...column },
});

const REASONS = [
  'not_configured',
  'access_revoked',
  'provider_error',
  'unreachable',
  'state_invalid',
  'denied',
];

/** The calendar sync screen (issue 31): connect Google or Outlook, pick calendars, sync. */
export default function CalendarSyncPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const state = useCalendarSyncState();
  const share = useMutation({
    mutationFn: calendarApi.syncSettings,
    onSuccess: (next) => queryClient.setQueryData(calendarKeys.sync, next),
  });

  const returned = params.get('provider');
  const returnedError = params.get('error');
  const providerName =
    returned === 'google' || returned === 'outlook' ? t(`calendar:sync.providers.${returned}`) : '';

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <RouterButton to="/calendar" appearance="subtle" icon={<ArrowLeftRegular />}>
          {t('calendar:sync.back')}
        </RouterButton>
      </div>
      <Title2 as="h1">{t('calendar:sync.title')}</Title2>
      <Text className={styles.wrap}>{t('calendar:sync.intro')}</Text>
      {params.get('connected') === '1' && (
        <FormNotice>
          {providerName ? `${providerName}: ` : ''}
          {t('calendar:sync.connected')}
        </FormNotice>
      )}
      {returnedError && (
        <FormAlert
          error={{
            status: 400,
            messages: [`${providerName ? `${providerName}: ` : ''}${reasonText(t, returnedError)}`],
            fields: {},
          }}
        />
      )}
      {state.isPending ? (
        <SkeletonRows label={t('calendar:loading')} rows={2} size={48} />
      ) : state.isError ? (
        <>
          <FormAlert error={state.error as unknown as ApiError} />
          <div>
            <Button onClick={() => void state.refetch()}>{t('calendar:sync.retry')}</Button>
          </div>
        </>
      ) : (
        <>
          {state.data.providers.map((provider) => (
            <ProviderCard key={provider.provider} state={provider} />
          ))}
          <Card className={styles.card}>
            <Switch
              checked={state.data.share_busy_times}
              disabled={share.isPending}
              label={t('calendar:sync.share_busy')}
              onChange={(_event, data) => share.mutate(data.checked)}
            />
            <Text size={200} className={styles.wrap}>
              {t('calendar:sync.share_busy_hint')}
            </Text>
            <FormAlert error={(share.error as ApiError | null) ?? null} />
          </Card>
        </>
      )}
    </div>
  );
}

function reasonText(t: (key: string) => string, reason: string): string {
  return REASONS.includes(reason)
    ? t(`calendar:sync.reasons.${reason}`)
    : t('calendar:sync.reasons.provider_error');
}

function ProviderCard({ state }: { state: ProviderState }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const name = t(`calendar:sync.providers.${state.provider}`);
  const login = useSyncLogin(state.provider);

  return (
    <Card className={styles.card} aria-label={name}>
      <Title3 as="h2">{name}</Title3>
      {!state.configured ? (
        <Text>{t('calendar:sync.not_configured')}</Text>
      ) : !state.connection ? (
        <>
          <Text>{t('calendar:sync.not_connected')}</Text>
          <div className={styles.actions}>
            <BusyButton
              busy={login.isPending}
              appearance="primary"
              icon={<LinkRegular />}
              onClick={() => login.mutate()}
            >
              {t('calendar:sync.connect')}
            </BusyButton>
          </div>
          <FormAlert error={(login.error as ApiError | null) ?? null} />
        </>
      ) : (
        <ConnectedPanel provider={state.provider} connection={state.connection} />
      )}
    </Card>
  );
}

function ConnectedPanel({
  provider,
  connection,
}: {
  provider: SyncProvider;
  connection: Connection;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [readIds, setReadIds] = useState<string[]>(connection.read_calendar_ids);
  const [writeId, setWriteId] = useState<string>(connection.write_calendar_id ?? '');
  const update = (next: CalendarSyncState) => queryClient.setQueryData(calendarKeys.sync, next);

  const save = useMutation({
    mutationFn: () =>
      calendarApi.chooseCalendars(provider, {
        read_calendar_ids: readIds,
        write_calendar_id: writeId || null,
      }),
    onSuccess: (next) => {
      update(next);
      notify({ intent: 'success', text: t('calendar:sync.saved') });
    },
  });
  const run = useMutation({ mutationFn: () => calendarApi.syncNow(provider), onSuccess: update });
  const { disconnect, ask: askDisconnect, confirmDialog } = useSyncDisconnect(provider);

  const error = (save.error ?? run.error ?? disconnect.error) as ApiError | null;

  return (
    <>
      <Text className={styles.wrap}>
        {t('calendar:sync.connected_as', { account: connection.account })}
      </Text>
      <div role="group" aria-labelledby={`${provider}-read-from`} className={styles.group}>
        <Text id={`${provider}-read-from`} weight="semibold">
          {t('calendar:sync.read_from')}
        </Text>
        {connection.calendars.map((calendar) => (
          <Checkbox
            key={calendar.id}
            className={styles.wrap}
            label={calendar.name}
            checked={readIds.includes(calendar.id)}
            onChange={(_event, data) =>
              setReadIds((ids) =>
                data.checked ? [...ids, calendar.id] : ids.filter((id) => id !== calendar.id),
              )
            }
          />
        ))}
      </div>
      <Field label={t('calendar:sync.write_to')}>
        <RadioGroup value={writeId} onChange={(_event, data) => setWriteId(data.value)}>
          <Radio value="" label={t('calendar:sync.write_none')} />
          {connection.calendars.map((calendar) => (
            <Radio
              key={calendar.id}
              value={calendar.id}
              disabled={!calendar.writable}
              label={
                calendar.writable
                  ? calendar.name
                  : `${calendar.name} (${t('calendar:sync.read_only')})`
              }
            />
          ))}
        </RadioGroup>
      </Field>
      <Text size={200} className={styles.wrap}>
        {connection.last_sync_at
          ? t('calendar:sync.last_sync', {
              when: new Intl.DateTimeFormat(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }).format(new Date(connection.last_sync_at)),
              result: resultText(t, connection.last_sync_status, connection.last_sync_detail),
            })
          : t('calendar:sync.never_synced')}
      </Text>
      <FormAlert error={error} />
      <div className={styles.actions}>
        <Button appearance="primary" disabled={save.isPending} onClick={() => save.mutate()}>
          {t('calendar:sync.save')}
        </Button>
        <BusyButton busy={run.isPending} icon={<ArrowSyncRegular />} onClick={() => run.mutate()}>
          {run.isPending ? t('calendar:sync.syncing') : t('calendar:sync.sync_now')}
        </BusyButton>
        <Button disabled={disconnect.isPending} onClick={() => void askDisconnect()}>
          {t('calendar:sync.disconnect')}
        </Button>
      </div>
      {confirmDialog}
    </>
  );
}

function resultText(
  t: (key: string, options?: Record<string, unknown>) => string,
  status: Connection['last_sync_status'],
  detail: SyncDetail | null,
): string {
  if (status === 'failed')
    return t('calendar:sync.result_failed', {
      reason: reasonText(t, detail?.reason ?? 'provider_error'),
    });
  return t('calendar:sync.result_ok', {
    pushed: detail?.pushed ?? 0,
    pulled: detail?.pulled ?? 0,
    deleted_here: detail?.deleted_here ?? 0,
    deleted_there: detail?.deleted_there ?? 0,
    busy: detail?.busy ?? 0,
  });
}
