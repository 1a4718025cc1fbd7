import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { initialsOf } from '@/lib/display';

const useStyles = makeStyles({
  avatar: {
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusCircular,
    fontWeight: tokens.fontWeightSemibold,
  },
  neutral: {
    backgroundColor: tokens.colorNeutralBackground6,
    color: tokens.colorNeutralForeground3,
  },
  brand: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  /**
   * Initials are drawn by CSS, never written: as text inside a button they would be words its
   * spoken name lacks (WCAG 2.5.3, label in name).
   */
  initials: { '::before': { content: 'attr(data-initials)' } },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
});

/**
 * A person's picture, or their initials in a disc: the look of Fluent's Avatar without its
 * code (the avatar and its presence badge, about 16 KB compressed), for what shows before a
 * page is usable: the header's user button and the top of a profile. With `label`, it is an
 * image of that name; without, decoration.
 */
export function PersonAvatar({
  name,
  image,
  size,
  color = 'neutral',
  label,
}: {
  name: string;
  image?: string | null;
  size: number;
  color?: 'neutral' | 'brand';
  label?: string;
}) {
  const styles = useStyles();
  const shape = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return image ? (
    <span className={styles.avatar} style={shape} {...named}>
      <img className={styles.image} src={image} alt="" />
    </span>
  ) : (
    <span
      className={mergeClasses(styles.avatar, styles[color], styles.initials)}
      style={shape}
      data-initials={initialsOf(name)}
      {...named}
    />
  );
}
