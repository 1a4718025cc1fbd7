import { Field, Textarea, type TextareaProps } from '@fluentui/react-components';
import { splitFieldProps, type TextControlProps } from './field-parts';

export type TextareaFieldProps = TextControlProps<TextareaProps> & { textareaClassName?: string };

/** A labelled text area whose change hands over the new text: the `TextField` of longer text. */
export function TextareaField({ textareaClassName, onChange, ...props }: TextareaFieldProps) {
  const [field, textarea] = splitFieldProps(props);
  return (
    <Field {...field}>
      <Textarea
        {...textarea}
        className={textareaClassName}
        onChange={(_event, data) => onChange(data.value)}
      />
    </Field>
  );
}
