import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Workspace, WorkspaceStatus } from '@contracts/workspaces';
import { SectionCard, type SortOption } from '@/components/SectionCard';
import { refreshWorkspaces, workspacesApi } from '../api';
import { workspaceKeys } from '../keys';
import { CreateWorkspaceDialog } from '../create/CreateWorkspaceDialog';
import { useListSort, type WorkspaceList } from './list-sort';
import { WorkspaceViews, type WorkspaceItem } from './WorkspaceViews';
import { useConfirm } from '@/components/ConfirmDialog';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const STATUS_OF: Record<Exclude<WorkspaceList, 'public'>, WorkspaceStatus> = {
  current: 'open',
  previous: 'closed',
  archived: 'archived',
};

function itemOf(workspace: Workspace): WorkspaceItem {
  return {
    id: workspace.id,
    name: workspace.name,
    type: workspace.workspace_type,
    color: workspace.schema.color,
    subtitle: workspace.description ?? undefined,
    startDate: workspace.start_date,
    endDate: workspace.end_date,
    createdAt: workspace.created_at,
    membersCount: workspace.members_count,
    createdBy: workspace.created_by,
    role: workspace.role,
  };
}

function useSortOptions(withDates: boolean): SortOption[] {
  const { t } = useTranslation();
  return [
    { value: 'name', label: t('workspaces:sorts.name') },
    ...(withDates
      ? [
          { value: 'start_date', label: t('workspaces:sorts.start_date') },
          { value: 'end_date', label: t('workspaces:sorts.end_date') },
        ]
      : []),
    { value: 'created_at', label: t('workspaces:sorts.created_at') },
  ];
}

/** One of the caller's lists (current, previous, archive), sorted by the server. */
function OwnList({ list, onAdd }: { list: Exclude<WorkspaceList, 'public'>; onAdd?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sort, setSort] = useListSort(list);
  const [confirm, confirmDialog] = useConfirm();
  const status = STATUS_OF[list];
  const query = useQuery({
    queryKey: workspaceKeys.list(status, sort.sort, sort.direction),
    queryFn: () => workspacesApi.list(status, sort.sort, sort.direction),
  });
  const byId = new Map((query.data ?? []).map((w) => [w.id, w]));
  const change = useMutation<unknown, Error, { id: number; action: 'restore' | 'remove' }>({
    mutationFn: ({ id, action }) =>
      action === 'restore' ? workspacesApi.restore(id) : workspacesApi.remove(id),
    onSuccess: () => refreshWorkspaces(queryClient),
  });
  const sortOptions = useSortOptions(true);
  const title = t(`workspaces:lists.${list}`);
  return (
    <>
      <SectionCard
        section={`workspaces-${list}`}
        title={title}
        count={query.data?.length}
        sort={{
          options: sortOptions,
          value: sort.sort,
          direction: sort.direction,
          onChange: (value, direction) => setSort({ sort: value as typeof sort.sort, direction }),
        }}
        onAdd={onAdd}
        addLabel={onAdd ? t('workspaces:list.new') : undefined}
      >
        {(view) =>
          query.isPending ? (
            <Spinner size="small" aria-label={t('app:loading')} />
          ) : (
            <WorkspaceViews
              view={view}
              items={(query.data ?? []).map(itemOf)}
              tableId={`workspaces-${list === 'archived' ? 'archive' : list}`}
              label={title}
              onOpen={
                list === 'archived' ? undefined : (item) => navigate(`/workspaces/${item.id}`)
              }
              actions={
                list === 'archived'
                  ? (item) => {
                      const abilities = byId.get(item.id)?.abilities ?? {};
                      return (
                        <span className={styles.actions}>
                          {abilities.archive_workspace && (
                            <Button
                              size="small"
                              icon={<ArrowUndoRegular />}
                              disabled={change.isPending}
                              onClick={() => change.mutate({ id: item.id, action: 'restore' })}
                            >
                              {t('workspaces:actions.restore')}
                            </Button>
                          )}
                          {abilities.delete_workspace && (
                            <Button
                              size="small"
                              icon={<DeleteRegular />}
                              disabled={change.isPending}
                              onClick={async () => {
                                const agreed = await confirm({
                                  message: t('workspaces:actions.delete_confirm', {
                                    name: item.name,
                                  }),
                                  confirmLabel: t('workspaces:actions.delete'),
                                });
                                if (agreed) change.mutate({ id: item.id, action: 'remove' });
                              }}
                            >
                              {t('workspaces:actions.delete')}
                            </Button>
                          )}
                        </span>
                      );
                    }
                  : undefined
              }
            />
          )
        }
      </SectionCard>
      {confirmDialog}
    </>
  );
}

/** Public workspaces anyone may browse (team generator), sorted here by name or date. */
function PublicList() {
  const { t } = useTranslation();
  const [sort, setSort] = useListSort('public');
  const query = useQuery({
    queryKey: workspaceKeys.publicList(),
    queryFn: workspacesApi.publicList,
  });
  const sortOptions = useSortOptions(false);
  const factor = sort.direction === 'asc' ? 1 : -1;
  const items: WorkspaceItem[] = (query.data ?? [])
    .map((w) => ({
      id: w.id,
      name: w.name,
      type: w.workspace_type as WorkspaceItem['type'],
      color: null,
      subtitle: w.summary ?? w.description ?? undefined,
      createdAt: w.published_at,
      membersCount: w.members_count,
      createdBy: w.published_by ? { ...w.published_by } : null,
    }))
    .sort((a, b) =>
      sort.sort === 'name'
        ? factor * a.name.localeCompare(b.name)
        : factor * a.createdAt.localeCompare(b.createdAt),
    );
  const title = t('workspaces:lists.public');
  return (
    <SectionCard
      section="workspaces-public"
      title={title}
      count={query.data?.length}
      sort={{
        options: sortOptions,
        value: sort.sort === 'name' ? 'name' : 'created_at',
        direction: sort.direction,
        onChange: (value, direction) => setSort({ sort: value as typeof sort.sort, direction }),
      }}
    >
      {(view) =>
        query.isPending ? (
          <Spinner size="small" aria-label={t('app:loading')} />
        ) : query.isError ? (
          <Text>{t('workspaces:list.public_unavailable')}</Text>
        ) : (
          <WorkspaceViews view={view} items={items} tableId="workspaces-public" label={title} />
        )
      }
    </SectionCard>
  );
}

/** /workspaces: the four lists of spec 2.11 in section cards, and creating a workspace. */
export default function WorkspacesPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <div className={styles.root}>
      <Text as="h1" size={700} weight="semibold">
        {t('workspaces:list.title')}
      </Text>
      <OwnList list="current" onAdd={() => setCreating(true)} />
      <OwnList list="previous" />
      <OwnList list="archived" />
      <PublicList />
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
