import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@contracts/auth';
import { fieldError, FormAlert, FormNotice } from '@/components/FormAlert';
import { NewPasswordFields, newPasswordProblems } from '@/components/NewPasswordFields';
import { withApiError, type ApiError } from '@/lib/http';
import { accountApi } from '../api';
import { SettingsSection, useSettingsFormStyles } from '@/components/SettingsSection';
import { SaveForm } from '@/components/SaveForm';
import { TextField } from '@/components/TextField';

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

  const { tooShort, differs } = newPasswordProblems(values.next, values.confirmation);
  const onSubmit = () => {
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
      <SaveForm
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        busy={change.isPending}
        submitLabel={t('account:password.submit')}
      >
        {change.isSuccess && <FormNotice>{(change.data.messages ?? []).join(' ')}</FormNotice>}
        <FormAlert
          error={error && !fieldsWithWords.some((field) => error.fields[field]) ? error : null}
        />
        {user.has_password && (
          <TextField
            label={t('account:password.current')}
            required
            validationMessage={fieldError(error, 'current_password')}
            type="password"
            autoComplete="current-password"
            value={values.current}
            onChange={(current) => setValues((v) => ({ ...v, current }))}
          />
        )}
        <NewPasswordFields
          password={values.next}
          onPasswordChange={(next) => setValues((v) => ({ ...v, next }))}
          confirmation={values.confirmation}
          onConfirmationChange={(confirmation) => setValues((v) => ({ ...v, confirmation }))}
          tried={tried}
          error={error}
        />
      </SaveForm>
    </SettingsSection>
  );
}
