import {
  Button,
  makeStyles,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { RouterLink } from '@/components/RouterLink';
import { formatDateTime } from '@/lib/format';
import { apiErrorOf, type ApiError } from '@/lib/http';
import { tasksApi } from '../api';
import { taskKeys } from '../keys';
import { taskLink, useTask, useTaskMutation, useTaskRoute } from '../hooks';
import { PersonName, WorkStatusBadge } from '../components/TaskBits';
import { Busy } from '@/components/Busy';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  grow: { flexGrow: 1 },
  summary: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxWidth: '420px',
  },
});

/** tasks/:id/report and its subtask twin: every assigned person and their work (spec 5). */
export default function TaskReportPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { kind, id } = useTaskRoute();
  const task = useTask(kind, id);
  const report = useQuery({
    queryKey: taskKeys.part(id, 'report'),
    queryFn: () => tasksApi.report(kind, id),
  });
  const remind = useTaskMutation((userId?: number) => tasksApi.remind(kind, id, userId));
  if (report.isPending || task.isPending) return <Busy />;
  if (report.isError || task.isError) {
    const error = apiErrorOf(report.error ?? task.error);
    return <EmptyState title={error.messages[0] ?? t('tasks:report.forbidden')} />;
  }
  const open = task.data.status === 'open';
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Title2 as="h1" className={styles.grow}>
          {t('tasks:report.title', { name: task.data.name })}
        </Title2>
        <RouterLink to={taskLink(task.data.workspace_id, task.data)}>
          {t('tasks:report.back')}
        </RouterLink>
        {open && (
          <Button onClick={() => remind.mutate(undefined)}>{t('tasks:actions.remind_all')}</Button>
        )}
      </div>
      <div className={styles.summary}>
        <Text>{t('tasks:report.submitted', { percent: report.data.submitted_percentage })}</Text>
        <ProgressBar
          value={report.data.submitted_percentage / 100}
          thickness="large"
          aria-label={t('tasks:fields.submitted_percentage')}
        />
      </div>
      <FormAlert error={(remind.error as ApiError | null) ?? null} />
      <Table aria-label={t('tasks:report.people')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('tasks:fields.assignee')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.team')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.status')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.submitted_at')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.number_of_returned')}</TableHeaderCell>
            <TableHeaderCell>{t('tasks:fields.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.data.people.map((row) => (
            <TableRow key={`${row.assignment_id}-${row.user.id}`}>
              <TableCell>
                <PersonName person={row.user} />
              </TableCell>
              <TableCell>{row.team?.name ?? '—'}</TableCell>
              <TableCell>
                <WorkStatusBadge status={row.status} />
              </TableCell>
              <TableCell>{row.submitted_at ? formatDateTime(row.submitted_at) : '—'}</TableCell>
              <TableCell>{row.number_of_returned}</TableCell>
              <TableCell>
                {open && (row.status === 'todo' || row.status === 'returned') && (
                  <Button
                    size="small"
                    appearance="subtle"
                    onClick={() => remind.mutate(row.user.id)}
                  >
                    {t('tasks:actions.remind')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
