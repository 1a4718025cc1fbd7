import { Avatar, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { Person } from '@contracts/people';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  deleted: { opacity: 0.5 },
});

/** A person in a table cell; deleted accounts at half opacity (spec 2.11). */
export function PersonName({ person, size = 24 }: { person: Person; size?: 24 | 32 }) {
  const styles = useStyles();
  return (
    <span
      className={mergeClasses(styles.root, person.is_deleted && styles.deleted)}
      data-deleted={person.is_deleted || undefined}
    >
      <Avatar
        name={person.name}
        image={person.avatar_url ? { src: person.avatar_url } : undefined}
        size={size}
      />
      <Text>{person.name}</Text>
    </span>
  );
}
