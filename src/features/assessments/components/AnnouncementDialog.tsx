import { Button, Field, Radio, RadioGroup, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { assessmentsApi, type Announcement } from '../api';
import { useAssessmentMutation } from '../hooks';
import { SimpleDialog } from '@/components/SimpleDialog';
import { useAssessmentDialogStyles } from './dialog-styles';

type Value = { rating?: number | null; choice?: string | null; text?: string | null };

/**
 * The dialog of one announcement (spec 7.21), shown by `AnnouncementGate` when the caller has
 * one unanswered. Answering removes its reminder; "Later" hides it until the next visit.
 */
export function AnnouncementDialog({
  announcement: current,
  onLater,
}: {
  announcement: Announcement;
  onLater: () => void;
}) {
  const { t } = useTranslation();
  const styles = useAssessmentDialogStyles();
  const [values, setValues] = useState<Record<number, Value>>({});
  const answer = useAssessmentMutation(() =>
    assessmentsApi.answerAnnouncement(
      current.id,
      Object.entries(values).map(([id, v]) => ({ question_id: Number(id), ...v })),
    ),
  );
  const error = (answer.error as ApiError | null) ?? null;
  return (
    <SimpleDialog
      modalType="alert"
      title={`${t('assessments:announcement.title')}: ${current.name}`}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      actions={
        <>
          <Button onClick={onLater}>{t('assessments:announcement.later')}</Button>
          <Button
            appearance="primary"
            disabled={answer.isPending}
            onClick={() => answer.mutate(undefined, { onSuccess: () => setValues({}) })}
          >
            {t('assessments:announcement.send')}
          </Button>
        </>
      }
    >
      {current.description && <Text>{current.description}</Text>}
      <FormAlert error={error} />
      {current.questions.map((q) => (
        <Field key={q.id} label={q.title} required={q.required}>
          {q.kind === 'text' ? (
            <Textarea
              value={values[q.id]?.text ?? ''}
              onChange={(_, d) => setValues({ ...values, [q.id]: { text: d.value } })}
            />
          ) : (
            <RadioGroup
              layout={q.kind === 'rating' ? 'horizontal' : 'vertical'}
              value={String(
                (q.kind === 'rating' ? values[q.id]?.rating : values[q.id]?.choice) ?? '',
              )}
              onChange={(_, d) =>
                setValues({
                  ...values,
                  [q.id]: q.kind === 'rating' ? { rating: Number(d.value) } : { choice: d.value },
                })
              }
            >
              {(q.kind === 'rating'
                ? Array.from({ length: q.options.scale ?? 5 }, (_, i) => String(i + 1))
                : (q.options.choices ?? [])
              ).map((v) => (
                <Radio key={v} value={v} label={v} />
              ))}
            </RadioGroup>
          )}
        </Field>
      ))}
    </SimpleDialog>
  );
}
