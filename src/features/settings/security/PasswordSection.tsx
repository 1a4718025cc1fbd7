import { Button, Field, Input } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@contracts/auth';
import { fieldError, FormAlert, FormNotice } from '@/components/FormAlert';
import { NewPasswordFields, newPasswordProblems } from '@/components/NewPasswordFields';
import { withApiError, type ApiError } from '@/lib/http';
import { accountApi } from '../api';
import { SettingsSection, useSettingsFormStyles } from './SettingsSection';
import { Busy } from '@/components/Busy';

const EMPTY = { current: '', next: '', confirmation: '' };

/** Change the password (spec 7.9 PATCH user/security); accounts made by SSO set a first one. */
export function PasswordSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useSettingsFormStyles();
  const [values, setValues] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const change = useMutation<{ messages?: string[] }, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        accountApi.changePassword({
          current_password: user.has_password ? values.current : undefined,
          password: values.next,
          password_confirmation: values.confirmation,
        }),
      ),
    onSuccess: () => {
      setValues(EMPTY);
      setTried(false);
    },
  });
  const set = (field: keyof typeof EMPTY) => (_event: unknown, data: { value: string }) =>
    setValues((current) => ({ ...current, [field]: data.value }));

  const { tooShort, differs } = newPasswordProblems(values.next, values.confirmation);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!tooShort && !differs) change.mutate();
  };
  const error = change.error;
  const fieldsWithWords = ['current_password', 'password', 'password_confirmation'];

  return (
    <SettingsSection
      id="password"
      title={user.has_password ? t('account:password.title') : t('account:password.set_title')}
      description={t('account:password.description')}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {change.isSuccess && <FormNotice>{(change.data.messages ?? []).join(' ')}</FormNotice>}
        <FormAlert
          error={error && !fieldsWithWords.some((field) => error.fields[field]) ? error : null}
        />
        {user.has_password && (
          <Field
            label={t('account:password.current')}
            required
            validationMessage={fieldError(error, 'current_password')}
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={values.current}
              onChange={set('current')}
            />
          </Field>
        )}
        <NewPasswordFields
          password={values.next}
          onPasswordChange={(next) => setValues((v) => ({ ...v, next }))}
          confirmation={values.confirmation}
          onConfirmationChange={(confirmation) => setValues((v) => ({ ...v, confirmation }))}
          tried={tried}
          error={error}
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={change.isPending}
            icon={change.isPending ? <Busy size="tiny" /> : undefined}
          >
            {t('account:password.submit')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
