import { Field, Input, type InputProps } from '@fluentui/react-components';
import { splitFieldProps, type TextControlProps } from './field-parts';

export type TextFieldProps = TextControlProps<InputProps> & { inputClassName?: string };

/** A labelled one-line input whose change hands over the new text. */
export function TextField({ inputClassName, onChange, ...props }: TextFieldProps) {
  const [field, input] = splitFieldProps(props);
  return (
    <Field {...field}>
      <Input
        {...input}
        className={inputClassName}
        onChange={(_event, data) => onChange(data.value)}
      />
    </Field>
  );
}
