import type { FieldProps } from '@fluentui/react-components';

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
