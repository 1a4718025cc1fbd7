import {
  Button,
  makeStyles,
  Text,
  Toolbar,
  ToolbarButton,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowResetRegular,
  DeleteRegular,
  EditRegular,
  ArrowMoveRegular,
  ZoomInRegular,
  ZoomOutRegular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgChartNode } from '@contracts/okrs';
import { EmptyState } from '@/components/EmptyState';
import { useWorkspaceQuery } from '@/features/workspaces';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { okrsApi } from '../api';
import { okrKeys } from '../keys';
import { BackToObjectives, useOkrMutation, useWorkspaceId } from '../components/ObjectiveBits';
import { Busy } from '@/components/Busy';
import { FormDialog } from '@/components/FormDialog';
import { bareList, column, wrappingRow } from '@/lib/styles';
import { TextField } from '@/components/TextField';
import { SelectField } from '@/components/SelectField';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  viewport: {
    overflow: 'auto',
    cursor: 'grab',
    // Dragging pans the chart; a touch screen scrolls it natively.
    touchAction: 'pan-x pan-y',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    minHeight: '320px',
    maxWidth: '100%',
  },
  canvas: { transformOrigin: '0 0', padding: tokens.spacingHorizontalL, width: 'max-content' },
  level: { ...bareList, display: 'flex', gap: tokens.spacingHorizontalL, justifyContent: 'center' },
  item: {
    ...column,
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
  },
  node: {
    ...column,
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    minWidth: '160px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  children: {
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { ...column, gap: tokens.spacingVerticalM },
});

type Editing =
  | { mode: 'add'; parent: OrgChartNode | null }
  | { mode: 'rename'; node: OrgChartNode }
  | { mode: 'move'; node: OrgChartNode };

const flatten = (nodes: OrgChartNode[]): OrgChartNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);
const under = (node: OrgChartNode): Set<number> => new Set(flatten([node]).map((n) => n.id));

function PositionDialog({
  editing,
  all,
  workspaceId,
  onClose,
}: {
  editing: Editing;
  all: OrgChartNode[];
  workspaceId: number;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [name, setName] = useState(editing.mode === 'rename' ? editing.node.org_position.name : '');
  const [parent, setParent] = useState('');
  const save = useOkrMutation(async () => {
    if (editing.mode === 'add') {
      return okrsApi.addPosition(workspaceId, {
        name: name.trim(),
        parent_id: editing.parent?.id ?? null,
      });
    }
    if (editing.mode === 'rename') return okrsApi.renamePosition(editing.node.id, name.trim());
    return okrsApi.movePosition(editing.node.id, parent === '' ? null : Number(parent));
  });
  const error = save.error as ApiError | null;
  const submit = () => {
    save.mutate(undefined, { onSuccess: onClose });
  };
  const title =
    editing.mode === 'add'
      ? t('okrs:org_chart.add')
      : editing.mode === 'rename'
        ? t('okrs:org_chart.rename')
        : t('okrs:org_chart.move_title', { name: editing.node.org_position.name });
  const excluded = editing.mode === 'move' ? under(editing.node) : new Set<number>();
  return (
    <FormDialog
      title={title}
      onSubmit={submit}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={t('okrs:actions.save')}
      submitDisabled={save.isPending}
    >
      <FormAlert error={error} />
      {editing.mode === 'move' ? (
        <SelectField
          label={t('okrs:org_chart.new_parent')}
          value={parent}
          noneLabel={t('okrs:org_chart.top')}
          choices={flatten(all).filter((n) => !excluded.has(n.id))}
          idOf={(n) => String(n.id)}
          wordsOf={(n) => n.org_position.name}
          onChange={setParent}
        />
      ) : (
        <TextField
          label={t('okrs:org_chart.name')}
          required
          validationMessage={error?.fields.name?.[0]}
          value={name}
          maxLength={100}
          onChange={setName}
        />
      )}
    </FormDialog>
  );
}

function Node({
  node,
  canEdit,
  onEdit,
  onDelete,
}: {
  node: OrgChartNode;
  canEdit: boolean;
  onEdit: (editing: Editing) => void;
  onDelete: (node: OrgChartNode) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const name = node.org_position.name;
  return (
    <li className={styles.item}>
      <div className={styles.node} data-position={node.id}>
        <Text weight="semibold">{name}</Text>
        <Text size={200} className={styles.muted}>
          {t('okrs:org_chart.objectives', { count: node.objective_count })}
        </Text>
        {canEdit && (
          <Toolbar size="small" aria-label={t('okrs:org_chart.actions_of', { name })}>
            <ToolbarButton
              icon={<AddRegular />}
              aria-label={t('okrs:org_chart.add_under', { name })}
              onClick={() => onEdit({ mode: 'add', parent: node })}
            />
            <ToolbarButton
              icon={<EditRegular />}
              aria-label={t('okrs:org_chart.rename_named', { name })}
              onClick={() => onEdit({ mode: 'rename', node })}
            />
            <ToolbarButton
              icon={<ArrowMoveRegular />}
              aria-label={t('okrs:org_chart.move_named', { name })}
              onClick={() => onEdit({ mode: 'move', node })}
            />
            <ToolbarButton
              icon={<DeleteRegular />}
              aria-label={t('okrs:org_chart.delete_named', { name })}
              onClick={() => onDelete(node)}
            />
          </Toolbar>
        )}
      </div>
      {node.children.length > 0 && (
        <ul className={`${styles.level} ${styles.children}`}>
          {node.children.map((child) => (
            <Node
              key={child.id}
              node={child}
              canEdit={canEdit}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Pointer handlers that pan a scrolling element by dragging its background with a mouse or
 * pen (touch already scrolls); drags that start on a button or link are left to it.
 */
function useDragToPan() {
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'touch' || event.button !== 0) return;
      if ((event.target as HTMLElement).closest('button, a, input, select')) return;
      const el = event.currentTarget;
      drag.current = { x: event.clientX, y: event.clientY, left: el.scrollLeft, top: el.scrollTop };
      el.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (!drag.current) return;
      const el = event.currentTarget;
      el.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
      el.scrollTop = drag.current.top - (event.clientY - drag.current.y);
    },
    onPointerUp: () => {
      drag.current = null;
    },
    onPointerCancel: () => {
      drag.current = null;
    },
  };
}

/** The workspace's org chart as a tree one can zoom, pan and edit (spec 7.2 org chart). */
export default function OrgChartPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspaceId = useWorkspaceId();
  const [zoom, setZoom] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const panning = useDragToPan();
  const chart = useQuery({
    queryKey: okrKeys.orgChart(workspaceId),
    queryFn: () => okrsApi.orgChart(workspaceId),
  });
  const workspace = useWorkspaceQuery(workspaceId);
  const remove = useOkrMutation((id: number) => okrsApi.removePosition(id));
  const role = workspace.data?.role;
  const canEdit = workspace.data?.status !== 'archived' && (role === 'owner' || role === 'admin');
  const nodes = chart.data?.nodes ?? [];
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <BackToObjectives />
        <Text as="h2" size={500} weight="semibold">
          {t('okrs:titles.org_chart')}
        </Text>
        <Toolbar aria-label={t('okrs:org_chart.zoom')}>
          <ToolbarButton
            icon={<ZoomOutRegular />}
            aria-label={t('okrs:org_chart.zoom_out')}
            onClick={() => setZoom((z) => Math.max(0.4, z - 0.2))}
          />
          <ToolbarButton
            icon={<ArrowResetRegular />}
            aria-label={t('okrs:org_chart.zoom_reset')}
            onClick={() => setZoom(1)}
          />
          <ToolbarButton
            icon={<ZoomInRegular />}
            aria-label={t('okrs:org_chart.zoom_in')}
            onClick={() => setZoom((z) => Math.min(2, z + 0.2))}
          />
        </Toolbar>
        {canEdit && (
          <Button icon={<AddRegular />} onClick={() => setEditing({ mode: 'add', parent: null })}>
            {t('okrs:org_chart.add')}
          </Button>
        )}
      </div>
      <FormAlert error={remove.error as ApiError | null} />
      {chart.isError ? (
        <EmptyState title={t('okrs:page.error')} />
      ) : !chart.data ? (
        <Busy />
      ) : nodes.length === 0 ? (
        <EmptyState title={t('okrs:org_chart.empty')} />
      ) : (
        <div
          className={styles.viewport}
          tabIndex={0}
          aria-label={t('okrs:titles.org_chart')}
          role="region"
          {...panning}
        >
          <div className={styles.canvas} style={{ transform: `scale(${zoom})` }}>
            <ul className={styles.level}>
              {nodes.map((node) => (
                <Node
                  key={node.id}
                  node={node}
                  canEdit={canEdit}
                  onEdit={setEditing}
                  onDelete={(n) => remove.mutate(n.id)}
                />
              ))}
            </ul>
          </div>
        </div>
      )}
      {editing && (
        <PositionDialog
          editing={editing}
          all={nodes}
          workspaceId={workspaceId}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
