import { Field, Input, type FieldProps, type InputProps } from '@fluentui/react-components';

export type TextFieldProps = Omit<InputProps, 'onChange'> &
  Pick<FieldProps, 'label' | 'hint' | 'validationMessage' | 'required'> & {
    onChange: (value: string) => void;
    /** Class of the Field (its place in a row); the input itself takes `inputClassName`. */
    className?: string;
    inputClassName?: string;
  };

/** A labelled one-line input whose change hands over the new text. */
export function TextField({
  label,
  hint,
  validationMessage,
  required,
  className,
  inputClassName,
  onChange,
  ...input
}: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      validationMessage={validationMessage}
      required={required}
      className={className}
    >
      <Input
        {...input}
        className={inputClassName}
        onChange={(_event, data) => onChange(data.value)}
      />
    </Field>
  );
}
