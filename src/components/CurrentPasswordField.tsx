import { TextField } from './TextField';

/** The required password one has now (to sign in, or to change it), for password managers to fill. */
export function CurrentPasswordField({
  label,
  name,
  value,
  validationMessage,
  onChange,
}: {
  label: string;
  /** The form field's name, where the browser should remember it with the sign-in. */
  name?: string;
  value: string;
  validationMessage: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      required
      validationMessage={validationMessage}
      type="password"
      name={name}
      autoComplete="current-password"
      value={value}
      onChange={onChange}
    />
  );
}
