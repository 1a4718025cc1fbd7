import {
  Badge,
  Button,
  DialogActions,
  DialogContent,
  Field,
  makeStyles,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assessment, Question, QuestionsWithAnswers } from '@contracts/assessments';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { assessmentsApi } from '../api';
import { assessmentKeys } from '../keys';
import { useDiscardGuard } from '@/components/discard-guard';
import { useAssessmentMutation } from '../hooks';
import { AnswerFiles } from './AnswerFiles';
import { Busy } from '@/components/Busy';
import { DialogFrame } from '@/components/DialogFrame';
import { TextareaField } from '@/components/TextareaField';
import { useAssessmentDialogStyles } from './dialog-styles';
import { RadioField } from '@/components/RadioField';

const useStyles = makeStyles({
  people: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    flexWrap: 'wrap',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  person: { columnGap: tokens.spacingHorizontalS },
  scale: { display: 'flex', flexWrap: 'wrap' },
  // The whole width under the content (DialogBody would put it in a narrow side column at
  // desktop width), wrapping on phones.
  actions: { gridColumn: '1 / -1', justifySelf: 'end', flexWrap: 'wrap' },
});

type Value = { rating: number | null; choice: string | null; text: string | null };
type EvaluableWithAnswers = QuestionsWithAnswers['evaluables'][number];

function valuesOf(e: EvaluableWithAnswers): Record<number, Value> {
  return Object.fromEntries(
    e.answers.map((a) => [a.question_id, { rating: a.rating, choice: a.choice, text: a.text }]),
  );
}

function QuestionField({
  question,
  value,
  onChange,
  disabled,
}: {
  question: Question;
  value: Value | undefined;
  onChange: (v: Value) => void;
  disabled: boolean;
}) {
  const styles = useStyles();
  const empty: Value = { rating: null, choice: null, text: null };
  const label = question.title;
  if (question.kind === 'rating') {
    const scale = question.options.scale ?? 5;
    const labels = question.options.labels ?? [];
    return (
      <RadioField
        label={label}
        required={question.required}
        layout="horizontal"
        groupClassName={styles.scale}
        value={value?.rating ? String(value.rating) : ''}
        choices={Array.from({ length: scale }, (_, i) => i + 1)}
        wordsOf={(n) => (labels[n - 1] ? `${n} ${labels[n - 1]}` : String(n))}
        onChange={(n) => onChange({ ...empty, rating: Number(n) })}
        disabled={disabled}
      />
    );
  }
  if (question.kind === 'choice') {
    return (
      <RadioField
        label={label}
        required={question.required}
        value={value?.choice ?? ''}
        choices={question.options.choices ?? []}
        wordsOf={String}
        onChange={(choice) => onChange({ ...empty, choice })}
        disabled={disabled}
      />
    );
  }
  return (
    <TextareaField
      label={label}
      required={question.required}
      value={value?.text ?? ''}
      onChange={(text) => onChange({ ...empty, text })}
      disabled={disabled}
    />
  );
}

/**
 * The answering flow (spec 7.20): one person after another, with progress. "Save and continue
 * later" keeps a draft on the server; "Hand in" submits this person and moves to the next.
 */
export function AnswerFlowDialog({
  assessment,
  onClose,
}: {
  assessment: Assessment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const dialog = useAssessmentDialogStyles();
  const data = useQuery({
    queryKey: assessmentKeys.questions(assessment.id),
    queryFn: () => assessmentsApi.questions(assessment.id),
  });
  const [index, setIndex] = useState<number | null>(null);
  const [values, setValues] = useState<Record<number, Value>>({});
  // What the server has for the person on screen: anything else was typed and not saved.
  const [loaded, setLoaded] = useState<Record<number, Value>>({});
  const show = (e: EvaluableWithAnswers | undefined) => {
    const next = e ? valuesOf(e) : {};
    setValues(next);
    setLoaded(next);
  };
  const evaluables = data.data?.evaluables ?? [];
  const done = evaluables.filter((e) => e.status === 'submitted').length;
  // Start at the first person not handed in yet.
  useEffect(() => {
    if (index === null && data.data) {
      const first = data.data.evaluables.findIndex((e) => e.status !== 'submitted');
      const start = first === -1 ? 0 : first;
      setIndex(start);
      show(data.data.evaluables[start]);
    }
  }, [data.data, index]);
  const current = index !== null ? evaluables[index] : undefined;
  const locked = current?.status === 'submitted';
  // Answers handed in (or of a closed assessment) cannot be changed, so nothing can be lost.
  const dirty =
    !locked && assessment.status === 'open' && JSON.stringify(values) !== JSON.stringify(loaded);
  const guard = useDiscardGuard(dirty, onClose);
  const go = async (next: number) => {
    if (next === index || !(await guard.mayDiscard())) return;
    setIndex(next);
    show(evaluables[next]);
  };
  const save = useAssessmentMutation((submit: boolean) =>
    assessmentsApi.answer(assessment.id, {
      evaluable_id: current!.id,
      submit,
      answers: Object.entries(values).map(([id, v]) => ({ question_id: Number(id), ...v })),
    }),
  );
  const error = (save.error as ApiError | null) ?? null;
  const allDone = evaluables.length > 0 && done === evaluables.length;

  return (
    <DialogFrame
      guard={guard}
      title={t('assessments:answer.title', { name: assessment.name })}
      surfaceClassName={dialog.surface}
    >
      <DialogContent className={dialog.content}>
        {!data.data || index === null ? (
          <Busy />
        ) : (
          <>
            <Field
              label={t('assessments:answer.progress', { done, total: evaluables.length })}
              validationState="none"
            >
              <ProgressBar value={evaluables.length ? done / evaluables.length : 0} />
            </Field>
            <Text size={200}>
              {assessment.named
                ? t('assessments:answer.named_note')
                : t('assessments:answer.anonymous_note', {
                    n: assessment.anonymity_threshold,
                  })}
            </Text>
            <ul className={styles.people} aria-label={t('assessments:report.person')}>
              {evaluables.map((e, i) => (
                <li key={e.id}>
                  <Button
                    size="small"
                    className={styles.person}
                    appearance={i === index ? 'primary' : 'secondary'}
                    aria-current={i === index ? 'step' : undefined}
                    onClick={() => void go(i)}
                  >
                    {e.rater_group === 'self'
                      ? t('assessments:answer.about_self')
                      : e.evaluatee.name}
                    <Badge
                      size="small"
                      appearance="tint"
                      color={
                        e.status === 'submitted'
                          ? 'success'
                          : e.status === 'draft'
                            ? 'warning'
                            : 'informative'
                      }
                    >
                      {t(`assessments:answer.${e.status}`)}
                    </Badge>
                  </Button>
                </li>
              ))}
            </ul>
            {allDone && <Text weight="semibold">{t('assessments:answer.done')}</Text>}
            <FormAlert error={error} />
            {current && (
              <>
                <Text as="h3" weight="semibold" size={400}>
                  {current.rater_group === 'self'
                    ? t('assessments:answer.about_self')
                    : t('assessments:answer.about', { name: current.evaluatee.name })}
                </Text>
                {data.data.questions.map((q) => (
                  <QuestionField
                    key={q.id}
                    question={q}
                    value={values[q.id]}
                    disabled={locked || assessment.status !== 'open'}
                    onChange={(v) => setValues({ ...values, [q.id]: v })}
                  />
                ))}
                <AnswerFiles
                  key={current.id}
                  evaluableId={current.id}
                  editable={!locked && assessment.status === 'open'}
                />
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions className={styles.actions}>
        <Button onClick={() => void guard.requestClose()}>{t('assessments:answer.close')}</Button>
        {current && !locked && (
          <>
            <Button
              disabled={save.isPending}
              onClick={() => save.mutate(false, { onSuccess: onClose })}
            >
              {t('assessments:answer.save_draft')}
            </Button>
            <Button
              appearance="primary"
              disabled={save.isPending}
              onClick={() =>
                save.mutate(true, {
                  onSuccess: async () => {
                    const fresh = await data.refetch();
                    const list = fresh.data?.evaluables ?? [];
                    const next = list.findIndex((e) => e.status !== 'submitted');
                    const to = next === -1 ? index! : next;
                    setIndex(to);
                    show(list[to]);
                  },
                })
              }
            >
              {t('assessments:answer.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </DialogFrame>
  );
}
