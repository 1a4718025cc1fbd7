import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

/**
 * One line of text that may be long (an e-mail address, a link): cut with an ellipsis and
 * shown whole on hover, never broken in the middle of a word.
 */
export function Truncated({ text, maxWidth = '280px' }: { text: string; maxWidth?: string }) {
  const styles = useStyles();
  return (
    <span className={styles.root} style={{ maxWidth }} title={text}>
      {text}
    </span>
  );
}
