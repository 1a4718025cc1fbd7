import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { fieldError, FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { FormDialog } from '@/components/FormDialog';
import { TextField } from '@/components/TextField';

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    ':hover': { backgroundColor: tokens.colorStatusDangerForeground2 },
  },
});

/** A dialog that asks for one confirming value (a code, a password) and runs a call with it. */
export function ConfirmValueDialog({
  open,
  title,
  description,
  label,
  field,
  inputType = 'text',
  autoComplete,
  submitLabel,
  danger = false,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  label: string;
  /** The request field the server's per-field words are about. */
  field: string;
  inputType?: 'text' | 'password' | 'email';
  autoComplete?: string;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [value, setValue] = useState('');
  const run = useMutation<unknown, ApiError, string>({
    mutationFn: (given) => withApiError(() => onSubmit(given)),
    onSuccess: () => setValue(''),
  });
  const close = () => {
    setValue('');
    run.reset();
    onClose();
  };
  const submit = () => {
    run.mutate(value.trim());
  };
  const error = run.error;

  return (
    <FormDialog
      open={open}
      title={title}
      onSubmit={submit}
      noValidate
      onClose={close}
      submitLabel={submitLabel}
      busy={run.isPending}
      submitDisabled={value.trim() === ''}
      submitClassName={danger ? styles.danger : undefined}
    >
      <p>{description}</p>
      <FormAlert error={error && !error.fields[field] ? error : null} />
      <TextField
        label={label}
        required
        validationMessage={fieldError(error, field)}
        type={inputType}
        value={value}
        autoComplete={autoComplete}
        onChange={setValue}
        autoFocus
      />
    </FormDialog>
  );
}
