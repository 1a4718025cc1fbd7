import { Field, type FieldProps } from '@fluentui/react-components';
import type { ComponentType } from 'react';

/**
 * What a labelled control hands its Field: the words around it and, as `className`, its place in
 * a row (the control itself takes a class of its own).
 */
export type FieldPartProps = Pick<
  FieldProps,
  'label' | 'hint' | 'validationMessage' | 'required' | 'className'
>;

/** Splits a labelled control's props into its Field's and the control's own. */
export function splitFieldProps<P extends FieldPartProps>({
  label,
  hint,
  validationMessage,
  required,
  className,
  ...control
}: P): [FieldPartProps, Omit<P, keyof FieldPartProps>] {
  return [{ label, hint, validationMessage, required, className }, control];
}

/** A labelled text control's props: its own, its Field's, and a change that hands over the text. */
export type TextControlProps<ControlProps> = Omit<ControlProps, 'onChange'> &
  FieldPartProps & { onChange: (value: string) => void };

/** A Fluent text control (Input, Textarea): its change event carries the new text. */
type TextControl<ControlProps> = ComponentType<
  ControlProps & { onChange?: (event: unknown, data: { value: string }) => void }
>;

/** A text control in its Field, whose change hands over the new text (`TextField`, `TextareaField`). */
export function labelledText<ControlProps>(Control: TextControl<ControlProps>) {
  return function LabelledText({ onChange, ...props }: TextControlProps<ControlProps>) {
    const [field, control] = splitFieldProps(props);
    return (
      <Field {...field}>
        <Control {...(control as ControlProps)} onChange={(_event, data) => onChange(data.value)} />
      </Field>
    );
  };
}
