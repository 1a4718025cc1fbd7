import { makeStyles, tokens } from '@fluentui/react-components';
import { WarningFilled } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkState } from '@/lib/network';
import { notify } from '@/lib/notify';

// A MessageBar's warning look without Fluent's MessageBar, which is not in the first load: this
// banner has to show when the network is gone, so nothing it needs may come from the network.
const useStyles = makeStyles({
  banner: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorStatusWarningBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorStatusWarningBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  icon: {
    flexShrink: 0,
    fontSize: '16px',
    marginTop: '2px',
    color: tokens.colorStatusWarningForeground3,
  },
  title: { fontWeight: tokens.fontWeightSemibold, marginRight: tokens.spacingHorizontalXS },
});

/** Spec 4 "Network": says when the browser is offline or the server cannot be reached. */
export function NetworkBanner() {
  const styles = useStyles();
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
    <div className={styles.banner} role="status">
      <WarningFilled className={styles.icon} aria-hidden />
      <div>
        <span className={styles.title}>
          {online ? t('app:network.server_unreachable_title') : t('app:network.offline_title')}
        </span>
        {online ? t('app:network.server_unreachable') : t('app:network.offline')}
      </div>
    </div>
  );
}
