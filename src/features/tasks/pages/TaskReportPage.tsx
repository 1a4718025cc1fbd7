import { Button, makeStyles, ProgressBar, Text, Title2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { PlainTable } from '@/components/PlainTable';
import { RouterLink } from '@/components/RouterLink';
import { formatDateTime } from '@/lib/format';
import { apiErrorOf, type ApiError } from '@/lib/http';
import { tasksApi } from '../api';
import { taskLink, useRoutedTask, useTaskMutation, useTaskPart } from '../hooks';
import { PersonName, useTaskPageStyles, WorkStatusBadge } from '../components/TaskBits';
import { Busy } from '@/components/Busy';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  summary: {
    ...column,
    gap: tokens.spacingVerticalXS,
    maxWidth: '420px',
  },
});

/** tasks/:id/report and its subtask twin: every assigned person and their work (spec 5). */
export default function TaskReportPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const page = useTaskPageStyles();
  const { kind, id, task } = useRoutedTask();
  const report = useTaskPart(kind, id, 'report', tasksApi.report);
  const remind = useTaskMutation((userId?: number) => tasksApi.remind(kind, id, userId));
  if (report.isPending || task.isPending) return <Busy />;
  if (report.isError || task.isError) {
    const error = apiErrorOf(report.error ?? task.error);
    return <EmptyState title={error.messages[0] ?? t('tasks:report.forbidden')} />;
  }
  const open = task.data.status === 'open';
  return (
    <div className={page.root}>
      <div className={page.header}>
        <Title2 as="h1" className={page.grow}>
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
      <PlainTable
        label={t('tasks:report.people')}
        items={report.data.people}
        rowKey={(row) => `${row.assignment_id}-${row.user.id}`}
        columns={[
          {
            id: 'assignee',
            label: t('tasks:fields.assignee'),
            render: (row) => <PersonName person={row.user} />,
          },
          { id: 'team', label: t('tasks:fields.team'), render: (row) => row.team?.name ?? '—' },
          {
            id: 'status',
            label: t('tasks:fields.status'),
            render: (row) => <WorkStatusBadge status={row.status} />,
          },
          {
            id: 'submitted',
            label: t('tasks:fields.submitted_at'),
            render: (row) => (row.submitted_at ? formatDateTime(row.submitted_at) : '—'),
          },
          {
            id: 'returned',
            label: t('tasks:fields.number_of_returned'),
            render: (row) => row.number_of_returned,
          },
          {
            id: 'actions',
            label: t('tasks:fields.actions'),
            render: (row) =>
              open &&
              (row.status === 'todo' || row.status === 'returned') && (
                <Button size="small" appearance="subtle" onClick={() => remind.mutate(row.user.id)}>
                  {t('tasks:actions.remind')}
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
