import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  SpinButton,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CRITERIA_MAX,
  JOB_DESCRIPTION_MAX,
  JOB_TITLE_MAX,
  KNOCKOUT_MAX,
  RECRUIT_STAGES,
  STAGE_NAME_MAX,
  type UpdateJobBody,
} from '@contracts/recruit';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { SaveForm } from '@/components/SaveForm';
import { SkillPicker } from '@/components/SkillPicker';
import { TextField } from '@/components/TextField';
import { withApiError, type ApiError } from '@/lib/http';
import { notify } from '@/lib/notify';
import { recruitApi, type Job, type JobSkill } from '../api';
import { useRecruitRefresh } from '../hooks';
import { Block } from './Block';
import { YesNoField } from './YesNoField';
import { columnList, column, wrappingRow, tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL, minWidth: 0 },
  form: { ...column, gap: tokens.spacingVerticalM },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  skill: {
    ...wrappingRow,
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  skillName: { flex: '1 1 140px', minWidth: 0, overflowWrap: 'anywhere' },
  weight: { width: '96px' },
  question: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  grow: { flex: '1 1 200px', minWidth: 0 },
  stages: {
    ...tileGrid('180px'),
    gap: tokens.spacingHorizontalM,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
});

function useJobChange<T>(change: (input: T) => Promise<Job>, saved: string) {
  const refresh = useRecruitRefresh();
  return useMutation<Job, ApiError, T>({
    mutationFn: (input) => withApiError(() => change(input)),
    onSuccess: () => notify({ intent: 'success', text: saved }),
    onSettled: refresh,
  });
}

/**
 * One of the job's forms: the server's refusal above its fields, then Save, after an "Add …"
 * button when the form is a list (`add`).
 */
function JobForm({
  save,
  ready = true,
  add,
  children,
}: {
  save: UseMutationResult<Job, ApiError, unknown>;
  /** False while the form cannot be sent yet (a required field is empty). */
  ready?: boolean;
  add?: { label: string; full: boolean; onAdd: () => void };
  children: ReactNode;
}) {
  return (
    <SaveForm
      onSubmit={() => save.mutate(undefined)}
      error={save.error}
      submitDisabled={!ready || save.isPending}
      extraActions={
        add && (
          <Button icon={<AddRegular />} disabled={add.full} onClick={add.onAdd}>
            {add.label}
          </Button>
        )
      }
    >
      {children}
    </SaveForm>
  );
}

function TextForm({ job }: { job: Job }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(job.title);
  const [description, setDescription] = useState(job.description);
  const save = useJobChange(
    () => recruitApi.updateJob(job.id, { title: title.trim(), description: description.trim() }),
    t('recruit:position.saved'),
  );
  return (
    <JobForm save={save} ready={title.trim() !== ''}>
      <TextField
        label={t('recruit:position.title')}
        required
        validationMessage={fieldError(save.error, 'title')}
        value={title}
        maxLength={JOB_TITLE_MAX}
        onChange={setTitle}
      />
      <Field
        label={t('recruit:position.description')}
        validationMessage={fieldError(save.error, 'description')}
      >
        <Textarea
          value={description}
          rows={10}
          resize="vertical"
          maxLength={JOB_DESCRIPTION_MAX}
          onChange={(_e, d) => setDescription(d.value)}
        />
      </Field>
    </JobForm>
  );
}

function SkillRow({ job, skill }: { job: Job; skill: JobSkill }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const set = useJobChange(
    (change: { weight: number; required: boolean }) =>
      recruitApi.setSkill(job.id, skill.skill_id, change.weight, change.required),
    t('recruit:position.skill_saved', { name: skill.name }),
  );
  const remove = useJobChange(
    () => recruitApi.removeSkill(job.id, skill.skill_id),
    t('recruit:position.skill_removed', { name: skill.name }),
  );
  return (
    <li className={styles.skill} data-testid="recruit-job-skill">
      <Text weight="semibold" className={styles.skillName}>
        {skill.name}
      </Text>
      <Field label={t('recruit:position.weight')} orientation="horizontal">
        <SpinButton
          className={styles.weight}
          value={skill.weight}
          min={0}
          max={100}
          step={5}
          aria-label={t('recruit:position.weight_of', { name: skill.name })}
          onChange={(_e, data) => {
            const value = data.value ?? Number(data.displayValue);
            if (Number.isFinite(value))
              set.mutate({
                weight: Math.max(0, Math.min(100, Math.round(value))),
                required: skill.required,
              });
          }}
        />
      </Field>
      <Checkbox
        checked={skill.required}
        label={t('recruit:position.required')}
        onChange={(_e, data) =>
          set.mutate({ weight: skill.weight, required: data.checked === true })
        }
      />
      <Button
        appearance="subtle"
        icon={<DeleteRegular />}
        aria-label={t('recruit:position.remove_skill', { name: skill.name })}
        disabled={remove.isPending}
        onClick={() => remove.mutate(undefined)}
      />
      {(set.error || remove.error) && (
        <Text role="alert" size={200} className={styles.grow}>
          {(set.error ?? remove.error)?.messages.join(' ')}
        </Text>
      )}
    </li>
  );
}

function SkillsForm({ job }: { job: Job }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const labelId = useId();
  const add = useJobChange(
    (skill: { id: number; name: string }) => recruitApi.setSkill(job.id, skill.id, 50, false),
    t('recruit:position.skill_added'),
  );
  return (
    <div className={styles.form}>
      <FormAlert error={add.error} />
      {job.skills.length === 0 ? (
        <Text className={styles.muted}>{t('recruit:position.no_skills')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('recruit:position.skills')}>
          {job.skills.map((skill) => (
            <SkillRow key={skill.skill_id} job={job} skill={skill} />
          ))}
        </ul>
      )}
      <Text id={labelId} weight="semibold">
        {t('recruit:position.add_skill')}
      </Text>
      <SkillPicker
        aria-labelledby={labelId}
        selectedIds={job.skills.map((skill) => skill.skill_id)}
        workspaceId={job.workspace_id}
        placeholder={t('recruit:position.add_skill_placeholder')}
        onAdd={(skill) => 'id' in skill && add.mutate(skill)}
      />
    </div>
  );
}

interface QuestionDraft {
  id?: string;
  question: string;
  required_answer: boolean;
}

/**
 * A job form over an editable list of questions or criteria (`item`): Add appends `blank` until
 * there are `max`, and each row ends in its remove button. The buttons are labelled
 * `recruit:position.add_<item>` and `recruit:position.remove_<item>`.
 */
function ListForm<T>({
  job,
  initial,
  toJob,
  blank,
  max,
  item,
  empty,
  rowKey,
  children: fields,
}: {
  job: Job;
  initial: T[];
  /** What Save sends, from the list as edited. */
  toJob: (items: T[]) => UpdateJobBody;
  blank: T;
  max: number;
  item: 'question' | 'criterion';
  /** Shown while the list is empty. */
  empty?: string;
  rowKey: (value: T, index: number) => string | number;
  /** A row's fields: the value, its number from 1, and how to change it. */
  children: (value: T, n: number, change: (value: T) => void) => ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [items, setItems] = useState<T[]>(initial);
  const save = useJobChange(
    () => recruitApi.updateJob(job.id, toJob(items)),
    t('recruit:position.saved'),
  );
  return (
    <JobForm
      save={save}
      add={{
        label: t(`recruit:position.add_${item}`),
        full: items.length >= max,
        onAdd: () => setItems((list) => [...list, blank]),
      }}
    >
      {empty && items.length === 0 && <Text className={styles.muted}>{empty}</Text>}
      {items.map((value, index) => (
        <div key={rowKey(value, index)} className={styles.question}>
          {fields(value, index + 1, (changed) =>
            setItems((list) => list.map((old, i) => (i === index ? changed : old))),
          )}
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={t(`recruit:position.remove_${item}`, { n: index + 1 })}
            onClick={() => setItems((list) => list.filter((_old, i) => i !== index))}
          />
        </div>
      ))}
    </JobForm>
  );
}

function KnockoutForm({ job }: { job: Job }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ListForm<QuestionDraft>
      job={job}
      initial={job.knockout_questions}
      toJob={(drafts) => ({
        knockout_questions: drafts
          .filter((draft) => draft.question.trim())
          .map((draft) => ({ ...draft, question: draft.question.trim() })),
      })}
      blank={{ question: '', required_answer: true }}
      max={KNOCKOUT_MAX}
      item="question"
      empty={t('recruit:position.no_questions')}
      rowKey={(draft, index) => draft.id ?? `new-${index}`}
    >
      {(draft, n, change) => (
        <>
          <TextField
            label={t('recruit:position.question_n', { n })}
            className={styles.grow}
            value={draft.question}
            maxLength={300}
            onChange={(question) => change({ ...draft, question })}
          />
          <YesNoField
            label={t('recruit:position.required_answer')}
            value={draft.required_answer}
            onChange={(required_answer) => change({ ...draft, required_answer })}
          />
        </>
      )}
    </ListForm>
  );
}

function CriteriaForm({ job }: { job: Job }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ListForm<string>
      job={job}
      initial={job.scorecard_criteria}
      toJob={(criteria) => ({
        scorecard_criteria: [...new Set(criteria.map((c) => c.trim()).filter(Boolean))],
      })}
      blank=""
      max={CRITERIA_MAX}
      item="criterion"
      rowKey={(_criterion, index) => index}
    >
      {(criterion, n, change) => (
        <TextField
          label={t('recruit:position.criterion_n', { n })}
          className={styles.grow}
          value={criterion}
          maxLength={80}
          onChange={change}
        />
      )}
    </ListForm>
  );
}

function StagesForm({ job }: { job: Job }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [names, setNames] = useState<Record<string, string>>(
    Object.fromEntries(job.stages.map((stage) => [stage.key, stage.name ?? ''])),
  );
  const save = useJobChange(
    () =>
      recruitApi.renameStages(
        job.id,
        RECRUIT_STAGES.map((key) => ({ key, name: names[key]?.trim() || null })),
      ),
    t('recruit:position.saved'),
  );
  return (
    <JobForm save={save}>
      <div className={styles.stages}>
        {RECRUIT_STAGES.map((key) => (
          <Field key={key} label={t(`recruit:stages.${key}`)}>
            <Input
              value={names[key] ?? ''}
              maxLength={STAGE_NAME_MAX}
              placeholder={t(`recruit:stages.${key}`)}
              onChange={(_e, d) => setNames((current) => ({ ...current, [key]: d.value }))}
            />
          </Field>
        ))}
      </div>
    </JobForm>
  );
}

/** What a member who may not edit sees: the text, the skills and the questions. */
function ReadOnlyDetails({ job }: { job: Job }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Block id="job-text" title={t('recruit:position.description')}>
      <Text as="p" className={styles.text}>
        {job.description || t('recruit:position.no_description')}
      </Text>
      <ul className={styles.list} aria-label={t('recruit:position.skills')}>
        {job.skills.map((skill) => (
          <li key={skill.skill_id}>
            {skill.name} · {t('recruit:screening.weight', { weight: skill.weight })}
            {skill.required && ` · ${t('recruit:position.required')}`}
          </li>
        ))}
      </ul>
    </Block>
  );
}

/** The blocks below the text, each titled `recruit:position.<part>` with its `<part>_hint`. */
const EDITABLE_PARTS = [
  ['skills', SkillsForm],
  ['knockout', KnockoutForm],
  ['criteria', CriteriaForm],
  ['stages', StagesForm],
] as const;

/** The job's text, weighted skills, knockout questions, scorecard criteria and stage names. */
export function JobDetails({ job }: { job: Job; workspaceId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (!job.abilities.manage) return <ReadOnlyDetails job={job} />;
  return (
    <div className={styles.root}>
      <Block id="job-text" title={t('recruit:position.text_heading')}>
        <TextForm job={job} />
      </Block>
      {EDITABLE_PARTS.map(([part, Form]) => (
        <Block
          key={part}
          id={`job-${part}`}
          title={t(`recruit:position.${part}`)}
          description={t(`recruit:position.${part}_hint`)}
        >
          <Form job={job} />
        </Block>
      ))}
    </div>
  );
}
