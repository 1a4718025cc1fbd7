import {
  Avatar,
  AvatarGroup,
  AvatarGroupItem,
  Badge,
  makeStyles,
  Text,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Task, WorkStatus } from '@contracts/tasks';
import type { Person } from '@contracts/people';
import { formatDate } from '@/lib/format';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  shadow: { opacity: 0.5 },
  overdue: { color: tokens.colorPaletteRedForeground1 },
  // A status is one word group: narrow table columns must not break it over two lines.
  badge: { whiteSpace: 'nowrap', flexShrink: 0 },
  swatch: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    borderRadius: tokens.borderRadiusCircular,
    flexShrink: 0,
  },
});

/** The frame of a task's own pages (its info, its report): the heading row over the content. */
export const useTaskPageStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL },
  header: { ...wrappingRow, gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
});

const WORK_COLORS: Record<WorkStatus, BadgeProps['color']> = {
  todo: 'informative',
  submitted: 'brand',
  resubmitted: 'brand',
  returned: 'warning',
  closed: 'success',
};

export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Badge appearance="tint" color={WORK_COLORS[status]} className={styles.badge}>
      {t(`tasks:work_status.${status}`)}
    </Badge>
  );
}

export function TaskStatusBadge({ task }: { task: Pick<Task, 'status' | 'is_overdue'> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (task.is_overdue) {
    return (
      <Badge appearance="filled" color="danger" className={styles.badge}>
        {t('tasks:status.overdue')}
      </Badge>
    );
  }
  const color = task.status === 'open' ? 'brand' : task.status === 'closed' ? 'success' : 'subtle';
  return (
    <Badge appearance="outline" color={color} className={styles.badge}>
      {t(`tasks:status.${task.status}`)}
    </Badge>
  );
}

/**
 * Where a task's work stands for the reader: their own work's status; for a reviewer or a
 * report reader, "Done" once every unit is accepted or closed and "In review" while work waits
 * for them; otherwise the task's own status (open, closed, archived, overdue).
 */
export function WorkStateBadge({
  task,
}: {
  task: Pick<Task, 'status' | 'is_overdue' | 'my_status' | 'assignments' | 'permissions'>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (task.status === 'archived') return <TaskStatusBadge task={task} />;
  if (task.my_status) return <WorkStatusBadge status={task.my_status} />;
  const units = task.assignments;
  const overseen = task.permissions.review || task.permissions.view_report;
  if (overseen && units.length > 0) {
    if (units.every((u) => u.status === 'closed')) return <WorkStatusBadge status="closed" />;
    if (
      task.status === 'open' &&
      units.some((u) => u.status === 'submitted' || u.status === 'resubmitted')
    ) {
      return (
        <Badge appearance="tint" color="brand" className={styles.badge}>
          {t('tasks:board.in_review')}
        </Badge>
      );
    }
  }
  return <TaskStatusBadge task={task} />;
}

/** People in a row; deleted or deactivated accounts at half opacity (spec 2.11). */
export function People({ people, max = 4 }: { people: Person[]; max?: number }) {
  const styles = useStyles();
  if (people.length === 0) return <Text>—</Text>;
  return (
    <AvatarGroup layout="stack" size={24}>
      {people.slice(0, max).map((person) => (
        <AvatarGroupItem
          key={person.id}
          name={person.name}
          image={person.avatar_url ? { src: person.avatar_url } : undefined}
          className={person.is_shadow ? styles.shadow : undefined}
        />
      ))}
      {people.length > max && (
        <Avatar size={24} name={`+${people.length - max}`} initials={`+${people.length - max}`} />
      )}
    </AvatarGroup>
  );
}

export function PersonName({ person }: { person: Person }) {
  const styles = useStyles();
  return <Text className={person.is_shadow ? styles.shadow : undefined}>{person.name}</Text>;
}

/** Everyone a task is for: people, and each team's members. */
export function assigneesOf(task: Pick<Task, 'users' | 'teams'>): Person[] {
  const seen = new Map<number, Person>();
  for (const person of [...task.users, ...task.teams.flatMap((team) => team.members)]) {
    seen.set(person.id, person);
  }
  return [...seen.values()];
}

export function DueDate({ task }: { task: Pick<Task, 'expired_at' | 'is_overdue'> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (!task.expired_at) return <Text>{t('tasks:fields.no_due_date')}</Text>;
  return (
    <Text className={task.is_overdue ? styles.overdue : undefined}>
      {formatDate(task.expired_at)}
    </Text>
  );
}

export function ColorSwatch({ color }: { color?: string }) {
  const styles = useStyles();
  if (!color) return null;
  return <span aria-hidden className={styles.swatch} style={{ backgroundColor: color }} />;
}

/** The submitted percentage as the caller may see it: -1 means the report is not theirs. */
export function SubmittedPercentage({ value }: { value: number }) {
  const { t } = useTranslation();
  return <Text>{value < 0 ? t('tasks:fields.hidden') : `${value}%`}</Text>;
}
