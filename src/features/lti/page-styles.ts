import { makeStyles, tokens } from '@fluentui/react-components';
import { column } from '@/lib/styles';

/** The narrow centred column the launch pages (processing a launch, linking an account) sit in. */
export const useLtiPageStyles = makeStyles({
  root: {
    maxWidth: '560px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    ...column,
    gap: tokens.spacingVerticalM,
  },
});
