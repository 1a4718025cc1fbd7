import {
  Avatar,
  Field,
  makeStyles,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  tokens,
} from '@fluentui/react-components';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // A bounded list, so the dialog it sits in stays in view around it.
  list: { maxHeight: 'min(280px, 40vh)' },
  tag: { maxWidth: '100%' },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** Lower case without diacritics: "nguyen" finds "Nguyễn", "le" finds "Lê". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

const NO_MATCH = 'no-match';

export interface PickableEntry {
  id: number;
  name: string;
}

/**
 * Picks people (or teams) by name: opens on click, filters as one types (ignoring accents),
 * shows the chosen ones as tags. Escape closes the list and nothing else: a dialog around it
 * keeps what was typed.
 */
export function PeoplePicker({
  label,
  people,
  selected,
  onChange,
  error,
  kind = 'person',
}: {
  label: string;
  people: PickableEntry[];
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  kind?: 'person' | 'team';
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const chosen = people.filter((entry) => selected.includes(entry.id));
  const wanted = foldForSearch(query.trim());
  const matches = people.filter(
    (entry) => !selected.includes(entry.id) && foldForSearch(entry.name).includes(wanted),
  );
  const media = (entry: PickableEntry) => (
    <Avatar
      name={entry.name}
      size={20}
      shape={kind === 'team' ? 'square' : 'circular'}
      color="colorful"
      aria-hidden
    />
  );
  // The dialog closes on an Escape nobody handled: while the list is open, this one is ours.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) event.preventDefault();
  };

  return (
    <Field label={label} validationMessage={error}>
      <TagPicker
        selectedOptions={selected.map(String)}
        open={open}
        onOpenChange={(_event, data) => setOpen(data.open)}
        onOptionSelect={(_event, data) => {
          if (data.value === NO_MATCH) return;
          onChange(data.selectedOptions.map(Number));
          setQuery('');
        }}
        positioning={{ position: 'below', align: 'start', autoSize: false }}
      >
        <TagPickerControl>
          <TagPickerGroup aria-label={label}>
            {chosen.map((entry) => (
              <Tag
                key={entry.id}
                value={String(entry.id)}
                media={media(entry)}
                shape="rounded"
                className={styles.tag}
                title={entry.name}
              >
                {entry.name}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            placeholder={chosen.length ? undefined : t('components:people_picker.placeholder')}
          />
        </TagPickerControl>
        <TagPickerList className={styles.list}>
          {matches.length > 0 ? (
            matches.map((entry) => (
              <TagPickerOption
                key={entry.id}
                value={String(entry.id)}
                text={entry.name}
                media={media(entry)}
              >
                {entry.name}
              </TagPickerOption>
            ))
          ) : (
            <TagPickerOption value={NO_MATCH} text="" className={styles.empty}>
              {t('components:people_picker.no_match')}
            </TagPickerOption>
          )}
        </TagPickerList>
      </TagPicker>
    </Field>
  );
}
