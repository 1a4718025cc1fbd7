import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD } from '@contracts/constants';
import type { ApiError } from '@/lib/http';
import { fieldError } from './FormAlert';

/** What is wrong with a new password before it is sent: too short, or not repeated the same. */
export function newPasswordProblems(password: string, confirmation?: string) {
  return {
    tooShort: password.length < MIN_PASSWORD,
    differs: confirmation !== undefined && confirmation !== password,
  };
}

export interface NewPasswordFieldsProps {
  password: string;
  onPasswordChange: (value: string) => void;
  /** The repeated password; left out, no second field shows (sign-up). */
  confirmation?: string;
  onConfirmationChange?: (value: string) => void;
  /** The form was sent once: its problems show from then on. */
  tried: boolean;
  /** The server's refusal, whose words for `password` and `password_confirmation` show here. */
  error: ApiError | null;
  /** Shown instead of the server's words, e.g. "required" for an empty field. */
  passwordMessage?: string;
}

/**
 * The one "new password" field of the app (sign-up, reset, settings), with its rule shown once
 * (as the hint, or as the error when broken) and, when asked for, the repeat field.
 */
export function NewPasswordFields({
  password,
  onPasswordChange,
  confirmation,
  onConfirmationChange,
  tried,
  error,
  passwordMessage,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const { tooShort, differs } = newPasswordProblems(password, confirmation);
  const rule = t('auth:fields.password_hint', { min: MIN_PASSWORD });
  const broken = tried && tooShort;
  return (
    <>
      <Field
        label={t('auth:fields.new_password')}
        required
        hint={broken ? undefined : rule}
        validationMessage={passwordMessage ?? (broken ? rule : fieldError(error, 'password'))}
      >
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(_event, data) => onPasswordChange(data.value)}
        />
      </Field>
      {confirmation !== undefined && (
        <Field
          label={t('auth:fields.confirm_password')}
          required
          validationMessage={
            tried && differs
              ? t('auth:fields.passwords_differ')
              : fieldError(error, 'password_confirmation')
          }
        >
          <Input
            type="password"
            name="password_confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(_event, data) => onConfirmationChange?.(data.value)}
          />
        </Field>
      )}
    </>
  );
}
