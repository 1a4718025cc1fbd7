import { makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';
import { useWorkspaceId } from '../hooks';
import { TodoList } from '../components/TodoList';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/**
 * What the caller has to do in this workspace (spec 2.6 tasks-assessments, issue 28): work to
 * hand in or review, 360s to answer and check-ins, with their due dates (or none), and the way
 * to the full task and assessment lists.
 */
export default function TasksAssessmentsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const base = `/workspaces/${workspaceId}`;
  return (
    <div className={styles.root}>
      <Title2 as="h1">{t('tasks:deadlines.title')}</Title2>
      <Text>{t('tasks:todo.intro_workspace')}</Text>
      <nav className={styles.links} aria-label={t('tasks:deadlines.lists')}>
        <RouterLink to={`${base}/tasks`}>{t('tasks:deadlines.all_tasks')}</RouterLink>
        <RouterLink to={`${base}/assessments`}>{t('tasks:deadlines.all_assessments')}</RouterLink>
      </nav>
      <TodoList workspaceId={workspaceId} />
    </div>
  );
}
