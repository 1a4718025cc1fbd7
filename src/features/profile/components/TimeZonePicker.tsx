import { Combobox, makeStyles, Option } from '@fluentui/react-components';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { foldForSearch } from '@/components/PeoplePicker';

const useStyles = makeStyles({ list: { maxHeight: 'min(320px, 45vh)' } });

export interface TimeZone {
  name: string;
  offset: string;
}

/** "Asia/Ho_Chi_Minh (+07:00)" is found by "ho chi minh", "saigon" is not a zone name. */
const searchable = (zone: TimeZone) =>
  foldForSearch(`${zone.name.replace(/_/g, ' ')} ${zone.offset}`);

/**
 * The time-zone field: opens on click, filters the zones as one types (city or offset), and
 * shows the chosen zone again when the list closes without a choice.
 */
export function TimeZonePicker({
  zones,
  value,
  onChange,
}: {
  zones: TimeZone[];
  value: string;
  onChange: (zone: string) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  // What the person is typing; null while they are not searching.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const wanted = foldForSearch((query ?? '').trim().replace(/_/g, ' '));
  const matches = wanted ? zones.filter((zone) => searchable(zone).includes(wanted)) : zones;
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes the list, never a dialog around it.
    if (event.key === 'Escape' && open) event.preventDefault();
  };
  return (
    <Combobox
      value={query ?? value}
      selectedOptions={[value]}
      open={open}
      onOpenChange={(_event, data) => {
        setOpen(data.open);
        if (!data.open) setQuery(null);
      }}
      onChange={(event) => {
        setQuery(event.target.value);
        setOpen(true);
      }}
      onOptionSelect={(_event, data) => {
        if (data.optionValue) onChange(data.optionValue);
        setQuery(null);
      }}
      onKeyDown={onKeyDown}
      listbox={{ className: styles.list }}
      positioning={{ position: 'below', align: 'start', autoSize: false }}
    >
      {matches.map((zone) => (
        <Option key={zone.name} value={zone.name} text={zone.name}>
          {`${zone.name} (${zone.offset})`}
        </Option>
      ))}
      {matches.length === 0 && (
        <Option value="" text="" disabled>
          {t('components:people_picker.no_match')}
        </Option>
      )}
    </Combobox>
  );
}
