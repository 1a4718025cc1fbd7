import { Button, makeStyles, MenuItem, Switch, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent, CalendarItem, CreateEventBody } from '@contracts/calendar';
import { EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX } from '@contracts/calendar';
import { useConfirm } from '@/components/ConfirmDialog';
import { useDiscardGuard } from '@/components/discard-guard';
import { DateField, DateTimeField } from '@/components/DateField';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { PeoplePicker } from '@/components/PeoplePicker';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import type { ApiError } from '@/lib/http';
import { calendarApi, calendarKeys } from '../api';
import { addDays, instantAt, instantOfLocal, localOfInstant } from '../time';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';
import { ButtonMenu } from '@/components/ButtonMenu';
import { TextareaField } from '@/components/TextareaField';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  },
  actions: { flexWrap: 'wrap' },
});

const REPEATS = ['none', 'daily', 'weekly', 'monthly'] as const;
type Repeat = (typeof REPEATS)[number];
const repeatOf = (rrule: string | null): Repeat => {
  const freq = /FREQ=(DAILY|WEEKLY|MONTHLY)/.exec(rrule ?? '')?.[1];
  return freq ? (freq.toLowerCase() as Repeat) : 'none';
};
const rruleOf = (repeat: Repeat) => (repeat === 'none' ? null : `FREQ=${repeat.toUpperCase()}`);

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : [];
};

/** What the dialog is for: a new event from a day or slot, or one to change. */
export type EventDialogMode =
  | { kind: 'create'; start: string; allDay: boolean }
  | { kind: 'edit'; event: CalendarEvent; item: CalendarItem };

interface Draft {
  title: string;
  allDay: boolean;
  /** 2026-11-27T09:00 for a timed event, 2026-11-27 for an all-day one (its last day). */
  start: string;
  end: string;
  timeZone: string;
  repeat: Repeat;
  workspaceId: number | null;
  attendees: number[];
  description: string;
}

function draftOf(mode: EventDialogMode, zone: string): Draft {
  if (mode.kind === 'create') {
    const start = mode.allDay ? mode.start.slice(0, 10) : mode.start;
    const end = mode.allDay ? start : dayjs(mode.start).add(1, 'hour').format('YYYY-MM-DDTHH:mm');
    return {
      title: '',
      allDay: mode.allDay,
      start,
      end,
      timeZone: zone,
      repeat: 'none',
      workspaceId: null,
      attendees: [],
      description: '',
    };
  }
  const { event } = mode;
  const start = localOfInstant(event.start, event.time_zone);
  const end = localOfInstant(event.end, event.time_zone);
  return {
    title: event.title,
    allDay: event.all_day,
    start: event.all_day ? start.slice(0, 10) : start,
    end: event.all_day ? addDays(end.slice(0, 10), -1) : end,
    timeZone: event.time_zone,
    repeat: repeatOf(event.rrule),
    workspaceId: event.workspace_id,
    attendees: event.attendees.map((person) => person.id),
    description: event.description,
  };
}

function bodyOf(draft: Draft): CreateEventBody {
  const zone = draft.timeZone;
  return {
    title: draft.title,
    description: draft.description,
    all_day: draft.allDay,
    start: draft.allDay ? instantAt(draft.start, zone) : instantOfLocal(draft.start, zone),
    end: draft.allDay ? instantAt(addDays(draft.end, 1), zone) : instantOfLocal(draft.end, zone),
    time_zone: zone,
    rrule: rruleOf(draft.repeat),
    workspace_id: draft.workspaceId,
    attendee_ids: draft.workspaceId === null ? [] : draft.attendees,
  };
}

/**
 * Creates or changes an event: title, all day, start and end, time zone, repeat, attendees
 * from a workspace and a description. Escape or a click outside asks before dropping what was
 * typed.
 */
export function EventDialog({
  mode,
  zone,
  onClose,
}: {
  mode: EventDialogMode;
  zone: string;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState(() => draftOf(mode, zone));
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const [confirm, confirmDialog] = useConfirm();

  const workspaces = useQuery({
    queryKey: calendarKeys.workspaces,
    queryFn: calendarApi.workspaces,
  });
  const members = useQuery({
    queryKey: calendarKeys.members(draft.workspaceId ?? 0),
    queryFn: () => calendarApi.members(draft.workspaceId ?? 0),
    enabled: draft.workspaceId !== null,
  });

  const done = () => {
    void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    onClose();
  };
  const save = useMutation({
    mutationFn: () =>
      mode.kind === 'create'
        ? calendarApi.create(bodyOf(draft))
        : calendarApi.update(mode.event.id, bodyOf(draft)),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (occurrence?: string) =>
      calendarApi.remove(mode.kind === 'edit' ? mode.event.id : 0, occurrence),
    onSuccess: done,
  });
  const error = ((save.error ?? remove.error) as ApiError | null) ?? null;

  const guard = useDiscardGuard(dirty, onClose);
  const askDelete = async (occurrence?: string) => {
    const agreed = await confirm({
      title: t('calendar:delete.title'),
      message: t(occurrence ? 'calendar:delete.occurrence_message' : 'calendar:delete.message', {
        name: draft.title,
      }),
      confirmLabel: t('calendar:delete.confirm'),
    });
    if (agreed) remove.mutate(occurrence);
  };
  const onSubmit = () => {
    save.mutate();
  };
  const switchAllDay = (allDay: boolean) =>
    setDraft((current) => ({
      ...current,
      allDay,
      start: allDay ? current.start.slice(0, 10) : `${current.start.slice(0, 10)}T09:00`,
      end: allDay ? current.end.slice(0, 10) : `${current.end.slice(0, 10)}T10:00`,
    }));
  // The end moves with the start, keeping the event's length (as Outlook does).
  const moveStart = (start: string) =>
    setDraft((current) => {
      if (!start || !current.start || !current.end) return { ...current, start };
      const length = dayjs(current.end).diff(dayjs(current.start), 'minute');
      const end = dayjs(start).add(Math.max(length, 0), 'minute');
      return {
        ...current,
        start,
        end: end.format(current.allDay ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH:mm'),
      };
    });
  const Moment = draft.allDay ? DateField : DateTimeField;
  const busy = save.isPending || remove.isPending;
  const recurring = mode.kind === 'edit' && mode.item.recurring;

  return (
    <FormDialog
      guard={guard}
      title={mode.kind === 'create' ? t('calendar:event.new') : t('calendar:event.edit')}
      onSubmit={onSubmit}
      contentClassName={styles.form}
      actionsClassName={styles.actions}
      nested={confirmDialog}
      onClose={() => void guard.requestClose()}
      cancelDisabled={busy}
      submitLabel={mode.kind === 'create' ? t('calendar:event.create') : t('calendar:event.save')}
      submitDisabled={busy || !draft.title.trim()}
      extraActions={
        <>
          {mode.kind === 'edit' && !recurring && (
            <Button disabled={busy} onClick={() => void askDelete()}>
              {t('calendar:delete.confirm')}
            </Button>
          )}
          {mode.kind === 'edit' && recurring && (
            <ButtonMenu trigger={<Button disabled={busy}>{t('calendar:delete.confirm')}</Button>}>
              <MenuItem onClick={() => void askDelete(mode.item.occurrence ?? mode.item.start)}>
                {t('calendar:delete.this_occurrence')}
              </MenuItem>
              <MenuItem onClick={() => void askDelete()}>{t('calendar:delete.all')}</MenuItem>
            </ButtonMenu>
          )}
        </>
      }
    >
      <FormAlert error={error} />
      <TextField
        label={t('calendar:event.title')}
        required
        validationMessage={fieldError(error, 'title')}
        value={draft.title}
        maxLength={EVENT_TITLE_MAX}
        onChange={(title) => set('title', title)}
      />
      <Switch
        checked={draft.allDay}
        label={t('calendar:event.all_day')}
        onChange={(_event, data) => switchAllDay(data.checked)}
      />
      <div className={styles.pair}>
        <Moment
          label={t('calendar:event.start')}
          required
          value={draft.start}
          validationMessage={fieldError(error, 'start')}
          onChange={moveStart}
        />
        <Moment
          label={t('calendar:event.end')}
          required
          value={draft.end}
          validationMessage={fieldError(error, 'end')}
          onChange={(value) => set('end', value)}
        />
      </div>
      <div className={styles.pair}>
        <SelectField
          label={t('calendar:event.time_zone')}
          validationMessage={fieldError(error, 'time_zone')}
          value={draft.timeZone}
          choices={[...new Set([draft.timeZone, ...zones()])]}
          wordsOf={String}
          onChange={(name) => set('timeZone', name)}
        />
        <SelectField
          label={t('calendar:event.repeat')}
          validationMessage={fieldError(error, 'rrule')}
          value={draft.repeat}
          choices={REPEATS}
          wordsOf={(repeat) => t(`calendar:repeat.${repeat}`)}
          onChange={(repeat) => set('repeat', repeat as Repeat)}
        />
      </div>
      <SelectField
        label={t('calendar:event.workspace')}
        hint={t('calendar:event.workspace_hint')}
        validationMessage={fieldError(error, 'workspace_id')}
        value={draft.workspaceId === null ? '' : String(draft.workspaceId)}
        noneLabel={t('calendar:event.no_workspace')}
        choices={workspaces.data ?? []}
        idOf={(workspace) => String(workspace.id)}
        wordsOf={(workspace) => workspace.name}
        onChange={(id) =>
          setDraft((current) => ({
            ...current,
            workspaceId: id ? Number(id) : null,
            attendees: [],
          }))
        }
      />
      {draft.workspaceId !== null && members.data && (
        <PeoplePicker
          label={t('calendar:event.attendees')}
          people={members.data}
          selected={draft.attendees}
          onChange={(ids) => set('attendees', ids)}
          error={fieldError(error, 'attendee_ids')}
        />
      )}
      <TextareaField
        label={t('calendar:event.description')}
        validationMessage={fieldError(error, 'description')}
        value={draft.description}
        maxLength={EVENT_DESCRIPTION_MAX}
        resize="vertical"
        onChange={(description) => set('description', description)}
      />
    </FormDialog>
  );
}
