import { makeStyles, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/device';
import { localStore } from '@/lib/storage';
import { AppHeader } from './AppHeader';
import { useFrameStyles } from './frame-styles';

/** Whether the person folded the desktop menu away, remembered on this device. */
export const COLLAPSED_KEY = 'app:navigation-collapsed';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { width: '40%', minWidth: '160px' },
  line: { width: '80%' },
  shortLine: { width: '55%' },
  /** The app menu's place and colours (Fluent's NavDrawer: 260 px, background 4). */
  menu: {
    width: '260px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground4,
  },
  menuItems: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  button: { width: '32px', flexShrink: 0 },
});

/** Grey shapes where a page's content is still on its way, announced once as loading. */
export function PageSkeleton() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Skeleton aria-label={t('app:loading')} className={styles.page}>
      <SkeletonItem size={32} className={styles.heading} />
      <SkeletonItem size={16} className={styles.line} />
      <SkeletonItem size={16} className={styles.shortLine} />
      <SkeletonItem size={128} />
    </Skeleton>
  );
}

/**
 * The signed-in frame before its own code has arrived (just signed in, or a first visit): the
 * real header (title, account button), the menu's place in shapes, and the page's. It ships
 * with the shell, so a signed-in page is never blank while the frame or the page loads.
 */
export function PanelFrameSkeleton() {
  const styles = useStyles();
  const frame = useFrameStyles();
  const isMobile = useIsMobile();
  return (
    <div className={frame.frame}>
      <AppHeader navigationButton={<SkeletonItem size={32} className={styles.button} />} />
      <div className={frame.body}>
        {!isMobile && localStore.get(COLLAPSED_KEY) !== 'true' && (
          <div className={frame.navigation}>
            <Skeleton className={styles.menu} aria-hidden>
              <div className={styles.menuItems}>
                {[70, 85, 60, 75, 55, 80, 65].map((width) => (
                  <SkeletonItem key={width} size={20} style={{ width: `${width}%` }} />
                ))}
              </div>
            </Skeleton>
          </div>
        )}
        <main id="main" className={frame.main} tabIndex={-1}>
          <PageSkeleton />
        </main>
      </div>
    </div>
  );
}
