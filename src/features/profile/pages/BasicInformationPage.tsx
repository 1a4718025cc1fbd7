import {
  Avatar,
  Button,
  Combobox,
  Field,
  makeStyles,
  Option,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_KINDS,
  COMMUNICATION_CHANNELS,
  SOCIAL_NETWORKS,
  TEAM_ROLES,
  WORK_STYLES,
} from '@contracts/profile';
import type { CurrentUser } from '@contracts/auth';
import { currentUserKey, useSignedInUser } from '@/lib/current-user';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { SaveForm } from '@/components/SaveForm';
import { SelectField, type SelectFieldProps } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import { formatFileSize } from '@/lib/file-size';
import { formatDate } from '@/lib/format';
import { apiErrorOf, withApiError, type ApiError } from '@/lib/http';
import { profileApi, profileKeys, type WorkPreferences } from '../api';
import { Section } from '@/components/Section';
import { TimeZonePicker } from '../components/TimeZonePicker';
import { useRefreshProfile } from '../use-refresh-user';
import { DateField } from '@/components/DateField';
import { BusyButton } from '@/components/BusyButton';
import { columnList, wrappingRow } from '@/lib/styles';
import { TextareaField } from '@/components/TextareaField';
import { useProfileSection } from '../use-profile-section';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { maxWidth: '520px' },
  row: { ...wrappingRow, gap: tokens.spacingHorizontalM },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  item: {
    listStyleType: 'none',
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
  },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** A button that opens the browser's file picker and hands over the chosen file. */
function FilePickButton({
  accept,
  label,
  busy,
  onFile,
}: {
  accept: string;
  label: string;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <BusyButton busy={busy} onClick={() => input.current?.click()}>
        {label}
      </BusyButton>
    </>
  );
}

/** A file the profile holds (picture, CV): pick one to upload or replace it, or remove it. */
function ProfileFile({
  accept,
  pickLabel,
  removeLabel,
  present,
  upload,
  remove,
  leading,
  children,
}: {
  accept: string;
  pickLabel: string;
  removeLabel: string;
  /** The profile has such a file now: it may be removed. */
  present: boolean;
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** Shown in the row before the buttons (the picture itself). */
  leading?: ReactNode;
  /** Shown above the row (what the file is). */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const refresh = useRefreshProfile();
  const uploading = useMutation({ mutationFn: upload, onSuccess: () => refresh() });
  const removing = useMutation({ mutationFn: remove, onSuccess: () => refresh() });
  const failure = uploading.error ?? removing.error;
  return (
    <>
      <FormAlert error={failure ? apiErrorOf(failure) : null} />
      {children}
      <div className={styles.row}>
        {leading}
        <FilePickButton
          accept={accept}
          label={pickLabel}
          busy={uploading.isPending}
          onFile={(file) => uploading.mutate(file)}
        />
        {present && (
          <Button disabled={removing.isPending} onClick={() => removing.mutate()}>
            {removeLabel}
          </Button>
        )}
      </div>
    </>
  );
}

function PictureSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Section
      id="picture"
      title={t('profile:basic.picture')}
      description={t('profile:basic.picture_hint')}
    >
      <ProfileFile
        accept="image/png,image/jpeg,image/gif,image/webp"
        pickLabel={t('profile:basic.upload_picture')}
        removeLabel={t('profile:basic.remove_picture')}
        present={Boolean(user.avatar_url)}
        upload={profileApi.uploadAvatar}
        remove={profileApi.removeAvatar}
        leading={
          <Avatar
            size={96}
            name={user.name}
            image={user.avatar_url ? { src: user.avatar_url } : undefined}
          />
        }
      />
    </Section>
  );
}

function AboutSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [bio, setBio] = useState(user.bio ?? '');
  const [timezone, setTimezone] = useState(user.timezone);
  const zones = useQuery({
    queryKey: profileKeys.timezones,
    queryFn: profileApi.timezones,
    staleTime: Infinity,
  });
  const save = useMutation<Awaited<ReturnType<typeof profileApi.saveBasics>>, ApiError>({
    mutationFn: async () => {
      let updated = await withApiError(() =>
        profileApi.saveBasics({ first_name: firstName, last_name: lastName, bio: bio || null }),
      );
      if (timezone !== user.timezone)
        updated = await withApiError(() => profileApi.saveTimezone(timezone));
      return updated;
    },
    onSuccess: (updated) => queryClient.setQueryData(currentUserKey, updated),
  });
  const error = save.error;
  return (
    <Section id="about" title={t('profile:basic.about')}>
      <SaveForm
        className={styles.form}
        onSubmit={() => save.mutate()}
        error={error}
        submitDisabled={save.isPending}
      >
        <TextField
          label={t('profile:basic.first_name')}
          validationMessage={fieldError(error, 'first_name')}
          value={firstName}
          onChange={setFirstName}
        />
        <TextField
          label={t('profile:basic.last_name')}
          validationMessage={fieldError(error, 'last_name')}
          value={lastName}
          onChange={setLastName}
        />
        <Field
          label={t('profile:basic.timezone')}
          validationMessage={fieldError(error, 'timezone')}
        >
          <TimeZonePicker zones={zones.data ?? []} value={timezone} onChange={setTimezone} />
        </Field>
        <TextareaField
          label={t('profile:basic.bio')}
          validationMessage={fieldError(error, 'bio')}
          value={bio}
          maxLength={2000}
          resize="vertical"
          onChange={setBio}
        />
      </SaveForm>
    </Section>
  );
}

function LinksSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshProfile();
  const [links, setLinks] = useState<Record<string, string>>(user.social_media);
  const save = useMutation<Awaited<ReturnType<typeof profileApi.saveSocialMedia>>, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        profileApi.saveSocialMedia(
          Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, links[n] ?? ''])),
        ),
      ),
    onSuccess: (saved) => {
      setLinks(saved.social_media);
      return refresh();
    },
  });
  return (
    <Section id="links" title={t('profile:basic.links')}>
      <SaveForm
        className={styles.form}
        onSubmit={() => save.mutate()}
        submitDisabled={save.isPending}
      >
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            label={t(`profile:networks.${network}`)}
            validationMessage={fieldError(save.error, `social_media.${network}`)}
            type="url"
            value={links[network] ?? ''}
            placeholder="https://"
            onChange={(value) => setLinks((current) => ({ ...current, [network]: value }))}
          />
        ))}
      </SaveForm>
    </Section>
  );
}

function CvSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const page = useProfileSection(user.id, 'page');
  const cv = page.data?.cv ?? null;
  return (
    <Section id="cv" title={t('profile:basic.cv')} description={t('profile:basic.cv_hint')}>
      <ProfileFile
        accept=".pdf,.doc,.docx,.odt,.rtf,.txt"
        pickLabel={cv ? t('profile:basic.replace_cv') : t('profile:basic.upload_cv')}
        removeLabel={t('profile:basic.remove_cv')}
        present={cv !== null}
        upload={profileApi.uploadCv}
        remove={profileApi.removeCv}
      >
        {cv && (
          <Text>
            {t('profile:basic.cv_file', {
              name: cv.name,
              size: formatFileSize(cv.size),
              date: formatDate(cv.uploaded_at),
            })}
          </Text>
        )}
      </ProfileFile>
    </Section>
  );
}

function PreferencesSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const stored = useProfileSection(user.id, 'preferences');
  const [draft, setDraft] = useState<WorkPreferences | null>(null);
  const refresh = useRefreshProfile();
  const save = useMutation({ mutationFn: profileApi.savePreferences, onSuccess: () => refresh() });
  const value = draft ?? stored.data;
  if (!value) return null;
  const change = (patch: Partial<WorkPreferences>) => setDraft({ ...value, ...patch });
  return (
    <Section
      id="preferences"
      title={t('profile:preferences.title')}
      description={t('profile:preferences.intro')}
    >
      <SaveForm
        className={styles.form}
        onSubmit={() => save.mutate(value)}
        submitDisabled={!draft || save.isPending}
      >
        <Field label={t('profile:preferences.roles')}>
          <Combobox
            multiselect
            selectedOptions={value.preferred_roles}
            value={value.preferred_roles.map((role) => t(`profile:roles.${role}`)).join(', ')}
            onOptionSelect={(_e, d) =>
              change({ preferred_roles: d.selectedOptions as WorkPreferences['preferred_roles'] })
            }
          >
            {TEAM_ROLES.map((role) => (
              <Option key={role} value={role}>
                {t(`profile:roles.${role}`)}
              </Option>
            ))}
          </Combobox>
        </Field>
        <OptionalChoice
          label={t('profile:preferences.work_style')}
          value={value.work_style}
          choices={WORK_STYLES}
          wordsOf={(style) => t(`profile:preferences.styles.${style}`)}
          onChange={(work_style) => change({ work_style })}
        />
        <OptionalChoice
          label={t('profile:preferences.communication')}
          value={value.communication}
          choices={COMMUNICATION_CHANNELS}
          wordsOf={(channel) => t(`profile:preferences.channels.${channel}`)}
          onChange={(communication) => change({ communication })}
        />
        <TextareaField
          label={t('profile:preferences.goals')}
          value={value.goals ?? ''}
          maxLength={500}
          onChange={(goals) => change({ goals: goals || null })}
        />
      </SaveForm>
    </Section>
  );
}

/** A choice that may be left unset ("Not set" first). */
function OptionalChoice<T extends string>({
  value,
  onChange,
  ...field
}: Omit<SelectFieldProps<T>, 'value' | 'noneLabel' | 'onChange'> & {
  value: T | null;
  onChange: (choice: T | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      {...field}
      value={value ?? ''}
      noneLabel={t('profile:preferences.unset')}
      onChange={(choice) => onChange((choice || null) as T | null)}
    />
  );
}

function ActivitiesSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshProfile();
  const list = useProfileSection(user.id, 'activities');
  const empty = {
    kind: 'project' as (typeof ACTIVITY_KINDS)[number],
    title: '',
    organization: '',
    started_on: '',
    ended_on: '',
  };
  const [form, setForm] = useState(empty);
  const add = useMutation<unknown, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        profileApi.addActivity(user.id, {
          kind: form.kind,
          title: form.title,
          organization: form.organization || null,
          started_on: form.started_on || null,
          ended_on: form.ended_on || null,
        }),
      ),
    onSuccess: () => {
      setForm(empty);
      return refresh();
    },
  });
  const error = add.error;
  const remove = useMutation({
    mutationFn: (id: number) => profileApi.removeActivity(user.id, id),
    onSuccess: () => refresh(),
  });
  return (
    <Section
      id="activities"
      title={t('profile:activities.title')}
      description={t('profile:activities.intro')}
    >
      {(list.data?.activities ?? []).length > 0 && (
        <ul className={styles.list}>
          {list.data!.activities.map((activity) => (
            <li key={activity.id} className={styles.item}>
              <div>
                <Text weight="semibold" block>
                  {activity.title}
                </Text>
                <Text className={styles.muted}>
                  {[
                    t(`profile:activities.kinds.${activity.kind}`),
                    activity.organization,
                    activity.started_on,
                    activity.ended_on,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('profile:activities.remove', { title: activity.title })}
                onClick={() => remove.mutate(activity.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <SaveForm
        className={styles.form}
        onSubmit={() => add.mutate()}
        error={error}
        submitLabel={t('profile:activities.add')}
        submitAppearance="secondary"
        submitDisabled={!form.title.trim() || add.isPending}
      >
        <SelectField
          label={t('profile:activities.kind')}
          value={form.kind}
          choices={ACTIVITY_KINDS}
          wordsOf={(kind) => t(`profile:activities.kinds.${kind}`)}
          onChange={(kind) => setForm({ ...form, kind: kind as typeof form.kind })}
        />
        <TextField
          label={t('profile:activities.name')}
          required
          validationMessage={fieldError(error, 'title')}
          value={form.title}
          onChange={(title) => setForm({ ...form, title })}
        />
        <TextField
          label={t('profile:activities.organization')}
          value={form.organization}
          onChange={(organization) => setForm({ ...form, organization })}
        />
        <div className={styles.row}>
          <DateField
            label={t('profile:activities.started_on')}
            value={form.started_on}
            onChange={(value) => setForm({ ...form, started_on: value })}
          />
          <DateField
            label={t('profile:activities.ended_on')}
            validationMessage={fieldError(error, 'ended_on')}
            value={form.ended_on}
            onChange={(value) => setForm({ ...form, ended_on: value })}
          />
        </div>
      </SaveForm>
    </Section>
  );
}

/** /profile/basic-information: picture, names, time zone, bio, links, CV, preferences, activities. */
export default function BasicInformationPage() {
  const styles = useStyles();
  const user = useSignedInUser();
  return (
    <div className={styles.root}>
      <PictureSection user={user} />
      <AboutSection user={user} />
      <LinksSection user={user} />
      <CvSection user={user} />
      <PreferencesSection user={user} />
      <ActivitiesSection user={user} />
    </div>
  );
}
