import { EmptyState, type EmptyStateProps } from '@/components/EmptyState';
import { useLtiPageStyles } from './page-styles';

/** Where a launch page stops with a message: the page's heading, in the launch pages' column. */
export function LaunchMessage(props: Omit<EmptyStateProps, 'headingLevel'>) {
  const styles = useLtiPageStyles();
  return (
    <div className={styles.root}>
      <EmptyState headingLevel={1} {...props} />
    </div>
  );
}
