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
  settingsTitles: { ...column, gap: tokens.spacingVerticalXXS, '& > *': { margin: 0 } },
  description: { color: tokens.colorNeutralForeground2 },
  blockCard: {
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalM },
  },
  blockDescription: { color: tokens.colorNeutralForeground2, margin: 0 },
});

export interface SectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * The titled card every profile, settings and recruiting page is built of. The layouts keep
 * their own spacing: `page` has room for actions beside the heading, `settings` sets its
 * heading flush, `block` is a level-3 heading under the page's own.
 */
export function Section({
  id,
  title,
  description,
  actions,
  layout = 'page',
  children,
}: SectionProps & { actions?: ReactNode; layout?: 'page' | 'settings' | 'block' }) {
  const styles = useStyles();
  const block = layout === 'block';
  const titles = (
    <>
      <Text as={block ? 'h3' : 'h2'} id={`${id}-title`} size={block ? 400 : 500} weight="semibold">
        {title}
      </Text>
      {description && (
        <Text
          as="p"
          size={block ? 200 : undefined}
          className={block ? styles.blockDescription : styles.description}
        >
          {description}
        </Text>
      )}
    </>
  );
  return (
    <Card
      className={block ? styles.blockCard : styles.card}
      role="region"
      aria-labelledby={`${id}-title`}
    >
      {layout === 'page' ? (
        <div className={styles.header}>
          <div className={styles.titles}>{titles}</div>
          {actions}
        </div>
      ) : (
        <div className={block ? styles.titles : styles.settingsTitles}>{titles}</div>
      )}
      {children}
    </Card>
  );
}
