import {
  Badge,
  Card,
  CardHeader,
  makeStyles,
  Spinner,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Deadline, Reminder } from '@contracts/tasks';
import { RouterLink } from '@/components/RouterLink';
import { formatDateTime } from '@/lib/format';
import { tasksApi, taskKeys } from '../api';
import { useWorkspaceId } from '../hooks';
import { WorkStatusBadge } from '../components/TaskBits';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  list: {
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    listStyleType: 'none',
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
  },
});

const linkOf = (item: Pick<Deadline, 'id' | 'workspace_id' | 'parent_id'>) =>
  item.parent_id
    ? `/workspaces/${item.workspace_id}/tasks/${item.parent_id}/subtasks/${item.id}/info`
    : `/workspaces/${item.workspace_id}/tasks/${item.id}/info`;

function When({ item }: { item: { expired_at: string; is_overdue: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      {item.is_overdue && (
        <Badge appearance="filled" color="danger">
          {t('tasks:status.overdue')}
        </Badge>
      )}
      <Text>{formatDateTime(item.expired_at)}</Text>
    </>
  );
}

/**
 * What is due in this workspace for the caller (spec 2.6 tasks-assessments, 7.16): unfinished
 * tasks by due date, overdue first, and the assessment reminders of the workspace.
 */
export default function TasksAssessmentsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const deadlines = useQuery({
    queryKey: taskKeys.deadlines(workspaceId),
    queryFn: () => tasksApi.deadlines(workspaceId),
  });
  const reminders = useQuery({ queryKey: taskKeys.reminders, queryFn: tasksApi.reminders });
  const assessments = (reminders.data?.assessments ?? []).filter(
    (r: Reminder) => r.workspace_id === workspaceId,
  );
  return (
    <div className={styles.root}>
      <Title2 as="h1">{t('tasks:deadlines.title')}</Title2>
      <Card>
        <CardHeader header={<Text weight="semibold">{t('tasks:deadlines.tasks')}</Text>} />
        {!deadlines.data ? (
          <Spinner />
        ) : deadlines.data.length === 0 ? (
          <Text>{t('tasks:deadlines.none')}</Text>
        ) : (
          <ul className={styles.list}>
            {deadlines.data.map((item) => (
              <li key={`${item.id}-${item.status}`} className={styles.item}>
                <RouterLink to={linkOf(item)}>{item.name}</RouterLink>
                <WorkStatusBadge status={item.status} />
                <When item={item} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <CardHeader header={<Text weight="semibold">{t('tasks:deadlines.assessments')}</Text>} />
        {assessments.length === 0 ? (
          <Text>{t('tasks:deadlines.none')}</Text>
        ) : (
          <ul className={styles.list}>
            {assessments.map((item) => (
              <li key={item.id} className={styles.item}>
                <RouterLink to={`/workspaces/${item.workspace_id}/assessments?answer=${item.id}`}>
                  {item.name}
                </RouterLink>
                <When item={item} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
