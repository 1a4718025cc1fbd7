import { Field, Select } from '@fluentui/react-components';
import { splitFieldProps, type FieldPartProps } from './field-parts';

export type SelectFieldProps<T> = FieldPartProps & {
  /** The value of the chosen entry ('' for `noneLabel`). */
  value: string;
  choices: readonly T[];
  /** The words a choice shows. */
  wordsOf: (choice: T) => string;
  /** What a choice is sent as; left out, the choice itself (a list of words). */
  idOf?: (choice: T) => string;
  /** A first entry that stands for no choice: picking it hands over ''. */
  noneLabel?: string;
  onChange: (value: string) => void;
};

/** A labelled native select over a list: a short list of words or of named records. */
export function SelectField<T>(props: SelectFieldProps<T>) {
  const [field, { value, choices, wordsOf, idOf = String, noneLabel, onChange }] =
    splitFieldProps(props);
  return (
    <Field {...field}>
      <Select value={value} onChange={(_event, data) => onChange(data.value)}>
        {noneLabel !== undefined && <option value="">{noneLabel}</option>}
        {choices.map((choice) => (
          <option key={idOf(choice)} value={idOf(choice)}>
            {wordsOf(choice)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
