import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  SpinButton,
  Switch,
  Textarea,
  Text,
  tokens,
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
  type QuestionInput,
  type QuestionKind,
} from '@contracts/assessments';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { PeoplePicker } from '@/components/PeoplePicker';
import type { ApiError } from '@/lib/http';
import { assessmentKeys, assessmentsApi } from '../api';
import { useAssessmentMutation } from '../hooks';

const useStyles = makeStyles({
  // Never the whole window on a phone: the page shows around the dialog.
  surface: { maxHeight: '86dvh', overflowY: 'auto' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  question: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'end' },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  rules: { display: 'flex', flexDirection: 'column' },
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

/** Create or edit an assessment: details, anonymity, who assesses whom, and the questions. */
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
  const editing = assessment !== undefined;
  const [name, setName] = useState(assessment?.name ?? '');
  const [description, setDescription] = useState(assessment?.description ?? '');
  const [type, setType] = useState<'general' | 'team'>(assessment?.type ?? 'general');
  const [due, setDue] = useState(localInput(assessment?.expired_at ?? null));
  const [threshold, setThreshold] = useState(assessment?.anonymity_threshold ?? 3);
  const [named, setNamed] = useState(assessment?.named ?? false);
  const [rules, setRules] = useState<string[]>(['self']);
  const [reviewer, setReviewer] = useState<number[]>([]);
  const members = useQuery({
    queryKey: assessmentKeys.members(workspaceId),
    queryFn: () => assessmentsApi.members(workspaceId),
    enabled: !editing,
  });
  const existing = useQuery({
    queryKey: assessmentKeys.questions(assessment?.id ?? 0),
    queryFn: () => assessmentsApi.questionsWithoutAnswers(assessment!.id),
    enabled: editing,
  });
  const [questions, setQuestions] = useState<Draft[] | null>(editing ? null : [emptyQuestion()]);
  const shown: Draft[] =
    questions ??
    (existing.data ?? []).map((q) => ({
      kind: q.kind,
      title: q.title,
      required: q.required,
      scale: q.options.scale ?? 5,
      labels: (q.options.labels ?? []).join(', '),
      choices: (q.options.choices ?? []).join('\n'),
    }));
  const update = (i: number, patch: Partial<Draft>) =>
    setQuestions(shown.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  const save = useAssessmentMutation(async () => {
    const expired = due ? new Date(due).toISOString() : null;
    if (editing) {
      return assessmentsApi.update(assessment.id, {
        workspace_id: workspaceId,
        name,
        description: description || null,
        expired_at: expired,
        anonymity_threshold: threshold,
        ...(questions ? { questions: questions.map(toInput) } : {}),
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
      who: {
        rules: rules as ('self' | 'teammates' | 'reviewer' | 'everyone')[],
        ...(reviewer[0] ? { reviewer_id: reviewer[0] } : {}),
      },
    });
  });
  const error = (save.error as ApiError | null) ?? null;

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(undefined, { onSuccess: onClose });
          }}
        >
          <DialogBody>
            <DialogTitle>
              {t(editing ? 'assessments:form.edit_title' : 'assessments:form.create_title')}
            </DialogTitle>
            <DialogContent className={styles.form}>
              <FormAlert error={error} />
              <Field
                label={t('assessments:form.name')}
                required
                validationMessage={fieldError(error, 'name')}
              >
                <Input value={name} onChange={(_, d) => setName(d.value)} />
              </Field>
              <Field label={t('assessments:form.description')}>
                <Textarea value={description} onChange={(_, d) => setDescription(d.value)} />
              </Field>
              <div className={styles.row}>
                {!editing && (
                  <Field label={t('assessments:form.type')}>
                    <Dropdown
                      value={t(`assessments:list.types.${type}`)}
                      selectedOptions={[type]}
                      onOptionSelect={(_, d) => {
                        const next = d.optionValue as 'general' | 'team';
                        setType(next);
                        if (next === 'team') setRules(['self', 'teammates']);
                      }}
                    >
                      {(['general', 'team'] as const).map((value) => (
                        <Option key={value} value={value}>
                          {t(`assessments:list.types.${value}`)}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                )}
                <Field
                  label={t('assessments:form.due')}
                  validationMessage={fieldError(error, 'expired_at')}
                >
                  <Input type="datetime-local" value={due} onChange={(_, d) => setDue(d.value)} />
                </Field>
                <Field
                  label={t('assessments:form.threshold')}
                  hint={t('assessments:form.threshold_hint')}
                  validationMessage={fieldError(error, 'anonymity_threshold')}
                >
                  <SpinButton
                    value={threshold}
                    min={MIN_ANONYMITY_THRESHOLD}
                    max={MAX_ANONYMITY_THRESHOLD}
                    onChange={(_, d) => {
                      const value = d.value ?? Number(d.displayValue);
                      if (Number.isFinite(value)) setThreshold(value as number);
                    }}
                  />
                </Field>
              </div>
              {!editing && (
                <>
                  <Switch
                    checked={named}
                    onChange={(_, d) => setNamed(d.checked)}
                    label={t('assessments:form.named')}
                  />
                  <Field label={t('assessments:form.who')}>
                    <div className={styles.rules}>
                      {RULES.map((rule) => (
                        <Checkbox
                          key={rule}
                          checked={rules.includes(rule)}
                          label={t(`assessments:form.rules.${rule}`)}
                          onChange={(_, d) =>
                            setRules(d.checked ? [...rules, rule] : rules.filter((r) => r !== rule))
                          }
                        />
                      ))}
                    </div>
                  </Field>
                  {rules.includes('reviewer') && (
                    <PeoplePicker
                      label={t('assessments:form.reviewer')}
                      people={(members.data ?? []).filter(
                        (m) => m.role !== 'viewer' && m.role !== 'deactive',
                      )}
                      selected={reviewer}
                      onChange={(ids) => setReviewer(ids.slice(-1))}
                      error={fieldError(error, 'who')}
                    />
                  )}
                </>
              )}
              <Text weight="semibold">{t('assessments:form.questions')}</Text>
              {editing && assessment.percentage > 0 && (
                <Text size={200}>{t('assessments:form.questions_locked')}</Text>
              )}
              {shown.map((q, i) => (
                <fieldset
                  key={i}
                  className={styles.question}
                  aria-label={t('assessments:form.question_title', { n: i + 1 })}
                >
                  <div className={styles.head}>
                    <Text weight="semibold">
                      {t('assessments:form.question_title', { n: i + 1 })}
                    </Text>
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={t('assessments:form.remove_question', { n: i + 1 })}
                      disabled={shown.length <= 1}
                      onClick={() => setQuestions(shown.filter((_, j) => j !== i))}
                    />
                  </div>
                  <Field
                    label={t('assessments:form.name')}
                    required
                    validationMessage={fieldError(error, `questions.${i}`)}
                  >
                    <Input value={q.title} onChange={(_, d) => update(i, { title: d.value })} />
                  </Field>
                  <div className={styles.row}>
                    <Field label={t('assessments:form.kind')}>
                      <Dropdown
                        value={t(`assessments:kinds.${q.kind}`)}
                        selectedOptions={[q.kind]}
                        onOptionSelect={(_, d) =>
                          update(i, { kind: d.optionValue as QuestionKind })
                        }
                      >
                        {QUESTION_KINDS.map((kind) => (
                          <Option key={kind} value={kind}>
                            {t(`assessments:kinds.${kind}`)}
                          </Option>
                        ))}
                      </Dropdown>
                    </Field>
                    <Checkbox
                      checked={q.required}
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
                          onChange={(_, d) => {
                            const value = d.value ?? Number(d.displayValue);
                            if (Number.isFinite(value)) update(i, { scale: value as number });
                          }}
                        />
                      </Field>
                      <Field label={t('assessments:form.labels')}>
                        <Input
                          value={q.labels}
                          onChange={(_, d) => update(i, { labels: d.value })}
                        />
                      </Field>
                    </div>
                  )}
                  {q.kind === 'choice' && (
                    <Field label={t('assessments:form.choices')}>
                      <Textarea
                        value={q.choices}
                        onChange={(_, d) => update(i, { choices: d.value })}
                      />
                    </Field>
                  )}
                </fieldset>
              ))}
              <Button
                icon={<AddRegular />}
                onClick={() => setQuestions([...shown, emptyQuestion()])}
              >
                {t('assessments:form.add_question')}
              </Button>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('assessments:form.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={save.isPending || !name.trim()}>
                {t('assessments:form.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
