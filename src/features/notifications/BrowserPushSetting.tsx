import { MessageBar, MessageBarBody, Spinner, Switch, Text } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  browserPushState,
  turnOffBrowserPush,
  turnOnBrowserPush,
  type BrowserPushState,
} from './browser-push';
import { Notice } from '@/components/Notice';

const stateKey = ['browser', 'push-state'] as const;

/**
 * The "Browser notifications" switch of this browser: what the in-app channel shows, also as a
 * notification of the system while the app is closed. Off on a server without VAPID keys.
 */
export function BrowserPushSetting({ publicKey }: { publicKey: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: stateKey, queryFn: browserPushState, staleTime: Infinity });
  const toggle = useMutation({
    mutationFn: async (on: boolean): Promise<BrowserPushState> => {
      if (!on) {
        await turnOffBrowserPush();
        return 'off';
      }
      return turnOnBrowserPush(publicKey!);
    },
    onSuccess: (next) => queryClient.setQueryData(stateKey, next),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: stateKey }),
  });

  if (publicKey === null) {
    return (
      <MessageBar intent="info" data-testid="browser-push-state">
        <MessageBarBody>{t('notifications:settings.push.not_configured')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (state.isPending) return <Spinner size="tiny" label={t('app:loading')} />;
  const current = state.data ?? 'unsupported';
  if (current === 'unsupported') {
    return (
      <MessageBar intent="info" data-testid="browser-push-state">
        <MessageBarBody>{t('notifications:settings.push.unsupported')}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div data-testid="browser-push-state">
      <Switch
        label={t('notifications:settings.push.label')}
        checked={current === 'on'}
        disabled={toggle.isPending || current === 'blocked'}
        onChange={(_event, data) => toggle.mutate(data.checked)}
      />
      {toggle.isPending && <Spinner size="tiny" label={t('notifications:settings.push.asking')} />}
      {current === 'blocked' && (
        <Notice intent="warning">{t('notifications:settings.push.blocked')}</Notice>
      )}
      {toggle.isError && <Notice intent="error">{t('notifications:settings.push.failed')}</Notice>}
      <Text as="p" size={200}>
        {t('notifications:settings.push.hint')}
      </Text>
    </div>
  );
}
