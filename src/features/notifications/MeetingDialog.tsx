import {
  Button,
  DialogActions,
  DialogContent,
  Link,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingItem } from '@contracts/notifications';
import { PeoplePicker } from '@/components/PeoplePicker';
import { workspaceKeys, workspacesApi } from '@/features/workspaces';
import { saveFile } from '@/lib/save-file';
import { useIsInTeams } from './in-teams';
import { notificationsApi, type CreateMeeting } from './api';
import { notificationKeys } from './keys';
import { DateTimeField } from '@/components/DateField';
import { useDiscardGuard } from '@/components/discard-guard';
import { BusyButton } from '@/components/BusyButton';
import { column } from '@/lib/styles';
import { DialogFrame } from '@/components/DialogFrame';
import { Notice } from '@/components/Notice';
import { TextField } from '@/components/TextField';
import { SelectField } from '@/components/SelectField';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  done: { ...column, gap: tokens.spacingVerticalS },
});

type Provider = NonNullable<CreateMeeting['provider']>;

const localInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A meeting in one of my workspaces, on its calendar; inside Teams, a Teams meeting. */
export default function MeetingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const inTeams = useIsInTeams();
  const menu = useQuery({
    queryKey: workspaceKeys.menu(),
    queryFn: workspacesApi.menu,
  });
  const options = useQuery({
    queryKey: notificationKeys.meetingOptions,
    queryFn: notificationsApi.meetingOptions,
  });
  const workspaces = (menu.data?.workspaces ?? []).filter((w) => w.status !== 'archived');
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const chosenWorkspace =
    workspaceId ?? menu.data?.active_workspace_id ?? workspaces[0]?.id ?? null;
  const members = useQuery({
    queryKey: workspaceKeys.members(chosenWorkspace ?? 0),
    enabled: chosenWorkspace !== null,
    queryFn: () => workspacesApi.members(chosenWorkspace ?? 0),
  });
  const [title, setTitle] = useState('');
  const [start, setStart] = useState(() => localInput(new Date(Date.now() + 3_600_000)));
  const [duration, setDuration] = useState('30');
  const [attendees, setAttendees] = useState<number[]>([]);
  const [provider, setProvider] = useState<Provider>(inTeams ? 'teams' : 'none');
  const [joinUrl, setJoinUrl] = useState('');
  const [made, setMade] = useState<MeetingItem | null>(null);

  const create = useMutation({
    mutationFn: () =>
      notificationsApi.createMeeting({
        workspace_id: chosenWorkspace ?? 0,
        title,
        start_at: new Date(start).toISOString(),
        duration_minutes: Number(duration),
        attendee_ids: attendees,
        provider,
        ...(provider === 'link' ? { join_url: joinUrl } : {}),
      }),
    onSuccess: (result) => setMade(result.meeting),
  });
  const ics = useMutation({
    mutationFn: (id: number) => notificationsApi.addToCalendar(id),
    onSuccess: (result) =>
      saveFile(new Blob([result.ics], { type: 'text/calendar;charset=utf-8' }), result.file_name),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const zoomOn = options.data?.zoom ?? false;
  // A Teams meeting inside Teams, a Zoom one outside it once Zoom is set up; in this order.
  const offered = (['none', 'teams', 'zoom', 'link'] as const).filter(
    (choice) => (choice !== 'teams' || inTeams) && (choice !== 'zoom' || (zoomOn && !inTeams)),
  );

  const guard = useDiscardGuard(title.trim() !== '' || joinUrl.trim() !== '', onClose);
  return (
    <DialogFrame open={open} guard={guard} title={t('notifications:meeting.title')}>
      {made ? (
        <>
          <DialogContent className={styles.done}>
            <Notice intent="success">{t('notifications:meeting.created')}</Notice>
            {made.join_url && (
              <Link href={made.join_url} target="_blank" rel="noreferrer">
                {made.provider === 'teams'
                  ? t('notifications:meeting.open_teams')
                  : t('notifications:meeting.join')}
              </Link>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => ics.mutate(made.id)} disabled={ics.isPending}>
              {t('notifications:meeting.add_to_calendar')}
            </Button>
            <Button appearance="primary" onClick={onClose}>
              {t('notifications:meeting.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={onSubmit}>
          <DialogContent className={styles.form}>
            <SelectField
              label={t('notifications:meeting.workspace')}
              required
              value={chosenWorkspace === null ? '' : String(chosenWorkspace)}
              choices={workspaces}
              idOf={(w) => String(w.id)}
              wordsOf={(w) => w.name}
              onChange={(id) => {
                setWorkspaceId(Number(id));
                setAttendees([]);
              }}
            />
            <TextField
              label={t('notifications:meeting.name')}
              required
              value={title}
              maxLength={200}
              onChange={setTitle}
            />
            <DateTimeField
              label={t('notifications:meeting.start')}
              required
              value={start}
              onChange={setStart}
            />
            <TextField
              label={t('notifications:meeting.duration')}
              required
              type="number"
              min={5}
              max={1440}
              value={duration}
              onChange={setDuration}
            />
            <PeoplePicker
              label={t('notifications:meeting.attendees')}
              people={(members.data ?? []).map((p) => ({ id: p.id, name: p.name }))}
              selected={attendees}
              onChange={setAttendees}
            />
            <SelectField
              label={t('notifications:meeting.provider')}
              hint={!zoomOn ? t('notifications:meeting.zoom_off') : undefined}
              value={provider}
              choices={offered}
              wordsOf={(choice) => t(`notifications:meeting.providers.${choice}`)}
              onChange={(choice) => setProvider(choice as Provider)}
            />
            {provider === 'link' && (
              <TextField
                label={t('notifications:meeting.join_url')}
                required
                type="url"
                value={joinUrl}
                onChange={setJoinUrl}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('notifications:meeting.cancel')}</Button>
            <BusyButton
              busy={create.isPending}
              type="submit"
              appearance="primary"
              disabled={!title.trim() || chosenWorkspace === null}
            >
              {t('notifications:meeting.create')}
            </BusyButton>
          </DialogActions>
        </form>
      )}
    </DialogFrame>
  );
}
