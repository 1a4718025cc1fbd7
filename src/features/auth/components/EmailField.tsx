import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/TextField';

/** The required e-mail address of the sign-in, sign-up, verify and password pages. */
export function EmailField({
  value,
  onChange,
  validationMessage,
  autoComplete = 'email',
}: {
  value: string;
  onChange: (value: string) => void;
  validationMessage: string | undefined;
  /** "username" where the browser should offer the saved sign-in. */
  autoComplete?: 'email' | 'username';
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth:fields.email')}
      required
      validationMessage={validationMessage}
      type="email"
      name="email"
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
    />
  );
}
