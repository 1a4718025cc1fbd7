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
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/current-user';
import { FormAlert } from '@/components/FormAlert';
import { SkillPicker } from '@/components/SkillPicker';
import { apiErrorOf } from '@/lib/http';
import { Section } from '@/components/Section';
import { useSkillChanges } from '../use-skill-changes';
import { columnList, wrappingRow } from '@/lib/styles';
import { useProfileSection } from '../use-profile-section';

const useStyles = makeStyles({
  picker: { maxWidth: '420px' },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  item: { ...wrappingRow, listStyleType: 'none', gap: tokens.spacingHorizontalM },
  level: { width: '12rem' },
});

const LEVELS = [1, 2, 3, 4, 5] as const;

/** /profile/skills (spec 2.12): pick skills from the list, or type one and press Enter. */
export default function SkillsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useSignedInUser();
  const mine = useProfileSection(user.id, 'skills');
  const save = useSkillChanges(user.id);

  if (mine.isError) return <FormAlert error={apiErrorOf(mine.error)} />;
  if (!mine.data) return <Spinner label={t('app:loading')} />;
  const current = mine.data.user_skills;

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
          onAdd={(skill) => save.mutate({ kind: 'add', skill })}
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
                  save.mutate({ kind: 'level', entry, level: Number(data.value) || null })
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
                onClick={() => save.mutate({ kind: 'remove', entry })}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
