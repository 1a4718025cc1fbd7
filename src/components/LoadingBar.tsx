import { makeStyles, ProgressBar } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 9: the bar appears only for work lasting over 200 ms and fills over 5000 ms. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
const TICK_MS = 100;

const useStyles = makeStyles({
  root: { position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000000 },
});

/** A thin progress bar at the top of the page while `busy` (requests, page chunks). */
export function LoadingBar({ busy }: { busy: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (!busy) {
      setStartedAt(null);
      return undefined;
    }
    const shown = setTimeout(() => {
      setStartedAt(Date.now());
      setNow(Date.now());
    }, LOADING_BAR_THROTTLE_MS);
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      clearTimeout(shown);
      clearInterval(tick);
    };
  }, [busy]);

  if (startedAt === null) return null;
  // Never reaches the end on its own: it is full only when the work is done (and then hidden).
  const value = Math.min(0.95, (now - startedAt) / LOADING_BAR_DURATION_MS + 0.05);
  return (
    <div className={styles.root}>
      <ProgressBar value={value} thickness="large" aria-label={t('app:loading')} />
    </div>
  );
}
