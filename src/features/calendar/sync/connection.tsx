import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { LinkRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CalendarSyncState, SyncProvider } from '@contracts/calendar';
import { useConfirm } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { apiErrorOf, type ApiError } from '@/lib/http';
import { notify } from '@/lib/notify';
import { calendarApi, calendarKeys } from '../api';
import { BusyButton } from '@/components/BusyButton';
import { wrappingRow } from '@/lib/styles';

export function useCalendarSyncState() {
  return useQuery({ queryKey: calendarKeys.sync, queryFn: calendarApi.syncState });
}

/** Connect: the browser goes to the provider's consent page, which comes back to /calendar/sync. */
export function useSyncLogin(provider: SyncProvider) {
  return useMutation({
    mutationFn: () => calendarApi.syncLogin(provider),
    onSuccess: (url) => window.location.assign(url),
  });
}

/** Disconnect, after asking: the answer is the new sync state, put straight into the cache. */
export function useSyncDisconnect(provider: SyncProvider) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const disconnect = useMutation({
    mutationFn: () => calendarApi.disconnect(provider),
    onSuccess: (next: CalendarSyncState) => {
      queryClient.setQueryData(calendarKeys.sync, next);
      notify({ intent: 'success', text: t('calendar:sync.disconnected') });
    },
  });
  const ask = async () => {
    const agreed = await confirm({
      message: t('calendar:sync.disconnect_confirm'),
      confirmLabel: t('calendar:sync.disconnect'),
    });
    if (agreed) disconnect.mutate();
  };
  return { disconnect, ask, confirmDialog };
}

const useStyles = makeStyles({
  row: { ...wrappingRow, gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold },
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere', flexGrow: 1 },
});

type ProviderState = CalendarSyncState['providers'][number];

/** One provider on one line: its status, and Connect or Disconnect where that can be done. */
function ProviderRow({ state }: { state: ProviderState }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const login = useSyncLogin(state.provider);
  const { disconnect, ask, confirmDialog } = useSyncDisconnect(state.provider);
  const name = t(`calendar:sync.providers.${state.provider}`);
  const status = !state.configured
    ? 'not_configured'
    : state.connection
      ? 'connected'
      : 'not_connected';
  return (
    <div
      className={styles.row}
      role="group"
      aria-label={name}
      data-testid={`calendar-provider-${state.provider}`}
      data-status={status}
    >
      <Text className={styles.name}>{name}</Text>
      <Badge
        appearance={status === 'connected' ? 'filled' : 'outline'}
        color={
          status === 'connected'
            ? 'success'
            : status === 'not_configured'
              ? 'warning'
              : 'informative'
        }
      >
        {t(`billing:integrations.status.${status}`)}
      </Badge>
      <Text className={styles.detail}>
        {state.connection
          ? t('calendar:sync.connected_as', { account: state.connection.account })
          : !state.configured
            ? t('calendar:sync.not_configured')
            : ''}
      </Text>
      {state.configured && !state.connection && (
        <BusyButton
          busy={login.isPending}
          size="small"
          appearance="primary"
          icon={<LinkRegular />}
          onClick={() => login.mutate()}
          aria-label={t('calendar:sync.connect_named', { name })}
        >
          {t('calendar:sync.connect')}
        </BusyButton>
      )}
      {state.connection && (
        <Button
          size="small"
          disabled={disconnect.isPending}
          onClick={() => void ask()}
          aria-label={t('calendar:sync.disconnect_named', { name })}
        >
          {t('calendar:sync.disconnect')}
        </Button>
      )}
      <FormAlert error={((login.error ?? disconnect.error) as ApiError | null) ?? null} />
      {confirmDialog}
    </div>
  );
}

/** Each calendar provider's connection, for the integrations page (spec 2.4). */
export function CalendarConnections() {
  const { t } = useTranslation();
  const state = useCalendarSyncState();
  if (state.isPending) return <Spinner size="tiny" label={t('calendar:sync.loading')} />;
  if (state.isError) return <FormAlert error={apiErrorOf(state.error)} />;
  return (
    <>
      {state.data.providers.map((provider) => (
        <ProviderRow key={provider.provider} state={provider} />
      ))}
    </>
  );
}
