import {
  Button,
  Field,
  makeStyles,
  Select,
  Spinner,
  Tag,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/current-user';
import { FormAlert } from '@/components/FormAlert';
import { SkillPicker } from '@/components/SkillPicker';
import { apiErrorOf } from '@/lib/http';
import { profileApi, profileKeys, type UserSkills } from '../api';
import { Section } from '@/components/Section';
import { useRefreshProfile } from '../use-refresh-user';
import { columnList } from '@/lib/styles';

const useStyles = makeStyles({
  picker: { maxWidth: '420px' },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  item: {
    listStyleType: 'none',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  level: { width: '12rem' },
});

type Entry = UserSkills['user_skills'][number];
const LEVELS = [1, 2, 3, 4, 5] as const;

/** /profile/skills (spec 2.12): pick skills from the list, or type one and press Enter. */
export default function SkillsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useSignedInUser();
  const refresh = useRefreshProfile();
  const mine = useQuery({
    queryKey: profileKeys.section(user.id, 'skills'),
    queryFn: () => profileApi.userSkills(user.id),
  });
  const save = useMutation({
    mutationFn: (entries: { skill_id?: number; name?: string; level: number | null }[]) =>
      profileApi.saveSkills(entries),
    onSuccess: () => refresh(),
  });

  if (mine.isError) return <FormAlert error={apiErrorOf(mine.error)} />;
  if (!mine.data) return <Spinner label={t('app:loading')} />;
  const current = mine.data.user_skills;
  const asEntries = (list: Entry[]) => list.map((s) => ({ skill_id: s.skill_id, level: s.level }));
  const add = (skill: { id: number } | { name: string }) =>
    save.mutate([
      ...asEntries(current),
      'id' in skill ? { skill_id: skill.id, level: null } : { name: skill.name, level: null },
    ]);
  const remove = (id: number) => save.mutate(asEntries(current.filter((s) => s.skill_id !== id)));

  return (
    <Section
      id="skills"
      title={t('app:titles.profile_skills')}
      description={t('profile:skills.intro')}
    >
      <FormAlert error={save.error ? apiErrorOf(save.error) : null} />
      <Field label={t('profile:skills.add')} className={styles.picker}>
        <SkillPicker
          allowTyped
          selectedIds={current.map((s) => s.skill_id)}
          onAdd={add}
          placeholder={t('profile:skills.placeholder')}
        />
      </Field>
      {current.length === 0 ? (
        <Text>{t('profile:skills.none')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('profile:skills.mine')}>
          {current.map((entry) => (
            <li key={entry.skill_id} className={styles.item}>
              <Tag>{entry.name}</Tag>
              <Select
                className={styles.level}
                aria-label={t('profile:skills.level_of', { name: entry.name })}
                value={entry.level ? String(entry.level) : ''}
                onChange={(_event, data) =>
                  save.mutate(
                    current.map((s) => ({
                      skill_id: s.skill_id,
                      level: s.skill_id === entry.skill_id ? Number(data.value) || null : s.level,
                    })),
                  )
                }
              >
                <option value="">{t('profile:skills.level_none')}</option>
                {LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`profile:skills.levels.${level}`)}
                  </option>
                ))}
              </Select>
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('profile:skills.remove', { name: entry.name })}
                onClick={() => remove(entry.skill_id)}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
