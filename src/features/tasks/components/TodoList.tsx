import { Badge, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TODO_KINDS } from '@contracts/constants';
import type { TodoItem, TodoKind } from '@contracts/tasks';
import { FormAlert } from '@/components/FormAlert';
import { RouterLink } from '@/components/RouterLink';
import { formatDate } from '@/lib/format';
import { apiErrorOf } from '@/lib/http';
import { tasksApi } from '../api';
import { taskKeys } from '../keys';
import { WorkStatusBadge } from './TaskBits';
import { columnList, column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  groups: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  item: {
    listStyleType: 'none',
    ...column,
    gap: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none', paddingBottom: 0 },
  },
  facts: { ...wrappingRow, gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  overdue: { color: tokens.colorPaletteRedForeground1 },
  heading: { margin: 0 },
});

function Due({ item }: { item: TodoItem }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (!item.expired_at) return <Text size={200}>{t('tasks:fields.no_due_date')}</Text>;
  return (
    <>
      {item.is_overdue && (
        <Badge appearance="filled" color="danger">
          {t('tasks:status.overdue')}
        </Badge>
      )}
      <Text size={200} className={item.is_overdue ? styles.overdue : undefined}>
        {t('tasks:todo.due', { date: formatDate(item.expired_at) })}
      </Text>
    </>
  );
}

function Item({ item, showWorkspace }: { item: TodoItem; showWorkspace: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <li className={styles.item}>
      <RouterLink to={item.link}>{item.name}</RouterLink>
      <span className={styles.facts}>
        {item.status && <WorkStatusBadge status={item.status} />}
        {item.waiting !== null && (
          <Text size={200}>{t(`tasks:todo.waiting_${item.kind}`, { count: item.waiting })}</Text>
        )}
        <Due item={item} />
        {showWorkspace && <Text size={200}>· {item.workspace_name}</Text>}
      </span>
    </li>
  );
}

/**
 * Everything the caller has to do, by kind: work to hand in, work to review, 360s to answer,
 * check-ins (issue 28). Each kind is its own headed list, also when empty, so a person sees
 * where a thing would be. Due soonest first, overdue marked, undated last.
 */
export function TodoList({
  workspaceId,
  headingLevel = 2,
}: {
  /** One workspace; without it, every workspace of the caller (each item names its own). */
  workspaceId?: number;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const todo = useQuery({
    queryKey: taskKeys.todo(workspaceId),
    queryFn: () => tasksApi.todo(workspaceId),
  });
  if (todo.error) return <FormAlert error={apiErrorOf(todo.error)} />;
  if (!todo.data) return <Spinner label={t('app:loading')} />;
  const byKind = (kind: TodoKind) => todo.data.filter((item) => item.kind === kind);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.groups}>
      {TODO_KINDS.map((kind) => {
        const items = byKind(kind);
        const id = `todo-${kind}`;
        return (
          <Card key={kind} role="region" aria-labelledby={id}>
            <Text as={Heading} id={id} weight="semibold" size={400} className={styles.heading}>
              {t(`tasks:todo.kinds.${kind}`)} ({items.length})
            </Text>
            {items.length === 0 ? (
              <Text>{t(`tasks:todo.none.${kind}`)}</Text>
            ) : (
              <ul className={styles.list}>
                {items.map((item) => (
                  <Item
                    key={`${item.kind}-${item.id}`}
                    item={item}
                    showWorkspace={workspaceId === undefined}
                  />
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </div>
  );
}
