import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  card: {
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalM },
  },
  head: { ...column, gap: tokens.spacingVerticalXXS },
  description: { color: tokens.colorNeutralForeground2, margin: 0 },
});

/** One titled block of a recruiting page (a level-3 heading under the page's own). */
export function Block({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <Text as="h3" id={`${id}-title`} size={400} weight="semibold">
          {title}
        </Text>
        {description && (
          <Text as="p" size={200} className={styles.description}>
            {description}
          </Text>
        )}
      </div>
      {children}
    </Card>
  );
}
