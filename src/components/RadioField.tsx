import { Field, Radio, RadioGroup, type RadioGroupProps } from '@fluentui/react-components';
import { splitFieldProps, type FieldPartProps } from './field-parts';

export type RadioFieldProps<T> = FieldPartProps & {
  /** The value of the chosen radio ('' while none is). */
  value: string;
  choices: readonly T[];
  /** The words beside a choice's radio. */
  wordsOf: (choice: T) => string;
  /** What a choice is sent as; left out, the choice itself (a list of words). */
  idOf?: (choice: T) => string;
  layout?: RadioGroupProps['layout'];
  /** Class of the radio group itself (the Field takes `className`). */
  groupClassName?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
};

/** A labelled group of radios over a list: the `SelectField` of a few choices, all in view. */
export function RadioField<T>(props: RadioFieldProps<T>) {
  const [
    field,
    { value, choices, wordsOf, idOf = String, layout, groupClassName, disabled, onChange },
  ] = splitFieldProps(props);
  return (
    <Field {...field}>
      <RadioGroup
        layout={layout}
        className={groupClassName}
        value={value}
        disabled={disabled}
        onChange={(_event, data) => onChange(data.value)}
      >
        {choices.map((choice) => (
          <Radio key={idOf(choice)} value={idOf(choice)} label={wordsOf(choice)} />
        ))}
      </RadioGroup>
    </Field>
  );
}
