import {
  Button,
  Checkbox,
  Field,
  Label,
  makeStyles,
  SpinButton,
  Switch,
  Text,
  tokens,
  useId,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_ANONYMITY_THRESHOLD,
  MIN_ANONYMITY_THRESHOLD,
  QUESTION_KINDS,
  type Assessment,
  type Question,
  type QuestionInput,
  type QuestionKind,
} from '@contracts/assessments';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { PeoplePicker } from '@/components/PeoplePicker';
import type { ApiError } from '@/lib/http';
import { assessmentsApi } from '../api';
import { assessmentKeys } from '../keys';
import { useDiscardGuard } from '@/components/discard-guard';
import { useAssessmentMutation } from '../hooks';
import { DateTimeField } from '@/components/DateField';
import { DropdownField } from '@/components/DropdownField';
import { Notice } from '@/components/Notice';
import { TextField } from '@/components/TextField';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';
import { TextareaField } from '@/components/TextareaField';
import { useAssessmentDialogStyles } from './dialog-styles';

const useStyles = makeStyles({
  question: {
    ...column,
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'end' },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  rules: { ...column, gap: tokens.spacingVerticalXXS },
});

interface Draft {
  kind: QuestionKind;
  title: string;
  required: boolean;
  scale: number;
  labels: string;
  choices: string;
}

const emptyQuestion = (): Draft => ({
  kind: 'rating',
  title: '',
  required: true,
  scale: 5,
  labels: '',
  choices: '',
});

function toInput(d: Draft): QuestionInput {
  if (d.kind === 'rating') {
    const labels = d.labels
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean);
    return {
      kind: d.kind,
      title: d.title,
      required: d.required,
      options: { scale: d.scale, labels },
    };
  }
  if (d.kind === 'choice') {
    const choices = d.choices
      .split('\n')
      .map((c) => c.trim())
      .filter(Boolean);
    return { kind: d.kind, title: d.title, required: d.required, options: { choices } };
  }
  return { kind: d.kind, title: d.title, required: d.required, options: {} };
}

function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const RULES = ['self', 'teammates', 'reviewer', 'everyone'] as const;
type Rule = (typeof RULES)[number];

function draftsOf(questions: Question[]): Draft[] {
  return questions.map((q) => ({
    kind: q.kind,
    title: q.title,
    required: q.required,
    scale: q.options.scale ?? 5,
    labels: (q.options.labels ?? []).join(', '),
    choices: (q.options.choices ?? []).join('\n'),
  }));
}

/**
 * Create or edit an assessment: details, anonymity, who assesses whom, and the questions.
 * Everything stays editable until the first answer is handed in; after that the type, named,
 * who assesses whom and the questions are shown fixed and the threshold only goes up (the
 * server refuses the rest, so a report can never be compared with a thinner one). Escape or a
 * click outside asks before throwing away what was typed.
 */
export function AssessmentFormDialog({
  workspaceId,
  assessment,
  onClose,
}: {
  workspaceId: number;
  assessment?: Assessment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const dialog = useAssessmentDialogStyles();
  const whoId = useId('who');
  const editing = assessment !== undefined;
  const locked = assessment?.answering?.handed_in ?? false;
  const started = assessment?.answering?.started ?? false;
  const stored = assessment?.rater_rules ?? null;
  const initial = {
    name: assessment?.name ?? '',
    description: assessment?.description ?? '',
    type: assessment?.type ?? ('general' as const),
    due: localInput(assessment?.expired_at ?? null),
    threshold: assessment?.anonymity_threshold ?? MIN_ANONYMITY_THRESHOLD,
    named: assessment?.named ?? false,
    rules: editing
      ? (stored?.rules ?? []).filter((r): r is Rule => (RULES as readonly string[]).includes(r))
      : (['self'] as Rule[]),
    reviewer: stored?.reviewer_id ? [stored.reviewer_id] : [],
  };
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [type, setType] = useState<'general' | 'team'>(initial.type);
  const [due, setDue] = useState(initial.due);
  const [threshold, setThreshold] = useState(initial.threshold);
  const [named, setNamed] = useState(initial.named);
  const [rules, setRules] = useState<Rule[]>(initial.rules);
  const [reviewer, setReviewer] = useState<number[]>(initial.reviewer);
  const members = useQuery({
    queryKey: assessmentKeys.members(workspaceId),
    queryFn: () => assessmentsApi.members(workspaceId),
  });
  const existing = useQuery({
    queryKey: assessmentKeys.questions(assessment?.id ?? 0),
    queryFn: () => assessmentsApi.questionsWithoutAnswers(assessment!.id),
    enabled: editing,
  });
  const initialQuestions = editing ? draftsOf(existing.data ?? []) : [emptyQuestion()];
  const [questions, setQuestions] = useState<Draft[] | null>(null);
  const shown: Draft[] = questions ?? initialQuestions;
  const update = (i: number, patch: Partial<Draft>) =>
    setQuestions(shown.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const questionsChanged = questions !== null && !same(questions, initialQuestions);
  const whoChanged = !same([rules, reviewer], [initial.rules, initial.reviewer]);
  const namedChanged = named !== initial.named;
  const dirty =
    questionsChanged ||
    whoChanged ||
    !same(
      [name, description, type, due, threshold, named],
      [
        initial.name,
        initial.description,
        initial.type,
        initial.due,
        initial.threshold,
        initial.named,
      ],
    );
  const guard = useDiscardGuard(dirty, onClose);
  // In an anonymous assessment owners and admins read the reports, so they rate nobody else.
  const raters = (members.data ?? []).filter(
    (m) => m.role === 'member' || (named && (m.role === 'owner' || m.role === 'admin')),
  );

  const who = () => ({
    ...(stored ?? {}),
    rules: [...rules, ...(stored?.rules.includes('list') ? (['list'] as const) : [])],
    reviewer_id: rules.includes('reviewer') ? reviewer[0] : undefined,
  });
  const save = useAssessmentMutation(async () => {
    const expired = due ? new Date(due).toISOString() : null;
    if (editing) {
      return assessmentsApi.update(assessment.id, {
        workspace_id: workspaceId,
        name,
        description: description || null,
        expired_at: expired,
        anonymity_threshold: threshold,
        ...(type !== initial.type ? { type } : {}),
        ...(namedChanged ? { named } : {}),
        ...(questionsChanged ? { questions: shown.map(toInput) } : {}),
        // A new "named" plans the raters again: owners and admins rate only when named.
        ...(whoChanged || (namedChanged && stored) ? { who: who() } : {}),
      });
    }
    return assessmentsApi.create(workspaceId, {
      name,
      description: description || null,
      type,
      expired_at: expired,
      anonymity_threshold: threshold,
      named,
      questions: shown.map(toInput),
      who: who(),
    });
  });
  const error = (save.error as ApiError | null) ?? null;

  return (
    <FormDialog
      guard={guard}
      title={t(editing ? 'assessments:form.edit_title' : 'assessments:form.create_title')}
      onSubmit={() => save.mutate(undefined, { onSuccess: onClose })}
      contentClassName={dialog.content}
      surfaceClassName={dialog.surface}
      onClose={onClose}
      submitLabel={t('assessments:form.save')}
      submitDisabled={save.isPending || !name.trim()}
    >
      {locked && <Notice intent="info">{t('assessments:form.locked_note')}</Notice>}
      <FormAlert error={error} />
      <TextField
        label={t('assessments:form.name')}
        required
        validationMessage={fieldError(error, 'name')}
        value={name}
        onChange={setName}
      />
      <TextareaField
        label={t('assessments:form.description')}
        value={description}
        onChange={setDescription}
      />
      <div className={styles.row}>
        <DropdownField
          label={t('assessments:form.type')}
          value={type}
          choices={['general', 'team'] as const}
          wordsOf={(value) => t(`assessments:list.types.${value}`)}
          disabled={locked}
          onChange={(next) => {
            setType(next);
            if (next === 'team') setRules(['self', 'teammates']);
          }}
        />
        <DateTimeField
          label={t('assessments:form.due')}
          validationMessage={fieldError(error, 'expired_at')}
          value={due}
          onChange={setDue}
        />
        <Field
          label={t('assessments:form.threshold')}
          hint={t(
            locked ? 'assessments:form.threshold_up_only' : 'assessments:form.threshold_hint',
          )}
          validationMessage={fieldError(error, 'anonymity_threshold')}
        >
          <SpinButton
            value={threshold}
            min={locked ? initial.threshold : MIN_ANONYMITY_THRESHOLD}
            max={MAX_ANONYMITY_THRESHOLD}
            onChange={(_, d) => {
              const value = d.value ?? Number(d.displayValue);
              if (Number.isFinite(value)) setThreshold(value as number);
            }}
          />
        </Field>
      </div>
      <Field
        validationMessage={
          !locked && started && !initial.named ? t('assessments:form.named_locked') : undefined
        }
        validationState="none"
      >
        <Switch
          checked={named}
          disabled={locked || (started && !initial.named)}
          onChange={(_, d) => setNamed(d.checked)}
          label={t('assessments:form.named')}
        />
      </Field>
      <div role="group" aria-labelledby={whoId} className={styles.rules}>
        <Label id={whoId} weight="semibold">
          {t('assessments:form.who')}
        </Label>
        <Text size={200}>
          {t(
            locked
              ? 'assessments:form.who_locked'
              : named
                ? 'assessments:form.who_named_note'
                : 'assessments:form.who_anonymous_note',
          )}
        </Text>
        {RULES.map((rule) => (
          <Checkbox
            key={rule}
            checked={rules.includes(rule)}
            disabled={locked}
            label={t(`assessments:form.rules.${rule}`)}
            onChange={(_, d) =>
              setRules(d.checked ? [...rules, rule] : rules.filter((r) => r !== rule))
            }
          />
        ))}
      </div>
      {rules.includes('reviewer') && !locked && (
        <PeoplePicker
          label={t('assessments:form.reviewer')}
          people={raters}
          selected={reviewer}
          onChange={(ids) => setReviewer(ids.slice(-1))}
        />
      )}
      <Text weight="semibold">{t('assessments:form.questions')}</Text>
      {editing && started && !locked && (
        <Text size={200}>{t('assessments:form.questions_reset_drafts')}</Text>
      )}
      {shown.map((q, i) => (
        <fieldset
          key={i}
          className={styles.question}
          aria-label={t('assessments:form.question_title', { n: i + 1 })}
          disabled={locked}
        >
          <div className={styles.head}>
            <Text weight="semibold">{t('assessments:form.question_title', { n: i + 1 })}</Text>
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('assessments:form.remove_question', { n: i + 1 })}
              disabled={locked || shown.length <= 1}
              onClick={() => setQuestions(shown.filter((_, j) => j !== i))}
            />
          </div>
          <TextField
            label={t('assessments:form.name')}
            required
            validationMessage={fieldError(error, `questions.${i}`)}
            value={q.title}
            disabled={locked}
            onChange={(title) => update(i, { title })}
          />
          <div className={styles.row}>
            <DropdownField
              label={t('assessments:form.kind')}
              value={q.kind}
              choices={QUESTION_KINDS}
              wordsOf={(kind) => t(`assessments:kinds.${kind}`)}
              disabled={locked}
              onChange={(kind) => update(i, { kind })}
            />
            <Checkbox
              checked={q.required}
              disabled={locked}
              label={t('assessments:form.required')}
              onChange={(_, d) => update(i, { required: Boolean(d.checked) })}
            />
          </div>
          {q.kind === 'rating' && (
            <div className={styles.row}>
              <Field label={t('assessments:form.scale')}>
                <SpinButton
                  value={q.scale}
                  min={2}
                  max={10}
                  disabled={locked}
                  onChange={(_, d) => {
                    const value = d.value ?? Number(d.displayValue);
                    if (Number.isFinite(value)) update(i, { scale: value as number });
                  }}
                />
              </Field>
              <TextField
                label={t('assessments:form.labels')}
                value={q.labels}
                disabled={locked}
                onChange={(labels) => update(i, { labels })}
              />
            </div>
          )}
          {q.kind === 'choice' && (
            <TextareaField
              label={t('assessments:form.choices')}
              value={q.choices}
              disabled={locked}
              onChange={(choices) => update(i, { choices })}
            />
          )}
        </fieldset>
      ))}
      {!locked && (
        <Button icon={<AddRegular />} onClick={() => setQuestions([...shown, emptyQuestion()])}>
          {t('assessments:form.add_question')}
        </Button>
      )}
    </FormDialog>
  );
}
