import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkState } from '@/lib/network';
import { notify } from '@/lib/notify';
import { InlineMessage, useInlineMessageReady } from './InlineMessage';

/** Spec 4 "Network": says when the browser is offline or the server cannot be reached. */
export function NetworkBanner() {
  const { t } = useTranslation();
  const { online, serverReachable } = useNetworkState();
  const wasOnline = useRef(online);
  useInlineMessageReady();

  useEffect(() => {
    if (online && !wasOnline.current)
      notify({ intent: 'success', text: t('app:network.back_online') });
    wasOnline.current = online;
  }, [online, t]);

  if (online && serverReachable) return null;
  return (
    <InlineMessage
      intent="warning"
      role="status"
      title={online ? t('app:network.server_unreachable_title') : t('app:network.offline_title')}
    >
      {online ? t('app:network.server_unreachable') : t('app:network.offline')}
    </InlineMessage>
  );
}
