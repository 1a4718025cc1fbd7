import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkState } from '@/lib/network';
import { notify } from '@/lib/notify';

/** Spec 4 "Network": says when the browser is offline or the server cannot be reached. */
export function NetworkBanner() {
  const { t } = useTranslation();
  const { online, serverReachable } = useNetworkState();
  const wasOnline = useRef(online);

  useEffect(() => {
    if (online && !wasOnline.current)
      notify({ intent: 'success', text: t('app:network.back_online') });
    wasOnline.current = online;
  }, [online, t]);

  if (online && serverReachable) return null;
  return (
    <MessageBar intent="warning" layout="multiline" role="status">
      <MessageBarBody>
        <MessageBarTitle>
          {online ? t('app:network.server_unreachable_title') : t('app:network.offline_title')}
        </MessageBarTitle>
        {online ? t('app:network.server_unreachable') : t('app:network.offline')}
      </MessageBarBody>
    </MessageBar>
  );
}
