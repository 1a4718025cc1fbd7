import { Field, makeStyles, Select, Spinner, tokens } from '@fluentui/react-components';
import { OrganizationRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTIVE_SORTS, type ObjectiveBoardViewConfig } from '@contracts/okrs';
import { EmptyState } from '@/components/EmptyState';
import { useWorkspaceQuery } from '@/features/workspaces';
import { RouterButton } from '@/components/RouterLink';
import { SectionCard, sectionStorageKey, type SectionView } from '@/components/SectionCard';
import { localStore } from '@/lib/storage';
import { ListStatusTabs } from '@/components/ListStatusTabs';
import { useListStatus, useStoredSort } from '@/lib/list-status';
import { okrsApi, type ObjectiveListQuery } from '../api';
import { okrKeys } from '../keys';
import { usePersonalPins, useWorkspaceId } from '../components/ObjectiveBits';
import { ObjectiveFormDialog } from '../components/ObjectiveForm';
import { SavedViews } from '../components/SavedViews';
import {
  ObjectiveBoard,
  ObjectiveGrid,
  ObjectiveTable,
  ObjectiveTree,
} from '../components/ObjectiveViews';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM },
  head: { ...wrappingRow, justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  filter: { maxWidth: '240px' },
});

type Sort = (typeof OBJECTIVE_SORTS)[number];
const SORT_KEY = 'okrs:sort';
const SECTION = 'workspace-objectives';

/**
 * The workspace's objectives: open, closed and archived with their counts, in the section
 * card's list (the objective data table), grid, board by status, or alignment tree.
 */
export default function ObjectivesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const [status, setStatus] = useListStatus();
  const [sort, chooseSort, setSort] = useStoredSort<Sort>(SORT_KEY);
  const [creating, setCreating] = useState(false);
  const [tagId, setTagId] = useState('');
  const [view, setView] = useState<SectionView>(
    () => localStore.getJSON<{ view?: SectionView }>(sectionStorageKey(SECTION))?.view ?? 'list',
  );
  const currentView: ObjectiveBoardViewConfig = {
    kind: 'objectives',
    view,
    ...(view === 'board' ? { group_by: 'status' as const } : {}),
    status,
    sort: sort.value,
    direction: sort.direction,
    tag_id: tagId ? Number(tagId) : null,
  };
  const query: ObjectiveListQuery = {
    status,
    sort: sort.value,
    direction: sort.direction,
    ...(tagId ? { tag_id: tagId } : {}),
  };
  const tags = useQuery({
    queryKey: okrKeys.tags(workspaceId),
    queryFn: () => okrsApi.tags(workspaceId),
  });
  const pins = usePersonalPins(workspaceId);
  const list = useQuery({
    queryKey: okrKeys.list(workspaceId, query),
    queryFn: () => okrsApi.list(workspaceId, query),
  });
  const workspace = useWorkspaceQuery(workspaceId);
  const role = workspace.data?.role;
  const canAdd = workspace.data?.status !== 'archived' && (role === 'owner' || role === 'admin');
  const counts = list.data?.counts;

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <ListStatusTabs counts={counts} label={(value) => t(`okrs:lists.${value}`)} />
        {(tags.data?.length ?? 0) > 0 && (
          <Field label={t('okrs:filters.tag')} orientation="horizontal" className={styles.filter}>
            <Select value={tagId} onChange={(_, d) => setTagId(d.value)}>
              <option value="">{t('okrs:filters.all_tags')}</option>
              {tags.data?.map((tag) => (
                <option key={tag.id} value={String(tag.id)}>
                  {tag.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <SavedViews
          workspaceId={workspaceId}
          current={currentView}
          onApply={({ config }) => {
            setView(config.view);
            if (config.status) setStatus(config.status);
            if (config.sort) setSort({ value: config.sort, direction: config.direction ?? 'desc' });
            setTagId(config.tag_id ? String(config.tag_id) : '');
          }}
        />
        <RouterButton
          to={`/workspaces/${workspaceId}/org-chart`}
          appearance="subtle"
          icon={<OrganizationRegular />}
        >
          {t('okrs:org_chart.open')}
        </RouterButton>
      </div>
      <SectionCard
        section={SECTION}
        view={view}
        onViewChange={setView}
        title={t('okrs:page.title')}
        count={list.data?.objectives.length}
        defaultView="list"
        sort={{
          options: OBJECTIVE_SORTS.map((value) => ({ value, label: t(`okrs:sort.${value}`) })),
          value: sort.value,
          direction: sort.direction,
          onChange: chooseSort,
        }}
        onAdd={canAdd ? () => setCreating(true) : undefined}
        addLabel={t('okrs:actions.new_objective')}
      >
        {(view) => {
          if (view === 'tree') return <ObjectiveTree workspaceId={workspaceId} />;
          if (list.isError) return <EmptyState title={t('okrs:page.error')} />;
          if (!list.data) return <Spinner aria-label={t('app:loading')} />;
          // Objectives the person pinned come first, in the order asked for otherwise.
          const objectives = [
            ...list.data.objectives.filter((o) => pins.pinnedIds.has(o.id)),
            ...list.data.objectives.filter((o) => !pins.pinnedIds.has(o.id)),
          ];
          if (view === 'grid') return <ObjectiveGrid objectives={objectives} />;
          if (view === 'board') return <ObjectiveBoard objectives={objectives} />;
          return <ObjectiveTable objectives={objectives} />;
        }}
      </SectionCard>
      {creating && (
        <ObjectiveFormDialog workspaceId={workspaceId} onClose={() => setCreating(false)} />
      )}
    </div>
  );
}
