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
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment, Task } from '@contracts/tasks';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { tasksApi } from '../api';
import { useTaskMutation } from '../hooks';
import { PersonName, WorkStatusBadge } from './TaskBits';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export function unitName(unit: Assignment) {
  return unit.user ? <PersonName person={unit.user} /> : <Text>{unit.team?.name}</Text>;
}

function ReturnDialog({
  task,
  unit,
  onClose,
}: {
  task: Task;
  unit: Assignment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [comment, setComment] = useState(unit.comment ?? '');
  const giveBack = useTaskMutation(() =>
    tasksApi.act(task.kind, task.id, 'open-by-reviewer', {
      assignment_id: unit.id,
      comment: comment.trim() || undefined,
    }),
  );
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            giveBack.mutate(undefined, { onSuccess: onClose });
          }}
        >
          <DialogBody>
            <DialogTitle>{t('tasks:review.return_title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <FormAlert error={(giveBack.error as ApiError | null) ?? null} />
              <Field label={t('tasks:review.comment')} hint={t('tasks:review.comment_hint')}>
                <Textarea
                  value={comment}
                  onChange={(_, data) => setComment(data.value)}
                  resize="vertical"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('tasks:actions.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={giveBack.isPending}>
                {t('tasks:review.return')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** Reviewers' view of every unit's work: accept it, or return it with a comment. */
export function ReviewPanel({ task }: { task: Task }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [returning, setReturning] = useState<Assignment | null>(null);
  const accept = useTaskMutation((unit: Assignment) =>
    tasksApi.act(task.kind, task.id, 'close-by-reviewer', { assignment_id: unit.id }),
  );
  const remind = useTaskMutation((userId: number) => tasksApi.remind(task.kind, task.id, userId));
  const live = task.status !== 'archived';
  return (
    <>
      <FormAlert
        error={(accept.error as ApiError | null) ?? (remind.error as ApiError | null) ?? null}
      />
      <Table aria-label={t('tasks:review.title')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('tasks:fields.assignee')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.status')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.number_of_returned')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.feedback')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {task.assignments.map((unit) => {
            const handedIn = unit.status === 'submitted' || unit.status === 'resubmitted';
            const pending = unit.status === 'todo' || unit.status === 'returned';
            return (
              <TableRow key={unit.id}>
                <TableCell>{unitName(unit)}</TableCell>
                <TableCell>
                  <WorkStatusBadge status={unit.status} />
                </TableCell>
                <TableCell>{unit.number_of_returned}</TableCell>
                <TableCell>{unit.comment ?? '—'}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    {live && task.permissions.review && handedIn && (
                      <Button size="small" appearance="primary" onClick={() => accept.mutate(unit)}>
                        {t('tasks:review.accept')}
                      </Button>
                    )}
                    {live && task.permissions.review && (handedIn || unit.status === 'closed') && (
                      <Button size="small" onClick={() => setReturning(unit)}>
                        {t('tasks:review.return')}
                      </Button>
                    )}
                    {task.status === 'open' && pending && unit.user && (
                      <Button
                        size="small"
                        appearance="subtle"
                        onClick={() => remind.mutate(unit.user!.id)}
                      >
                        {t('tasks:actions.remind')}
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {returning && (
        <ReturnDialog task={task} unit={returning} onClose={() => setReturning(null)} />
      )}
    </>
  );
}
