import { Dropdown, Field, Option, type FieldProps } from '@fluentui/react-components';

export type DropdownFieldProps<T extends string> = Pick<FieldProps, 'label' | 'className'> & {
  value: T;
  choices: readonly T[];
  /** The words a choice shows, in the list and in the closed dropdown. */
  wordsOf: (choice: T) => string;
  disabled?: boolean;
  onChange: (choice: T) => void;
};

/** A labelled Fluent dropdown over a list of words: one of them is always chosen. */
export function DropdownField<T extends string>({
  label,
  className,
  value,
  choices,
  wordsOf,
  disabled,
  onChange,
}: DropdownFieldProps<T>) {
  return (
    <Field label={label} className={className}>
      <Dropdown
        value={wordsOf(value)}
        selectedOptions={[value]}
        disabled={disabled}
        onOptionSelect={(_event, data) => onChange(data.optionValue as T)}
      >
        {choices.map((choice) => (
          <Option key={choice} value={choice}>
            {wordsOf(choice)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
