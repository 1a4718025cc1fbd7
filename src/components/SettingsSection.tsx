import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  header: {
    ...column,
    gap: tokens.spacingVerticalXXS,
    '& > *': { margin: 0 },
  },
  description: { color: tokens.colorNeutralForeground2 },
});

/** One block of a settings page: a heading, what it is for, and its controls. */
export function SettingsSection({
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
    <Card className={styles.card} aria-labelledby={`${id}-title`} role="region">
      <div className={styles.header}>
        <Text as="h2" id={`${id}-title`} size={500} weight="semibold">
          {title}
        </Text>
        {description && (
          <Text as="p" className={styles.description}>
            {description}
          </Text>
        )}
      </div>
      {children}
    </Card>
  );
}

const useFormStyles = makeStyles({
  form: {
    ...column,
    gap: tokens.spacingVerticalM,
    maxWidth: '420px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function useSettingsFormStyles() {
  return useFormStyles();
}
