import { Checkbox, Field } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fieldError, FormAlert } from '@/components/FormAlert';
import { NewPasswordFields, newPasswordProblems } from '@/components/NewPasswordFields';
import { PolicyLinksText } from '@/components/PolicyLinksText';
import { withApiError, type ApiError } from '@/lib/http';
import { currentLanguage } from '@/lib/i18n';
import { keepVerifyEmail, rememberRoute } from '@/lib/session';
import { authApi, authKeys } from '../api';
import { AuthCard, AuthCardLink, AuthForm, useAuthFormStyles } from '../components/AuthCard';
import { useSignInSteps } from '../use-sign-in';
import { TextField } from '@/components/TextField';
import { EmailField } from '../components/EmailField';

const REQUIRED = ['first_name', 'email', 'password'] as const;

function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** /register/:token?: a new account (the token is a workspace invitation). */
export default function SignUpPage() {
  const { t } = useTranslation();
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const { token } = useParams();
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '' });
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  // From an invitation: its address goes in the form and the page names the workspace.
  const invitation = useQuery({
    queryKey: authKeys.invitation(token),
    queryFn: () => authApi.invitation(token!),
    enabled: Boolean(token),
    retry: false,
  });
  const invitedEmail = invitation.data?.email;
  useEffect(() => {
    if (invitedEmail)
      setForm((current) => (current.email ? current : { ...current, email: invitedEmail }));
  }, [invitedEmail]);

  const steps = useSignInSteps();
  const signUp = useMutation<Awaited<ReturnType<typeof authApi.signUp>>, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        authApi.signUp({
          email: form.email.trim(),
          password: form.password,
          first_name: form.first_name.trim(),
          last_name: form.last_name.trim(),
          language: currentLanguage(),
          timezone: browserTimezone(),
          accept_privacy: true,
          invite_token: token,
        }),
      ),
    onSuccess: async (answer) => {
      // A mailed workspace invitation proved the address: sign straight in to the workspace.
      if (answer.resource.workspace_id)
        rememberRoute(`/workspaces/${answer.resource.workspace_id}`);
      if (!answer.resource.verification_required) {
        steps.begin();
        const signedIn = await authApi
          .login({ email: form.email.trim(), password: form.password })
          .catch(() => null);
        if (signedIn?.resource.user) return steps.complete(signedIn.resource);
        steps.fail();
      }
      keepVerifyEmail(form.email.trim());
      navigate('/verify', { state: { messages: answer.messages } });
    },
  });

  const passwordTooShort = newPasswordProblems(form.password).tooShort;
  // Every required field left empty says so at once, beside the consent box's own message.
  const empty = (field: 'first_name' | 'email' | 'password') => form[field].trim() === '';
  const onSubmit = () => {
    setTried(true);
    if (!accepted || passwordTooShort || REQUIRED.some(empty)) return;
    signUp.mutate();
  };
  const error = signUp.error;
  const fieldMessage = (field: 'first_name' | 'email' | 'password') =>
    tried && empty(field) ? t('common:validation.required') : fieldError(error, field);
  const knownFields = ['email', 'password', 'first_name', 'last_name'];
  const generalError = error && !knownFields.some((field) => error.fields[field]) ? error : null;

  return (
    <AuthCard
      title={t('auth:sign_up.title')}
      subtitle={
        invitation.data
          ? t('auth:sign_up.invited', { workspace: invitation.data.workspace.name })
          : t('auth:sign_up.subtitle')
      }
      footer={
        <AuthCardLink lead={t('auth:sign_up.have_account')} to="/signin">
          {t('auth:sign_up.sign_in')}
        </AuthCardLink>
      }
    >
      <AuthForm onSubmit={onSubmit} busy={signUp.isPending} submitLabel={t('auth:sign_up.submit')}>
        <FormAlert error={generalError} />
        <div className={styles.row}>
          <TextField
            label={t('auth:fields.first_name')}
            required
            validationMessage={fieldMessage('first_name')}
            name="first_name"
            autoComplete="given-name"
            value={form.first_name}
            onChange={set('first_name')}
          />
          <TextField
            label={t('auth:fields.last_name')}
            validationMessage={fieldError(error, 'last_name')}
            name="last_name"
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
          />
        </div>
        <EmailField
          value={form.email}
          onChange={set('email')}
          validationMessage={fieldMessage('email')}
        />
        <NewPasswordFields
          password={form.password}
          onPasswordChange={(password) => setForm((f) => ({ ...f, password }))}
          tried={tried}
          error={error}
          passwordMessage={tried && empty('password') ? t('common:validation.required') : undefined}
        />
        <Field
          required
          validationMessage={tried && !accepted ? t('auth:sign_up.must_accept') : undefined}
        >
          <Checkbox
            checked={accepted}
            onChange={(_event, data) => setAccepted(data.checked === true)}
            label={<PolicyLinksText i18nKey="auth:sign_up.accept" />}
          />
        </Field>
      </AuthForm>
    </AuthCard>
  );
}
