import {
  Card,
  CardHeader,
  makeStyles,
  Text,
  tokens,
  Tree,
  TreeItem,
  TreeItemLayout,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CheckInStatus, Objective, ObjectiveTreeNode } from '@contracts/okrs';
import { Board } from '@/components/Board';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import { formatDate } from '@/lib/format';
import { okrsApi } from '../api';
import { okrKeys } from '../keys';
import {
  CheckInStatusBadge,
  objectiveLink,
  Progress,
  statusKey,
  useStatusReason,
} from './ObjectiveBits';
import { Busy } from '@/components/Busy';
import { wrappingRow, tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  grid: {
    ...tileGrid('260px'),
    gap: tokens.spacingHorizontalM,
  },
  card: { gap: tokens.spacingVerticalS },
  row: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  treeRow: { ...wrappingRow, gap: tokens.spacingHorizontalS, minWidth: 0 },
  treeProgress: { width: '140px' },
});

const owners = (objective: Objective) =>
  objective.owners.length ? objective.owners.map((p) => p.name).join(', ') : '—';

const period = (objective: Objective) =>
  objective.started_at || objective.ended_at
    ? `${objective.started_at ? formatDate(objective.started_at) : '…'} – ${
        objective.ended_at ? formatDate(objective.ended_at) : '…'
      }`
    : '—';

/** The objective columns of the data table (spec 2.11: objective and key result counts, status). */
function useObjectiveColumns(): DataTableColumn<Objective>[] {
  const { t } = useTranslation();
  const reasonOf = useStatusReason();
  return [
    {
      id: 'name',
      label: t('okrs:fields.name'),
      alwaysShown: true,
      minWidth: '200px',
      render: (o) => <RouterLink to={objectiveLink(o.workspace_id, o.id)}>{o.name}</RouterLink>,
    },
    {
      id: 'status',
      label: t('okrs:fields.status'),
      render: (o) => (
        <CheckInStatusBadge
          status={o.derived_status}
          reason={reasonOf(o.derived_status, o.key_results)}
        />
      ),
    },
    {
      id: 'progress',
      label: t('okrs:fields.progress'),
      minWidth: '160px',
      render: (o) => (
        <Progress value={o.progress} label={t('okrs:progress_of', { name: o.name })} />
      ),
    },
    {
      id: 'key_result_count',
      label: t('okrs:fields.key_result_count'),
      render: (o) => o.key_result_count,
    },
    {
      id: 'objective_count',
      label: t('okrs:fields.objective_count'),
      render: (o) => o.aligned_children.length,
    },
    { id: 'assignee', label: t('okrs:fields.owners'), render: owners },
    { id: 'period', label: t('okrs:fields.period'), render: period },
    {
      id: 'position',
      label: t('okrs:fields.org_position'),
      defaultHidden: true,
      render: (o) => o.org_position?.name ?? '—',
    },
    {
      id: 'created_by',
      label: t('okrs:fields.created_by'),
      defaultHidden: true,
      render: (o) => o.created_by?.name ?? '—',
    },
  ];
}

export function ObjectiveTable({ objectives }: { objectives: Objective[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DataTable
      tableId="objectives"
      label={t('okrs:page.title')}
      items={objectives}
      columns={useObjectiveColumns()}
      getRowId={(o) => o.id}
      onRowClick={(o) => navigate(objectiveLink(o.workspace_id, o.id))}
      isDimmed={(o) => o.created_by?.is_shadow ?? false}
      emptyText={t('okrs:page.empty')}
    />
  );
}

function ObjectiveCard({ objective }: { objective: Objective }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const reason = useStatusReason()(objective.derived_status, objective.key_results);
  return (
    <Card className={styles.card} data-objective={objective.id}>
      <CardHeader
        header={
          <RouterLink to={objectiveLink(objective.workspace_id, objective.id)}>
            {objective.name}
          </RouterLink>
        }
      />
      <Progress
        value={objective.progress}
        label={t('okrs:progress_of', { name: objective.name })}
      />
      <div className={styles.row}>
        <CheckInStatusBadge status={objective.derived_status} reason={reason} />
        <Text size={200} className={styles.muted}>
          {t('okrs:key_result_count', { count: objective.key_result_count })}
        </Text>
      </div>
      <Text size={200} className={styles.muted}>
        {reason}
      </Text>
      <Text size={200} className={styles.muted}>
        {owners(objective)}
      </Text>
    </Card>
  );
}

export function ObjectiveGrid({ objectives }: { objectives: Objective[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (objectives.length === 0) return <Text className={styles.muted}>{t('okrs:page.empty')}</Text>;
  return (
    <div className={styles.grid}>
      {objectives.map((o) => (
        <ObjectiveCard key={o.id} objective={o} />
      ))}
    </div>
  );
}

const BOARD: (CheckInStatus | null)[] = ['on trace', 'at risk', 'has issue', null];

/** Columns by the derived status of spec 4 (board views show objectives by status). */
export function ObjectiveBoard({ objectives }: { objectives: Objective[] }) {
  const { t } = useTranslation();
  return (
    <Board
      columns={BOARD.map((status) => ({
        id: status ?? 'none',
        label: t(`okrs:status.${status ? statusKey(status) : 'none'}`),
        items: objectives.filter((o) => o.derived_status === status),
      }))}
      keyOf={(o) => o.id}
      renderCard={(o) => <ObjectiveCard objective={o} />}
      countAs="text"
    />
  );
}

function TreeNode({ node, workspaceId }: { node: ObjectiveTreeNode; workspaceId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const leaf = node.children.length === 0;
  return (
    <TreeItem itemType={leaf ? 'leaf' : 'branch'} value={`objective-${node.id}`}>
      <TreeItemLayout>
        <span className={styles.treeRow}>
          <RouterLink to={objectiveLink(workspaceId, node.id)}>{node.name}</RouterLink>
          <span className={styles.treeProgress}>
            <Progress value={node.progress} label={t('okrs:progress_of', { name: node.name })} />
          </span>
          <CheckInStatusBadge status={node.derived_status} />
          {node.alignment && (
            <Text size={200} className={styles.muted}>
              {node.alignment.via_key_result
                ? t('okrs:tree.via_key_result', {
                    name: node.alignment.via_key_result.name,
                    weight: node.alignment.weight,
                  })
                : t('okrs:tree.weight', { weight: node.alignment.weight })}
            </Text>
          )}
        </span>
      </TreeItemLayout>
      {!leaf && (
        <Tree>
          {node.children.map((child) => (
            <TreeNode
              key={`${child.id}-${child.alignment?.id}`}
              node={child}
              workspaceId={workspaceId}
            />
          ))}
        </Tree>
      )}
    </TreeItem>
  );
}

/** The alignment tree of the workspace's open and closed objectives, progress rolled up. */
export function ObjectiveTree({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: okrKeys.tree(workspaceId),
    queryFn: () => okrsApi.tree(workspaceId),
  });
  if (tree.isError) return <EmptyState title={t('okrs:page.error')} />;
  if (!tree.data) return <Busy />;
  if (tree.data.nodes.length === 0) return <Text>{t('okrs:page.empty')}</Text>;
  return (
    <Tree aria-label={t('okrs:tree.label')} defaultOpenItems={allIds(tree.data.nodes)}>
      {tree.data.nodes.map((node) => (
        <TreeNode key={node.id} node={node} workspaceId={workspaceId} />
      ))}
    </Tree>
  );
}

const allIds = (nodes: ObjectiveTreeNode[]): string[] =>
  nodes.flatMap((n) => [`objective-${n.id}`, ...allIds(n.children)]);
