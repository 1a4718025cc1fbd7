import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { PersonAvatar } from '@/components/PersonAvatar';
import { wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  header: { ...wrappingRow, gap: tokens.spacingHorizontalL },
});

/** The top of a profile: the person's picture and name (the page's heading), then `children`. */
export function ProfileHeader({
  person,
  avatarSize,
  children,
}: {
  person: { name: string; avatar_url: string | null };
  avatarSize: 64 | 96;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.header}>
      <PersonAvatar
        size={avatarSize}
        name={person.name}
        image={person.avatar_url}
        label={person.name}
      />
      <div>
        <Text as="h1" size={800} weight="semibold" block>
          {person.name}
        </Text>
        {children}
      </div>
    </div>
  );
}
