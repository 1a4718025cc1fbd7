import { Button, Field, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment, Task } from '@contracts/tasks';
import { DataTable } from '@/components/DataTable';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { tasksApi } from '../api';
import { useTaskMutation } from '../hooks';
import { PersonName, WorkStatusBadge } from './TaskBits';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  form: { ...column, gap: tokens.spacingVerticalM },
});

export function unitName(unit: Assignment) {
  return unit.user ? <PersonName person={unit.user} /> : <Text>{unit.team?.name}</Text>;
}

type Verdict = 'accept' | 'return';

/** Accepting or returning one unit's work, with a note for its people (optional to accept). */
function VerdictDialog({
  task,
  unit,
  verdict,
  onClose,
}: {
  task: Task;
  unit: Assignment;
  verdict: Verdict;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [comment, setComment] = useState(verdict === 'return' ? (unit.comment ?? '') : '');
  const decide = useTaskMutation(() =>
    tasksApi.review(
      task.kind,
      task.id,
      verdict === 'accept' ? 'close-by-reviewer' : 'open-by-reviewer',
      { assignment_id: unit.id, comment: comment.trim() || undefined },
    ),
  );
  return (
    <FormDialog
      title={verdict === 'accept' ? t('tasks:review.accept_title') : t('tasks:review.return_title')}
      onSubmit={() => decide.mutate(undefined, { onSuccess: onClose })}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={verdict === 'accept' ? t('tasks:review.accept') : t('tasks:review.return')}
      submitDisabled={decide.isPending}
    >
      <FormAlert error={(decide.error as ApiError | null) ?? null} />
      <Field
        label={t('tasks:review.comment')}
        hint={
          verdict === 'accept'
            ? t('tasks:review.accept_comment_hint')
            : t('tasks:review.comment_hint')
        }
      >
        <Textarea
          value={comment}
          onChange={(_, data) => setComment(data.value)}
          resize="vertical"
        />
      </Field>
    </FormDialog>
  );
}

/** Reviewers' view of every unit's work: accept it, or return it with a comment. */
export function ReviewPanel({ task }: { task: Task }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [deciding, setDeciding] = useState<{ unit: Assignment; verdict: Verdict } | null>(null);
  const remind = useTaskMutation((userId: number) => tasksApi.remind(task.kind, task.id, userId));
  const live = task.status !== 'archived';
  return (
    <>
      <FormAlert error={(remind.error as ApiError | null) ?? null} />
      <DataTable
        tableId="task-review"
        label={t('tasks:review.title')}
        items={task.assignments}
        getRowId={(unit) => unit.id}
        columns={[
          {
            id: 'assignee',
            label: t('tasks:fields.assignee'),
            alwaysShown: true,
            render: (unit) => unitName(unit),
          },
          {
            id: 'status',
            label: t('tasks:fields.status'),
            render: (unit) => <WorkStatusBadge status={unit.status} />,
          },
          {
            id: 'returned',
            label: t('tasks:fields.number_of_returned'),
            render: (unit) => unit.number_of_returned,
          },
          {
            id: 'feedback',
            label: t('tasks:fields.feedback'),
            render: (unit) => unit.comment ?? '—',
          },
          {
            id: 'actions',
            label: t('tasks:fields.actions'),
            alwaysShown: true,
            render: (unit) => {
              const handedIn = unit.status === 'submitted' || unit.status === 'resubmitted';
              const pending = unit.status === 'todo' || unit.status === 'returned';
              // Nobody reviews their own work: another reviewer accepts or returns it.
              const reviews = live && task.permissions.review && !unit.is_mine;
              if (
                unit.is_mine &&
                live &&
                task.permissions.review &&
                (handedIn || unit.status === 'closed')
              ) {
                return <Text size={200}>{t('tasks:review.own_work')}</Text>;
              }
              return (
                <div className={styles.actions}>
                  {reviews && handedIn && (
                    <Button
                      size="small"
                      appearance="primary"
                      onClick={() => setDeciding({ unit, verdict: 'accept' })}
                    >
                      {t('tasks:review.accept')}
                    </Button>
                  )}
                  {reviews && (handedIn || unit.status === 'closed') && (
                    <Button size="small" onClick={() => setDeciding({ unit, verdict: 'return' })}>
                      {t('tasks:review.return')}
                    </Button>
                  )}
                  {task.status === 'open' && pending && unit.user && !unit.is_mine && (
                    <Button
                      size="small"
                      appearance="subtle"
                      onClick={() => remind.mutate(unit.user!.id)}
                    >
                      {t('tasks:actions.remind')}
                    </Button>
                  )}
                </div>
              );
            },
          },
        ]}
      />
      {deciding && (
        <VerdictDialog
          task={task}
          unit={deciding.unit}
          verdict={deciding.verdict}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}
