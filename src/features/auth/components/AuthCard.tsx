import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { BusyButton } from '@/components/BusyButton';
import { RouterLink } from '@/components/RouterLink';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  wrap: { display: 'flex', justifyContent: 'center', paddingTop: tokens.spacingVerticalXL },
  // A Card's look without Card: its focus handling (tabster, some 20 KB gzip) would load with
  // sign-in, for a surface nobody focuses. The transparent border shows in high contrast.
  card: {
    ...column,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    width: '100%',
    maxWidth: '440px',
    padding: tokens.spacingHorizontalXXL,
    gap: tokens.spacingVerticalL,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalL },
  },
  header: {
    ...column,
    gap: tokens.spacingVerticalXS,
    '& > *': { margin: 0 },
  },
  subtitle: { color: tokens.colorNeutralForeground2 },
  footer: {
    ...column,
    gap: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
  },
});

/** The frame of the sign-in, sign-up, verify and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        <div className={styles.header}>
          <Text as="h1" size={700} weight="semibold">
            {title}
          </Text>
          {subtitle && (
            <Text as="p" className={styles.subtitle}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}

const useFormStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 599px)': { flexDirection: 'column' },
    // Without minWidth 0 a field keeps its input's natural width and pokes out of the card.
    '& > *': { flexGrow: 1, flexBasis: 0, minWidth: 0 },
    '& .fui-Input': { width: '100%', minWidth: 0 },
  },
});

export function useAuthFormStyles() {
  return useFormStyles();
}

/** The footer line of an auth card: an optional sentence, then the link to the other page. */
export function AuthCardLink({
  lead,
  to,
  children,
}: {
  lead?: string;
  to: string;
  children: string;
}) {
  return (
    <Text>
      {lead !== undefined && <>{lead} </>}
      <RouterLink to={to}>{children}</RouterLink>
    </Text>
  );
}

/**
 * The form of an auth card: its fields, then the one button that sends it, across the card.
 * Sending it keeps the browser from posting it; the fields say what is missing, not the browser.
 */
export function AuthForm({
  onSubmit,
  busy,
  submitLabel,
  submitDisabled,
  submitAppearance = 'primary',
  children,
}: {
  onSubmit: () => void;
  /** The sending is under way: the button turns into a spinner. */
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  submitAppearance?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  const styles = useFormStyles();
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      {children}
      <BusyButton busy={busy} type="submit" appearance={submitAppearance} disabled={submitDisabled}>
        {submitLabel}
      </BusyButton>
    </form>
  );
}
