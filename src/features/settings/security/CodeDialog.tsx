import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError, FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { Busy } from '@/components/Busy';

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
  const { t } = useTranslation();
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate(value.trim());
  };
  const error = run.error;

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && close()}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              <p>{description}</p>
              <FormAlert error={error && !error.fields[field] ? error : null} />
              <Field label={label} required validationMessage={fieldError(error, field)}>
                <Input
                  type={inputType}
                  value={value}
                  autoComplete={autoComplete}
                  onChange={(_event, data) => setValue(data.value)}
                  autoFocus
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={close}>
                {t('app:actions.cancel')}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={run.isPending || value.trim() === ''}
                icon={run.isPending ? <Busy size="tiny" /> : undefined}
                className={danger ? styles.danger : undefined}
              >
                {submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
