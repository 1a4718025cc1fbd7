import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/http';
import { BusyButton } from './BusyButton';
import { FormAlert } from './FormAlert';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * A form on a page: the server's refusal above its fields (when `error` is given), then its
 * buttons with Save (or `submitLabel`) last. Sending it keeps the browser from posting it.
 */
export function SaveForm({
  onSubmit,
  error,
  submitLabel,
  submitDisabled,
  submitAppearance = 'primary',
  busy = false,
  extraActions,
  noValidate,
  className,
  children,
}: {
  onSubmit: () => void;
  error?: ApiError | null;
  submitLabel?: string;
  submitDisabled?: boolean;
  submitAppearance?: 'primary' | 'secondary';
  /** The sending is under way: the submit button turns into a spinner. */
  busy?: boolean;
  /** Buttons before the submit button, e.g. "Add a question". */
  extraActions?: ReactNode;
  /** The form shows its own words for empty fields instead of the browser's. */
  noValidate?: boolean;
  /** The form's own width or spacing, beside the column it always is. */
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <form
      className={mergeClasses(styles.form, className)}
      noValidate={noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {error !== undefined && <FormAlert error={error} />}
      {children}
      <div className={styles.actions}>
        {extraActions}
        <BusyButton
          busy={busy}
          type="submit"
          appearance={submitAppearance}
          disabled={submitDisabled}
        >
          {submitLabel ?? t('app:actions.save')}
        </BusyButton>
      </div>
    </form>
  );
}
