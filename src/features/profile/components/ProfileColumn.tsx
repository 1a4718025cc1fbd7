import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL, maxWidth: '960px', margin: '0 auto' },
});

/** The column of a person's profile pages: their own (behind tabs) and the one others see. */
export function ProfileColumn({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.root}>{children}</div>;
}
