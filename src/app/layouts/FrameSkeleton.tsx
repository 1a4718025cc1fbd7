import {
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

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
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
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
 * The app menu's place in shapes, until its code has arrived (see `AppFrame`). Hidden from
 * assistive technology and not a loading indicator (no Skeleton, which is a progress bar): the
 * page beside it has loaded, and the menu follows in a moment.
 */
export function NavigationSkeleton() {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.menu, styles.menuItems)} aria-hidden>
      {[70, 85, 60, 75, 55, 80, 65].map((width) => (
        <SkeletonItem key={width} size={20} style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}

/** The header's buttons' place (bell, account) until their code has arrived; as above. */
export function HeaderActionsSkeleton() {
  const styles = useStyles();
  return (
    <div className={styles.actions} aria-hidden>
      <SkeletonItem shape="circle" size={28} />
      <SkeletonItem shape="circle" size={28} />
    </div>
  );
}
