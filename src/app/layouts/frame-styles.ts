import { makeStyles, tokens } from '@fluentui/react-components';

export const useFrameStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', minHeight: '100vh' },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  /** The inline app menu stays in view while the page scrolls. */
  navigation: {
    position: 'sticky',
    top: '52px',
    height: 'calc(100vh - 52px)',
    flexShrink: 0,
    display: 'flex',
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXL}`,
    '@media (max-width: 599px)': {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    },
  },
  skipLink: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': {
      left: tokens.spacingHorizontalM,
      top: tokens.spacingVerticalM,
      zIndex: 100,
      padding: tokens.spacingHorizontalS,
      backgroundColor: tokens.colorNeutralBackground1,
      boxShadow: tokens.shadow8,
    },
  },
});
