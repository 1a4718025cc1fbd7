import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TrackingEvent } from '@contracts/tasks';
import { formatDateTime } from '@/lib/format';
import { useTaskPart } from '../hooks';
import { tasksApi, type TaskKind } from '../api';
import { columnList, column } from '@/lib/styles';

const useStyles = makeStyles({
  list: {
    ...columnList,
    gap: tokens.spacingVerticalS,
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
  },
  item: {
    listStyleType: 'none',
    paddingLeft: tokens.spacingHorizontalM,
    ...column,
  },
  when: { color: tokens.colorNeutralForeground3 },
});

/** One line of the timeline, in words: who did what (spec 7.4 tracking). */
function describe(event: TrackingEvent, t: TFunction) {
  const who = event.actor?.name ?? t('tasks:tracking.someone');
  const comment = typeof event.details.comment === 'string' ? event.details.comment : '';
  return t(`tasks:tracking.${event.action}`, { who, comment });
}

export function Timeline({ kind, id }: { kind: TaskKind; id: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const tracking = useTaskPart(kind, id, 'tracking', tasksApi.tracking);
  if (!tracking.data) return null;
  return (
    <ol className={styles.list} aria-label={t('tasks:tracking.title')}>
      {tracking.data.map((event) => (
        <li key={event.id} className={styles.item} data-testid="tracking-event">
          <Text>{describe(event, t)}</Text>
          <Text size={200} className={styles.when}>
            {formatDateTime(event.created_at)}
          </Text>
        </li>
      ))}
    </ol>
  );
}
