import {
  Badge,
  Card,
  CardFooter,
  CardHeader,
  makeStyles,
  Text,
  tokens,
  Tree,
  TreeItem,
  TreeItemLayout,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { WORKSPACE_TYPES, type WorkspaceType } from '@contracts/workspaces';
import { type Person } from '@contracts/people';
import { DataTable, PersonName, type DataTableColumn } from '@/components/DataTable';
import type { SectionView } from '@/components/SectionCard';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { column, tileGrid } from '@/lib/styles';

/** What every view needs of a workspace, whether it is one of ours or a public one. */
export interface WorkspaceItem {
  id: number;
  name: string;
  type: WorkspaceType;
  color: string | null;
  subtitle?: string;
  startDate?: string | null;
  endDate?: string | null;
  createdAt: string;
  membersCount: number;
  createdBy?: Person | null;
  role?: string | null;
}

const useStyles = makeStyles({
  grid: {
    ...tileGrid('220px'),
    gap: tokens.spacingHorizontalM,
  },
  card: { borderTop: `4px solid var(--workspace-color)` },
  clamp: {
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    color: tokens.colorNeutralForeground3,
  },
  board: {
    display: 'grid',
    gridAutoFlow: 'column',
    gridAutoColumns: 'minmax(220px, 1fr)',
    gap: tokens.spacingHorizontalM,
    overflowX: 'auto',
  },
  column: {
    ...column,
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

interface ViewActions {
  onOpen?: (item: WorkspaceItem) => void;
  /** Buttons for one workspace, e.g. restore and delete in the archive. */
  actions?: (item: WorkspaceItem) => ReactNode;
}

function WorkspaceCard({ item, onOpen, actions }: { item: WorkspaceItem } & ViewActions) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Card
      className={styles.card}
      style={{ ['--workspace-color' as string]: item.color ?? tokens.colorBrandBackground }}
      onClick={onOpen ? () => onOpen(item) : undefined}
      data-workspace={item.id}
    >
      <CardHeader
        header={<Text weight="semibold">{item.name}</Text>}
        description={<Text size={200}>{t(`workspaces:types.${item.type}`)}</Text>}
      />
      {item.subtitle && <Text className={styles.clamp}>{item.subtitle}</Text>}
      <Text size={200}>{t('workspaces:list.members_count', { count: item.membersCount })}</Text>
      {actions && <CardFooter>{actions(item)}</CardFooter>}
    </Card>
  );
}

/** One list of workspaces in the view its section card is set to; all views share the data. */
export function WorkspaceViews({
  view,
  items,
  tableId,
  label,
  onOpen,
  actions,
}: {
  view: SectionView;
  items: WorkspaceItem[];
  tableId: string;
  label: string;
} & ViewActions) {
  const styles = useStyles();
  const { t } = useTranslation();
  const byType = WORKSPACE_TYPES.map((type) => ({
    type,
    items: items.filter((item) => item.type === type),
  }));

  if (view === 'list') {
    const columns: DataTableColumn<WorkspaceItem>[] = [
      {
        id: 'name',
        label: t('workspaces:columns.name'),
        alwaysShown: true,
        render: (item) => <Text weight="semibold">{item.name}</Text>,
      },
      {
        id: 'type',
        label: t('workspaces:columns.type'),
        render: (item) => t(`workspaces:types.${item.type}`),
      },
      {
        id: 'role',
        label: t('workspaces:columns.role'),
        render: (item) => (item.role ? t(`workspaces:roles.${item.role}`) : '—'),
      },
      {
        id: 'members',
        label: t('workspaces:columns.members'),
        render: (item) => item.membersCount,
      },
      {
        id: 'started_at',
        label: t('workspaces:columns.started_at'),
        render: (item) => (item.startDate ? formatDate(item.startDate) : '—'),
      },
      {
        id: 'due_at',
        label: t('workspaces:columns.due_at'),
        render: (item) => (item.endDate ? formatDate(item.endDate) : '—'),
      },
      {
        id: 'created_by',
        label: t('workspaces:columns.created_by'),
        render: (item) => (item.createdBy ? <PersonName person={item.createdBy} /> : '—'),
      },
      {
        id: 'created_at',
        label: t('workspaces:columns.created_at'),
        defaultHidden: true,
        render: (item) => formatDate(item.createdAt),
      },
      ...(actions
        ? [
            {
              id: 'actions',
              label: t('workspaces:columns.actions'),
              alwaysShown: true,
              render: actions,
            },
          ]
        : []),
    ];
    return (
      <DataTable
        tableId={tableId}
        label={label}
        items={items}
        columns={columns}
        getRowId={(item) => item.id}
        onRowClick={onOpen}
        isDimmed={(item) => item.createdBy?.is_deleted === true}
        emptyText={t('workspaces:list.empty')}
      />
    );
  }
  if (items.length === 0) {
    return <Text className={styles.empty}>{t('workspaces:list.empty')}</Text>;
  }
  if (view === 'tree') {
    return (
      <Tree aria-label={label} defaultOpenItems={WORKSPACE_TYPES.map((type) => `type-${type}`)}>
        {byType
          .filter((group) => group.items.length > 0)
          .map((group) => (
            <TreeItem key={group.type} itemType="branch" value={`type-${group.type}`}>
              <TreeItemLayout aside={<Badge appearance="tint">{group.items.length}</Badge>}>
                {t(`workspaces:types.${group.type}`)}
              </TreeItemLayout>
              <Tree>
                {group.items.map((item) => (
                  <TreeItem
                    key={item.id}
                    itemType="leaf"
                    value={String(item.id)}
                    onClick={onOpen ? () => onOpen(item) : undefined}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') onOpen?.(item);
                    }}
                  >
                    <TreeItemLayout>{item.name}</TreeItemLayout>
                  </TreeItem>
                ))}
              </Tree>
            </TreeItem>
          ))}
      </Tree>
    );
  }
  if (view === 'board') {
    return (
      <div className={styles.board} role="list" aria-label={label}>
        {byType
          .filter((group) => group.items.length > 0)
          .map((group) => (
            <div key={group.type} className={styles.column} role="listitem">
              <Text weight="semibold">
                {t(`workspaces:types.${group.type}`)} ({group.items.length})
              </Text>
              {group.items.map((item) => (
                <WorkspaceCard key={item.id} item={item} onOpen={onOpen} actions={actions} />
              ))}
            </div>
          ))}
      </div>
    );
  }
  return (
    <div className={styles.grid} role="list" aria-label={label}>
      {items.map((item) => (
        <div key={item.id} role="listitem">
          <WorkspaceCard item={item} onOpen={onOpen} actions={actions} />
        </div>
      ))}
    </div>
  );
}
