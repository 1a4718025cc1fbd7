import {
  makeStyles,
  TagPicker,
  TagPickerControl,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  TagPickerOptionGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { SKILL_CATEGORIES, type skill } from '@contracts/profile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '@/lib/http';

type Skill = z.infer<typeof skill>;

const useStyles = makeStyles({
  list: { maxHeight: '22rem', overflowY: 'auto' },
  empty: { padding: tokens.spacingVerticalS },
});

/** Prefix of the value of the option that adds what was typed. */
const TYPED = 'typed:';

export interface SkillPickerProps {
  /** Ids of the skills already chosen: shown ticked; picking one again removes it. */
  selectedIds: readonly number[];
  onAdd: (skill: { id: number; name: string } | { name: string }) => void;
  onRemove: (id: number) => void;
  /** Lets a typed name that is not in the list be added (Enter or the "Add" option). */
  allowTyped?: boolean;
  /** Shows this workspace's own skills besides the shared ones. */
  workspaceId?: number;
  placeholder?: string;
  'aria-labelledby'?: string;
  disabled?: boolean;
}

/**
 * The skills catalogue as a multi-select picker (spec 2.12): opens on click, narrows as one
 * types (either language, accents optional: the server matches), groups by category, and keeps
 * the list open so several can be picked in a row.
 */
export function SkillPicker({
  selectedIds,
  onAdd,
  onRemove,
  allowTyped = false,
  workspaceId,
  placeholder,
  disabled,
  ...aria
}: SkillPickerProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const search = query.trim();
  const catalogue = useQuery({
    queryKey: ['skills', i18n.language, workspaceId ?? null, search],
    queryFn: async () => {
      const params = new URLSearchParams({ limit: '1000', search });
      if (workspaceId) params.set('workspace_id', String(workspaceId));
      return (await api.get<{ skills: Skill[] }>(`core/skills?${params}`)).skills;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const skills = catalogue.data ?? [];
  const exact = skills.some((s) => s.name.toLowerCase() === search.toLowerCase());
  const offerTyped = allowTyped && search.length > 0 && !exact;

  const groups = groupByCategory(skills);
  const selected = selectedIds.map(String);

  const pick = (value: string) => {
    if (value.startsWith(TYPED)) {
      onAdd({ name: value.slice(TYPED.length) });
    } else {
      const id = Number(value);
      if (selectedIds.includes(id)) onRemove(id);
      else {
        const found = skills.find((s) => s.id === id);
        if (found) onAdd({ id, name: found.name });
      }
    }
    setQuery('');
  };

  // Enter with no option highlighted adds what was typed (the list may not have loaded yet).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !allowTyped || !search) return;
    if (event.currentTarget.getAttribute('aria-activedescendant')) return;
    event.preventDefault();
    const match = skills.find((s) => s.name.toLowerCase() === search.toLowerCase());
    pick(match ? String(match.id) : `${TYPED}${search}`);
  };

  return (
    <TagPicker
      selectedOptions={selected}
      open={open}
      onOpenChange={(_event, data) => setOpen(data.open)}
      onOptionSelect={(_event, data) => pick(data.value)}
      disabled={disabled}
    >
      <TagPickerControl>
        <TagPickerInput
          {...aria}
          value={query}
          placeholder={placeholder}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
      </TagPickerControl>
      <TagPickerList className={styles.list}>
        {groups.map(([key, list]) => (
          <TagPickerOptionGroup key={key} label={groupLabel(key, t)}>
            {list.map((s) => (
              <TagPickerOption key={s.id} value={String(s.id)} text={s.name}>
                {s.name}
              </TagPickerOption>
            ))}
          </TagPickerOptionGroup>
        ))}
        {offerTyped && (
          <TagPickerOption value={`${TYPED}${search}`} text={search}>
            {t('profile:skills.add_typed', { name: search })}
          </TagPickerOption>
        )}
        {groups.length === 0 && !offerTyped ? (
          <Text className={styles.empty}>{t('components:skill_picker.no_match')}</Text>
        ) : undefined}
      </TagPickerList>
    </TagPicker>
  );
}

type GroupKey = Skill['category'] | 'workspace' | 'other';

/** Workspace skills first, then the shipped categories in their order, then typed ones. */
function groupByCategory(skills: readonly Skill[]): [GroupKey, Skill[]][] {
  const order: GroupKey[] = ['workspace', ...SKILL_CATEGORIES, 'other'];
  const byGroup = new Map<GroupKey, Skill[]>();
  for (const s of skills) {
    const key: GroupKey = s.workspace_id ? 'workspace' : (s.category ?? 'other');
    byGroup.set(key, [...(byGroup.get(key) ?? []), s]);
  }
  return order
    .filter((key) => byGroup.has(key))
    .map((key) => [key, byGroup.get(key)!.sort((a, b) => a.name.localeCompare(b.name))]);
}

function groupLabel(key: GroupKey, t: (key: string) => string): string {
  if (key === 'workspace') return t('profile:skills.workspace_group');
  return t(`profile:skills.categories.${key ?? 'other'}`);
}
