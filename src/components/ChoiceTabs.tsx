import { Tab, TabList, type TabListProps } from '@fluentui/react-components';

/** Tabs over a fixed list of choices (the views of a page), one of them chosen. */
export function ChoiceTabs<T extends string>({
  value,
  choices,
  wordsOf,
  onChange,
  size,
  label,
}: {
  value: T;
  choices: readonly T[];
  /** The words a tab shows. */
  wordsOf: (choice: T) => string;
  onChange: (choice: T) => void;
  size?: TabListProps['size'];
  /** The name screen readers give the tabs together. */
  label?: string;
}) {
  return (
    <TabList
      selectedValue={value}
      onTabSelect={(_event, data) => onChange(data.value as T)}
      size={size}
      aria-label={label}
    >
      {choices.map((choice) => (
        <Tab key={choice} value={choice}>
          {wordsOf(choice)}
        </Tab>
      ))}
    </TabList>
  );
}
