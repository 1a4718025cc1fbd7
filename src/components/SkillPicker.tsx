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
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { profileEndpoints } from '@contracts/endpoints/profile';
import { api } from '@/lib/http';

type Skill = z.infer<typeof skill>;

const useStyles = makeStyles({
  list: { maxHeight: '22rem', overflowY: 'auto' },
  empty: { padding: tokens.spacingVerticalS },
  status: { color: tokens.colorNeutralForeground2, minHeight: tokens.lineHeightBase300 },
});

/** Prefix of the value of the option that adds what was typed. */
const TYPED = 'typed:';

export interface SkillPickerProps {
  /** Ids of the skills already chosen: shown ticked; picking one again says so and keeps it. */
  selectedIds: readonly number[];
  onAdd: (skill: { id: number; name: string } | { name: string }) => void;
  /** Lets a typed name that is not in the list be added (Enter or the "Add" option). */
  allowTyped?: boolean;
  /** Shows this workspace's own skills besides the shared ones. */
  workspaceId?: number;
  placeholder?: string;
  'aria-labelledby'?: string;
  disabled?: boolean;
}

/**
 * The skills catalogue as a multi-select picker (spec 2.12): opens on click, grouped by
 * category; narrows as one types (either language, accents optional: the server matches) to
 * the best matches first, from the top of the list; and stays open so several can be picked in
 * a row. Removing a chosen skill is the caller's (its list of chosen skills).
 */

/** Query keys of the skills catalogue (its names follow the language). */
export const skillKeys = {
  catalogue: (language: string, workspaceId: number | null, search: string) =>
    ['skills', language, workspaceId, search] as const,
};
export function SkillPicker({
  selectedIds,
  onAdd,
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
  /** Said under the picker when a chosen skill is picked again. */
  const [notice, setNotice] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const search = query.trim();
  const catalogue = useQuery({
    queryKey: skillKeys.catalogue(i18n.language, workspaceId ?? null, search),
    queryFn: async () =>
      (
        await api.call(profileEndpoints.skills, {
          query: { limit: 1000, search, workspace_id: workspaceId || undefined },
        })
      ).skills,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const skills = catalogue.data ?? [];
  const exact = skills.some((s) => s.name.toLowerCase() === search.toLowerCase());
  const offerTyped = allowTyped && search.length > 0 && !exact;

  // Searching, the server's order is best match first: one list, not categories.
  const groups: [GroupKey | null, Skill[]][] = search
    ? skills.length
      ? [[null, skills]]
      : []
    : groupByCategory(skills);
  const selected = selectedIds.map(String);

  // Each new search shows its best matches: the list starts from the top.
  useEffect(() => {
    if (list.current) list.current.scrollTop = 0;
  }, [search, catalogue.data]);

  const pick = (value: string) => {
    setNotice('');
    if (value.startsWith(TYPED)) {
      onAdd({ name: value.slice(TYPED.length) });
    } else {
      const id = Number(value);
      const found = skills.find((s) => s.id === id);
      if (selectedIds.includes(id)) {
        if (found) setNotice(t('components:skill_picker.already_chosen', { name: found.name }));
      } else if (found) onAdd({ id, name: found.name });
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

  const options = (list: Skill[]) =>
    list.map((s) => (
      <TagPickerOption key={s.id} value={String(s.id)} text={s.name}>
        {s.name}
      </TagPickerOption>
    ));

  return (
    <>
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
              setNotice('');
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
          />
        </TagPickerControl>
        <TagPickerList ref={list} className={styles.list}>
          {groups.map(([key, skillsOf]) =>
            key === null ? (
              options(skillsOf)
            ) : (
              <TagPickerOptionGroup key={key} label={groupLabel(key, t)}>
                {options(skillsOf)}
              </TagPickerOptionGroup>
            ),
          )}
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
      <Text role="status" size={200} className={styles.status}>
        {notice}
      </Text>
    </>
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
