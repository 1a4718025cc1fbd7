import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  header: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  titles: { ...column, gap: tokens.spacingVerticalXXS },
  description: { color: tokens.colorNeutralForeground2 },
});

/** One block of a profile page: a heading, what it is for, optional actions, its content. */
export function Section({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-labelledby={`${id}-title`}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <Text as="h2" id={`${id}-title`} size={500} weight="semibold">
            {title}
          </Text>
          {description && (
            <Text as="p" className={styles.description}>
              {description}
            </Text>
          )}
        </div>
        {actions}
      </div>
      {children}
    </Card>
  );
}
