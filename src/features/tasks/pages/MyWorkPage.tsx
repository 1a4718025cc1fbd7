import { makeStyles, Switch, Text, Title2, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceId } from '../hooks';
import { TodoList } from '../components/TodoList';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM },
  header: { ...wrappingRow, justifyContent: 'space-between' },
});

/**
 * Everything waiting for the caller, across workspaces or in this one (2.6 my-work, issue 28):
 * work to hand in or review, 360s to answer and check-ins, due soonest first.
 */
export default function MyWorkPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const [onlyHere, setOnlyHere] = useState(false);
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
      <Text>{t('tasks:todo.intro_all')}</Text>
      <TodoList workspaceId={onlyHere ? workspaceId : undefined} />
    </div>
  );
}
