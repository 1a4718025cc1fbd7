import { makeStyles, Spinner, Switch, Title2, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '@/components/DataTable';
import { tasksApi, taskKeys } from '../api';
import { taskLink, useWorkspaceId } from '../hooks';
import { useTaskColumns } from '../components/TaskViews';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    flexWrap: 'wrap',
  },
});

/** Everything waiting for the caller's work, across workspaces, due soonest first (2.6 my-work). */
export default function MyWorkPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const workspaceId = useWorkspaceId();
  const [onlyHere, setOnlyHere] = useState(false);
  const scope = onlyHere ? workspaceId : undefined;
  const work = useQuery({
    queryKey: taskKeys.myWork(scope),
    queryFn: () => tasksApi.myWork(scope),
  });
  const columns = useTaskColumns().filter((c) => c.id !== 'submitted_percentage');
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Title2 as="h1">{t('tasks:my_work.title')}</Title2>
        <Switch
          checked={onlyHere}
          onChange={(_, data) => setOnlyHere(data.checked)}
          label={t('tasks:my_work.only_this_workspace')}
        />
      </div>
      {work.data ? (
        <DataTable
          tableId="my-work"
          label={t('tasks:my_work.title')}
          items={work.data}
          columns={columns}
          getRowId={(task) => task.id}
          onRowClick={(task) => navigate(taskLink(task.workspace_id, task))}
          emptyText={t('tasks:my_work.empty')}
        />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
