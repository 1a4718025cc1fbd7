import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { centredMessage } from '@/lib/styles';

const useStyles = makeStyles({
  root: centredMessage,
  icon: {
    fontSize: '48px',
    color: tokens.colorBrandForeground1,
    display: 'flex',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalS,
  },
});

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title, so the page outline stays right where it is used. */
  headingLevel?: 1 | 2 | 3;
}

/** A calm "nothing here" message: empty lists, areas not open yet, finished flows. */
export function EmptyState({
  icon,
  title,
  description,
  actions,
  headingLevel = 2,
}: EmptyStateProps) {
  const styles = useStyles();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.root}>
      {icon && (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      )}
      <Text as={Heading} size={600} weight="semibold" align="center">
        {title}
      </Text>
      {description && (
        <Text as="p" align="center">
          {description}
        </Text>
      )}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
