import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PeopleAddRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RosterStatus, RosterSync } from '@contracts/lti';
import { FormAlert } from '@/components/FormAlert';
import { InlineMessage } from '@/components/InlineMessage';
import { formatDateTime } from '@/lib/format';
import { withApiError, type ApiError } from '@/lib/http';
import { workspaceKeys } from '@/features/workspaces';
import { ltiApi, ltiKeys } from './api';
import { Busy } from '@/components/Busy';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    maxWidth: '720px',
  },
  progress: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** How often the page asks while a reading is queued or running. */
const POLL_MS = 1000;
const isActive = (sync: RosterSync | null | undefined) =>
  sync?.status === 'queued' || sync?.status === 'running';

/**
 * The People page's "Bring in the class" for a workspace linked to a course: queues the roster
 * job, follows it while it runs and says what it did (docs/decisions/lti.md, "Roster").
 */
export function CourseRoster({
  workspaceId,
  readOnly,
}: {
  workspaceId: number;
  readOnly: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('lti');
  const queryClient = useQueryClient();
  const key = ltiKeys.roster(workspaceId);
  const status = useQuery({
    queryKey: key,
    queryFn: () => ltiApi.roster(workspaceId),
    refetchInterval: (query) => (isActive(query.state.data?.latest) ? POLL_MS : false),
  });
  const start = useMutation<RosterSync, ApiError>({
    mutationFn: () => withApiError(() => ltiApi.bringInRoster(workspaceId)),
    onSuccess: (sync) =>
      queryClient.setQueryData<RosterStatus>(key, (old) => old && { ...old, latest: sync }),
  });

  // Once a reading ends, the member and invitation lists below show what it brought.
  const latest = status.data?.latest ?? null;
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !isActive(latest)) {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.invited(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) });
    }
    wasActive.current = isActive(latest);
  }, [latest, queryClient, workspaceId]);

  const course = status.data?.course;
  if (!course) return null;
  const platform = course.platform_name;
  const running = isActive(latest) || start.isPending;
  const brought = (latest?.invited ?? 0) + (latest?.added ?? 0);

  return (
    <section className={styles.root} aria-labelledby="course-roster-title">
      <Text as="h2" size={500} weight="semibold" id="course-roster-title">
        {t('roster.title', { platform })}
      </Text>
      <Text>{t('roster.intro')}</Text>
      {!readOnly && (
        <Button
          icon={<PeopleAddRegular />}
          disabled={running || course.blocked !== null}
          onClick={() => start.mutate()}
        >
          {t('roster.bring_in', { platform })}
        </Button>
      )}
      {course.blocked && (
        <InlineMessage intent="warning" role="status">
          {course.blocked.message}
        </InlineMessage>
      )}
      <FormAlert error={start.error} />
      <div aria-live="polite" className={styles.root}>
        {latest && isActive(latest) && (
          <div className={styles.progress}>
            <Busy size="tiny" />
            <Text>
              {latest.status === 'queued' ? t('roster.queued') : t('roster.running', { platform })}
            </Text>
          </div>
        )}
        {latest?.status === 'done' && (
          <InlineMessage intent="success" role="status">
            {[
              t('roster.done', { count: brought, platform }),
              brought > 0 ? t('roster.invited_note') : '',
              latest.skipped ? t('roster.skipped', { count: latest.skipped }) : '',
              latest.without_email
                ? t('roster.without_email', { count: latest.without_email })
                : '',
            ]
              .filter(Boolean)
              .join(' ')}
          </InlineMessage>
        )}
        {latest?.status === 'failed' && (
          <InlineMessage intent="error" role="alert" title={t('roster.failed')}>
            {latest.error?.message}
          </InlineMessage>
        )}
        {latest && (
          <Text size={200}>
            {latest.finished_at &&
              t('roster.last_run', { date: formatDateTime(latest.finished_at) })}{' '}
            {latest.trigger === 'launch' && t('roster.from_launch')}
          </Text>
        )}
      </div>
    </section>
  );
}
