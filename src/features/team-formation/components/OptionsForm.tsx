import {
  Button,
  Combobox,
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Slider,
  SpinButton,
  Tag,
  TagGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FORMATION_STRATEGIES } from '@contracts/team-formation';
import type { Member } from '@contracts/workspaces';
import { fieldError } from '@/components/FormAlert';
import { SkillPicker } from '@/components/SkillPicker';
import type { ApiError } from '@/lib/http';
import type { StartFormation } from '../api';
import { column, tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    alignItems: 'flex-end',
  },
  weights: {
    ...tileGrid('200px'),
    gap: tokens.spacingHorizontalM,
  },
  pairs: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  hint: { color: tokens.colorNeutralForeground2 },
});

type Strategy = (typeof FORMATION_STRATEGIES)[number];
const WEIGHTS = ['personality', 'spread', 'skills', 'availability'] as const;
type Weights = Record<(typeof WEIGHTS)[number], number>;

/** The members to choose from, as the options of a combobox. */
function PersonOptions({ people }: { people: Member[] }) {
  return people.map((person) => (
    <Option key={person.id} value={String(person.id)} text={person.name}>
      {person.name}
    </Option>
  ));
}

/** A picker of one workspace member, by name. */
function PersonPicker({
  label,
  people,
  value,
  onChange,
}: {
  label: string;
  people: Member[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const chosen = people.find((p) => p.id === value);
  return (
    <Field label={label}>
      <Combobox
        value={chosen?.name ?? ''}
        selectedOptions={value ? [String(value)] : []}
        onOptionSelect={(_e, d) => onChange(d.optionValue ? Number(d.optionValue) : null)}
      >
        <PersonOptions people={people} />
      </Combobox>
    </Field>
  );
}

/**
 * What the owner asks for: a strategy (with weights for the mixed one), team sizes, the skills
 * every team should have, shared hours, a group nobody may be alone from, and pairs to keep
 * together or apart.
 */
export function OptionsForm({
  workspaceId,
  people,
  busy,
  error,
  onStart,
}: {
  workspaceId: number;
  people: Member[];
  busy: boolean;
  error: ApiError | null;
  onStart: (body: StartFormation) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [strategy, setStrategy] = useState<Strategy>('mixed');
  const [weights, setWeights] = useState<Weights>({
    personality: 40,
    spread: 10,
    skills: 25,
    availability: 25,
  });
  const [size, setSize] = useState({ min: 4, max: 5 });
  const [skills, setSkills] = useState<{ id: number; name: string }[]>([]);
  const [target, setTarget] = useState(6);
  const [groupName, setGroupName] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [pair, setPair] = useState<[number | null, number | null]>([null, null]);
  const [together, setTogether] = useState<[number, number][]>([]);
  const [apart, setApart] = useState<[number, number][]>([]);
  const nameOf = (id: number) => people.find((p) => p.id === id)?.name ?? String(id);
  const addPair = (kind: 'together' | 'apart') => {
    const [a, b] = pair;
    if (!a || !b || a === b) return;
    (kind === 'together' ? setTogether : setApart)((list) => [...list, [a, b]]);
    setPair([null, null]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onStart({
      workspace_id: workspaceId,
      strategy,
      ...(strategy === 'mixed'
        ? { weights: Object.fromEntries(WEIGHTS.map((w) => [w, weights[w] / 100])) as Weights }
        : {}),
      team_size: size,
      required_skill_ids: skills.map((s) => s.id),
      availability_target: target,
      groups:
        groupIds.length > 0
          ? [
              {
                name: groupName.trim() || t('team-formation:options.group_default'),
                user_ids: groupIds.map(Number),
              },
            ]
          : [],
      keep_together: together,
      keep_apart: apart,
    });
  };
  const spin = (value: number, set: (n: number) => void, min: number, max: number) => (
    <SpinButton
      min={min}
      max={max}
      value={value}
      onChange={(_e, d) => {
        const next = d.value ?? Number(d.displayValue);
        if (Number.isFinite(next)) set(Math.min(max, Math.max(min, Math.round(next))));
      }}
    />
  );

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      aria-label={t('team-formation:options.title')}
    >
      <Field label={t('team-formation:options.strategy')}>
        <RadioGroup value={strategy} onChange={(_e, d) => setStrategy(d.value as Strategy)}>
          {FORMATION_STRATEGIES.map((value) => (
            <Radio key={value} value={value} label={t(`team-formation:strategies.${value}`)} />
          ))}
        </RadioGroup>
      </Field>
      {strategy === 'mixed' && (
        <div className={styles.weights}>
          {WEIGHTS.map((weight) => (
            <Field
              key={weight}
              label={`${t(`team-formation:weights.${weight}`)}: ${weights[weight]}`}
            >
              <Slider
                min={0}
                max={100}
                value={weights[weight]}
                onChange={(_e, d) => setWeights((current) => ({ ...current, [weight]: d.value }))}
              />
            </Field>
          ))}
        </div>
      )}
      <div className={styles.row}>
        <Field
          label={t('team-formation:options.min_size')}
          validationMessage={fieldError(error, 'team_size.min')}
        >
          {spin(size.min, (min) => setSize((s) => ({ min, max: Math.max(min, s.max) })), 1, 50)}
        </Field>
        <Field label={t('team-formation:options.max_size')}>
          {spin(size.max, (max) => setSize((s) => ({ max, min: Math.min(max, s.min) })), 1, 50)}
        </Field>
        <Field label={t('team-formation:options.availability_target')}>
          {spin(target, setTarget, 1, 40)}
        </Field>
      </div>
      <Field
        label={t('team-formation:options.required_skills')}
        hint={t('team-formation:options.required_skills_hint')}
        validationMessage={fieldError(error, 'required_skill_ids.0')}
      >
        <SkillPicker
          workspaceId={workspaceId}
          selectedIds={skills.map((s) => s.id)}
          onAdd={(skill) => {
            if ('id' in skill) setSkills((list) => [...list, skill]);
          }}
        />
      </Field>
      {skills.length > 0 && (
        <TagGroup
          aria-label={t('team-formation:options.required_skills')}
          onDismiss={(_e, data) =>
            setSkills((list) => list.filter((s) => String(s.id) !== data.value))
          }
        >
          {skills.map((skill) => (
            <Tag
              key={skill.id}
              value={String(skill.id)}
              dismissible
              dismissIcon={{
                'aria-label': t('team-formation:options.remove_skill'),
              }}
            >
              {skill.name}
            </Tag>
          ))}
        </TagGroup>
      )}
      <div className={styles.row}>
        <Field
          label={t('team-formation:options.group_name')}
          hint={t('team-formation:options.group_hint')}
        >
          <Input value={groupName} onChange={(_e, d) => setGroupName(d.value)} />
        </Field>
        <Field
          label={t('team-formation:options.group_members')}
          validationMessage={fieldError(error, 'groups.0.user_ids')}
        >
          <Combobox
            multiselect
            selectedOptions={groupIds}
            value={groupIds.map((id) => nameOf(Number(id))).join(', ')}
            onOptionSelect={(_e, d) => setGroupIds(d.selectedOptions)}
          >
            <PersonOptions people={people} />
          </Combobox>
        </Field>
      </div>
      <div className={styles.row}>
        <PersonPicker
          label={t('team-formation:options.person_a')}
          people={people}
          value={pair[0]}
          onChange={(id) => setPair([id, pair[1]])}
        />
        <PersonPicker
          label={t('team-formation:options.person_b')}
          people={people}
          value={pair[1]}
          onChange={(id) => setPair([pair[0], id])}
        />
        <Button
          onClick={() => addPair('together')}
          disabled={!pair[0] || !pair[1] || pair[0] === pair[1]}
        >
          {t('team-formation:options.keep_together')}
        </Button>
        <Button
          onClick={() => addPair('apart')}
          disabled={!pair[0] || !pair[1] || pair[0] === pair[1]}
        >
          {t('team-formation:options.keep_apart')}
        </Button>
      </div>
      {(together.length > 0 || apart.length > 0) && (
        <ul className={styles.pairs}>
          {together.map(([a, b]) => (
            <li key={`t${a}-${b}`}>
              {t('team-formation:options.together_pair', { a: nameOf(a), b: nameOf(b) })}
            </li>
          ))}
          {apart.map(([a, b]) => (
            <li key={`a${a}-${b}`}>
              {t('team-formation:options.apart_pair', { a: nameOf(a), b: nameOf(b) })}
            </li>
          ))}
        </ul>
      )}
      <Text className={styles.hint}>{t('team-formation:options.who')}</Text>
      <div>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t('team-formation:options.start')}
        </Button>
      </div>
    </form>
  );
}
