import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { loadNamespaces } from '@/lib/i18n';
import { assessmentKeys, assessmentsApi } from '../api';
import { useAssessmentMutation } from '../hooks';

const useStyles = makeStyles({
  surface: { maxHeight: '86dvh', overflowY: 'auto' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type Value = { rating?: number | null; choice?: string | null; text?: string | null };

/**
 * Announcements (spec 7.21) as a dialog on entry: the first unanswered one of the caller's
 * workspaces. Answering removes its reminder; "Later" hides it until the next visit.
 */
export function AnnouncementGate() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [dismissed, setDismissed] = useState<number[]>([]);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadNamespaces(['assessments']).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  const [values, setValues] = useState<Record<number, Value>>({});
  const reminders = useQuery({
    queryKey: assessmentKeys.announcements,
    queryFn: assessmentsApi.announcements,
    staleTime: 60_000,
  });
  const current = (reminders.data ?? []).find((a) => !dismissed.includes(a.id));
  const answer = useAssessmentMutation(() =>
    assessmentsApi.answerAnnouncement(
      current!.id,
      Object.entries(values).map(([id, v]) => ({ question_id: Number(id), ...v })),
    ),
  );
  if (!current || !ready) return null;
  const error = (answer.error as ApiError | null) ?? null;
  return (
    <Dialog open modalType="alert">
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>
            {t('assessments:announcement.title')}: {current.name}
          </DialogTitle>
          <DialogContent className={styles.content}>
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
                        [q.id]:
                          q.kind === 'rating' ? { rating: Number(d.value) } : { choice: d.value },
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
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDismissed([...dismissed, current.id])}>
              {t('assessments:announcement.later')}
            </Button>
            <Button
              appearance="primary"
              disabled={answer.isPending}
              onClick={() => answer.mutate(undefined, { onSuccess: () => setValues({}) })}
            >
              {t('assessments:announcement.send')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
