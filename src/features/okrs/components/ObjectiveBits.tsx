import { Badge, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { RouterButton } from '@/components/RouterLink';
import type { CheckInStatus } from '@contracts/okrs';
import { withApiError } from '@/lib/http';
import { okrsApi } from '../api';
import { okrKeys } from '../keys';

const useStyles = makeStyles({
  progress: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: '120px',
  },
  bar: { flexGrow: 1 },
  value: { minWidth: '3.5em', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  // A status is one word group: narrow table columns must not break it over two lines.
  badge: { whiteSpace: 'nowrap', flexShrink: 0 },
});

export function useWorkspaceId(): number {
  return Number(useParams().workspace);
}

export const objectiveLink = (workspaceId: number, id: number) =>
  `/workspaces/${workspaceId}/objectives/${id}`;

/** The way back from a page of one objective or the org chart to the workspace's objectives. */
export function BackToObjectives() {
  const { t } = useTranslation();
  return (
    <RouterButton
      to={`/workspaces/${useWorkspaceId()}/objectives`}
      appearance="subtle"
      icon={<ArrowLeftRegular />}
    >
      {t('okrs:page.back')}
    </RouterButton>
  );
}

const STATUS_COLORS: Record<CheckInStatus, 'success' | 'warning' | 'danger'> = {
  'on trace': 'success',
  'at risk': 'warning',
  'has issue': 'danger',
};

/** The spec's status words as keys: 'on trace' → on_trace. */
export const statusKey = (status: CheckInStatus) => status.replace(' ', '_');

/**
 * Why an objective has the status it has (spec 3: a status holds when more than one key
 * result has it, at risk first, then on track, then has issue; else there is none), in words.
 */
export function useStatusReason() {
  const { t } = useTranslation();
  return (
    derived: CheckInStatus | null,
    keyResults: readonly { status: CheckInStatus | null }[],
  ): string => {
    if (derived) {
      const count = keyResults.filter((k) => k.status === derived).length;
      return t(`okrs:status_reason.${statusKey(derived)}`, { count });
    }
    const withStatus = keyResults.filter((k) => k.status !== null).length;
    if (withStatus === 0) return t('okrs:status_reason.none_unchecked');
    return t(`okrs:status_reason.${withStatus === 1 ? 'none_single' : 'none_mixed'}`, {
      count: withStatus,
    });
  };
}

export function CheckInStatusBadge({
  status,
  reason,
}: {
  status: CheckInStatus | null;
  /** Why (useStatusReason): shown on hover, and read after the status. */
  reason?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (!status) {
    return (
      <Badge appearance="outline" color="informative" className={styles.badge} title={reason}>
        {t('okrs:status.none')}
      </Badge>
    );
  }
  return (
    <Badge appearance="tint" color={STATUS_COLORS[status]} className={styles.badge} title={reason}>
      {t(`okrs:status.${statusKey(status)}`)}
    </Badge>
  );
}

/** Progress from 0 to 100 as a bar with its number; the bar is named for screen readers. */
export function Progress({ value, label }: { value: number; label: string }) {
  const styles = useStyles();
  return (
    <span className={styles.progress}>
      <ProgressBar
        className={styles.bar}
        value={Math.min(100, Math.max(0, value)) / 100}
        thickness="large"
        aria-label={label}
        aria-valuetext={`${value}%`}
      />
      <Text className={styles.value} size={200}>
        {value}%
      </Text>
    </span>
  );
}

/** A call that changes OKRs: every OKR query is fetched again on success. */
export function useOkrMutation<Args, Result>(call: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => withApiError(() => call(args)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: okrKeys.all }),
  });
}

/**
 * The caller's personal pins of a workspace, for pinning objectives: whether one is pinned,
 * and a toggle that saves the whole list (the pins API replaces a list).
 */
export function usePersonalPins(workspaceId: number) {
  const pins = useQuery({
    queryKey: okrKeys.pins(workspaceId),
    queryFn: () => okrsApi.personalPins(workspaceId),
  });
  const save = useOkrMutation((objectiveId: number) => {
    const list = pins.data ?? [];
    const isPinned = list.some(
      (p) => p.reference_type === 'objective' && p.reference_id === objectiveId,
    );
    const next = isPinned
      ? list.filter((p) => !(p.reference_type === 'objective' && p.reference_id === objectiveId))
      : [
          ...list,
          {
            id: 0,
            reference_type: 'objective' as const,
            reference_id: objectiveId,
            title: null,
            url: null,
            position: list.length,
          },
        ];
    return okrsApi.savePersonalPins(workspaceId, next);
  });
  return {
    ready: pins.isSuccess,
    saving: save.isPending,
    pinnedIds: new Set(
      (pins.data ?? [])
        .filter((p) => p.reference_type === 'objective')
        .map((p) => p.reference_id ?? 0),
    ),
    isPinned: (objectiveId: number) =>
      (pins.data ?? []).some(
        (p) => p.reference_type === 'objective' && p.reference_id === objectiveId,
      ),
    toggle: (objectiveId: number) => save.mutate(objectiveId),
  };
}
