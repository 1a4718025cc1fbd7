import {
  Avatar,
  Button,
  Combobox,
  Field,
  Input,
  makeStyles,
  Option,
  Select,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
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
import { formatFileSize } from '@/lib/file-size';
import { formatDate } from '@/lib/format';
import { apiErrorOf, withApiError, type ApiError } from '@/lib/http';
import { profileApi, profileKeys, type WorkPreferences } from '../api';
import { Section } from '@/components/Section';
import { TimeZonePicker } from '../components/TimeZonePicker';
import { useRefreshProfile } from '../use-refresh-user';
import { DateField } from '@/components/DateField';
import { Busy } from '@/components/Busy';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '520px',
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: {
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
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
      <Button
        disabled={busy}
        icon={busy ? <Busy size="tiny" /> : undefined}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </>
  );
}

function PictureSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshProfile();
  const upload = useMutation({ mutationFn: profileApi.uploadAvatar, onSuccess: () => refresh() });
  const remove = useMutation({ mutationFn: profileApi.removeAvatar, onSuccess: () => refresh() });
  const failure = upload.error ?? remove.error;
  return (
    <Section
      id="picture"
      title={t('profile:basic.picture')}
      description={t('profile:basic.picture_hint')}
    >
      <FormAlert error={failure ? apiErrorOf(failure) : null} />
      <div className={styles.row}>
        <Avatar
          size={96}
          name={user.name}
          image={user.avatar_url ? { src: user.avatar_url } : undefined}
        />
        <FilePickButton
          accept="image/png,image/jpeg,image/gif,image/webp"
          label={t('profile:basic.upload_picture')}
          busy={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
        {user.avatar_url && (
          <Button disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('profile:basic.remove_picture')}
          </Button>
        )}
      </div>
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
  const [error, setError] = useState<ApiError | null>(null);
  const zones = useQuery({
    queryKey: profileKeys.timezones,
    queryFn: profileApi.timezones,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: async () => {
      let updated = await withApiError(() =>
        profileApi.saveBasics({ first_name: firstName, last_name: lastName, bio: bio || null }),
      );
      if (timezone !== user.timezone)
        updated = await withApiError(() => profileApi.saveTimezone(timezone));
      return updated;
    },
    onMutate: () => setError(null),
    onSuccess: (updated) => queryClient.setQueryData(currentUserKey, updated),
    onError: (failure) => setError(failure as unknown as ApiError),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Section id="about" title={t('profile:basic.about')}>
      <form className={styles.form} onSubmit={onSubmit}>
        <FormAlert error={error} />
        <Field
          label={t('profile:basic.first_name')}
          validationMessage={fieldError(error, 'first_name')}
        >
          <Input value={firstName} onChange={(_e, d) => setFirstName(d.value)} />
        </Field>
        <Field
          label={t('profile:basic.last_name')}
          validationMessage={fieldError(error, 'last_name')}
        >
          <Input value={lastName} onChange={(_e, d) => setLastName(d.value)} />
        </Field>
        <Field
          label={t('profile:basic.timezone')}
          validationMessage={fieldError(error, 'timezone')}
        >
          <TimeZonePicker zones={zones.data ?? []} value={timezone} onChange={setTimezone} />
        </Field>
        <Field label={t('profile:basic.bio')} validationMessage={fieldError(error, 'bio')}>
          <Textarea
            value={bio}
            maxLength={2000}
            resize="vertical"
            onChange={(_e, d) => setBio(d.value)}
          />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={save.isPending}>
            {t('app:actions.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function LinksSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshProfile();
  const [links, setLinks] = useState<Record<string, string>>(user.social_media);
  const [error, setError] = useState<ApiError | null>(null);
  const save = useMutation({
    mutationFn: () =>
      withApiError(() =>
        profileApi.saveSocialMedia(
          Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, links[n] ?? ''])),
        ),
      ),
    onMutate: () => setError(null),
    onSuccess: (saved) => {
      setLinks(saved.social_media);
      return refresh();
    },
    onError: (failure) => setError(failure as unknown as ApiError),
  });
  return (
    <Section id="links" title={t('profile:basic.links')}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        {SOCIAL_NETWORKS.map((network) => (
          <Field
            key={network}
            label={t(`profile:networks.${network}`)}
            validationMessage={fieldError(error, `social_media.${network}`)}
          >
            <Input
              type="url"
              value={links[network] ?? ''}
              placeholder="https://"
              onChange={(_e, d) => setLinks((current) => ({ ...current, [network]: d.value }))}
            />
          </Field>
        ))}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={save.isPending}>
            {t('app:actions.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function CvSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const page = useQuery({
    queryKey: profileKeys.section(user.id, 'page'),
    queryFn: () => profileApi.pageInformation(user.id),
  });
  const refresh = useRefreshProfile();
  const upload = useMutation({ mutationFn: profileApi.uploadCv, onSuccess: () => refresh() });
  const remove = useMutation({ mutationFn: profileApi.removeCv, onSuccess: () => refresh() });
  const cv = page.data?.cv ?? null;
  const failure = upload.error ?? remove.error;
  return (
    <Section id="cv" title={t('profile:basic.cv')} description={t('profile:basic.cv_hint')}>
      <FormAlert error={failure ? apiErrorOf(failure) : null} />
      {cv && (
        <Text>
          {t('profile:basic.cv_file', {
            name: cv.name,
            size: formatFileSize(cv.size),
            date: formatDate(cv.uploaded_at),
          })}
        </Text>
      )}
      <div className={styles.row}>
        <FilePickButton
          accept=".pdf,.doc,.docx,.odt,.rtf,.txt"
          label={cv ? t('profile:basic.replace_cv') : t('profile:basic.upload_cv')}
          busy={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
        {cv && (
          <Button disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('profile:basic.remove_cv')}
          </Button>
        )}
      </div>
    </Section>
  );
}

function PreferencesSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const stored = useQuery({
    queryKey: profileKeys.section(user.id, 'preferences'),
    queryFn: () => profileApi.preferences(user.id),
  });
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
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(value);
        }}
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
        <Field label={t('profile:preferences.goals')}>
          <Textarea
            value={value.goals ?? ''}
            maxLength={500}
            onChange={(_e, d) => change({ goals: d.value || null })}
          />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={!draft || save.isPending}>
            {t('app:actions.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** A choice that may be left unset ("Not set" first). */
function OptionalChoice<T extends string>({
  label,
  value,
  choices,
  wordsOf,
  onChange,
}: {
  label: string;
  value: T | null;
  choices: readonly T[];
  wordsOf: (choice: T) => string;
  onChange: (choice: T | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label}>
      <Select value={value ?? ''} onChange={(_e, d) => onChange((d.value || null) as T | null)}>
        <option value="">{t('profile:preferences.unset')}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {wordsOf(choice)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function ActivitiesSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshProfile();
  const list = useQuery({
    queryKey: profileKeys.section(user.id, 'activities'),
    queryFn: () => profileApi.activities(user.id),
  });
  const empty = {
    kind: 'project' as (typeof ACTIVITY_KINDS)[number],
    title: '',
    organization: '',
    started_on: '',
    ended_on: '',
  };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<ApiError | null>(null);
  const add = useMutation({
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
    onMutate: () => setError(null),
    onSuccess: () => {
      setForm(empty);
      return refresh();
    },
    onError: (failure) => setError(failure as unknown as ApiError),
  });
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
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <FormAlert error={error} />
        <Field label={t('profile:activities.kind')}>
          <Select
            value={form.kind}
            onChange={(_e, d) => setForm({ ...form, kind: d.value as typeof form.kind })}
          >
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`profile:activities.kinds.${kind}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('profile:activities.name')}
          required
          validationMessage={fieldError(error, 'title')}
        >
          <Input value={form.title} onChange={(_e, d) => setForm({ ...form, title: d.value })} />
        </Field>
        <Field label={t('profile:activities.organization')}>
          <Input
            value={form.organization}
            onChange={(_e, d) => setForm({ ...form, organization: d.value })}
          />
        </Field>
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
        <div className={styles.actions}>
          <Button type="submit" disabled={!form.title.trim() || add.isPending}>
            {t('profile:activities.add')}
          </Button>
        </div>
      </form>
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
