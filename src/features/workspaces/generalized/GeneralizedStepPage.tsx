import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  Input,
  Label,
  makeStyles,
  Option,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { GeneralizedStep, ScheduleInput, WorkspaceDraft } from '@contracts/schedules';
import { FORMATION_STRATEGIES } from '@contracts/team-formation';
import {
  DEFAULT_SECTIONS,
  MEMBER_ACCESS_KEYS,
  WORKSPACE_SECTIONS,
  type MemberAccessKey,
  type WorkspaceSection,
} from '@contracts/workspaces';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { refreshWorkspaces, workspacesApi } from '../api';
import { workspaceKeys } from '../keys';
import {
  BasicInformationFields,
  basicInformationBody,
  emptyBasicInformation,
  type BasicInformation,
} from '../create/BasicInformationFields';
import { DateField } from '@/components/DateField';
import { Busy } from '@/components/Busy';
import { StrategyField } from './StrategyField';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    maxWidth: '720px',
    padding: tokens.spacingHorizontalL,
  },
  steps: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  current: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  stack: { ...column, gap: tokens.spacingVerticalS },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/**
 * A label over several controls. Fluent's Field labels one control, so a group of checkboxes
 * or rows gets a labelled group instead and each control keeps its own name.
 */
function FieldGroup({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={styles.stack}>
      <Label id={id}>{label}</Label>
      {children}
      {hint && <Text size={200}>{hint}</Text>}
    </div>
  );
}

const STEPS: GeneralizedStep[] = ['basic-information', 'plan', 'schedule'];
type Strategy = (typeof FORMATION_STRATEGIES)[number];
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

function StepFrame({
  step,
  error,
  children,
  onSubmit,
  busy,
  submitLabel,
  onBack,
  extra,
}: {
  step: GeneralizedStep;
  error: ApiError | null;
  children: ReactNode;
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  onBack?: () => void;
  extra?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.root} onSubmit={submit} noValidate>
      <Text as="h1" size={600} weight="semibold">
        {t('workspaces:generalized.title')}
      </Text>
      <ol className={styles.steps} aria-label={t('workspaces:generalized.steps')}>
        {STEPS.map((name, index) => (
          <li
            key={name}
            className={name === step ? styles.current : undefined}
            aria-current={name === step ? 'step' : undefined}
          >
            {index + 1}. {t(`workspaces:generalized.step.${name}`)}
          </li>
        ))}
      </ol>
      <FormAlert error={error} />
      {children}
      <div className={styles.actions}>
        {onBack && <Button onClick={onBack}>{t('workspaces:create.back')}</Button>}
        {extra}
        <Button type="submit" appearance="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Saves a step of the draft, keeps the draft as saved and goes on to the `next` step. */
function useSaveStep(save: () => Promise<WorkspaceDraft>, next: GeneralizedStep) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation<WorkspaceDraft, ApiError>({
    mutationFn: () => withApiError(save),
    onSuccess: (saved) => {
      queryClient.setQueryData(workspaceKeys.draft(saved.id), saved);
      navigate(`/workspaces/generalized/${saved.id}/${next}`);
    },
  });
}

function BasicInformationStep({ draft }: { draft: WorkspaceDraft | null }) {
  const { t } = useTranslation();
  const saved = draft?.basic_information;
  const [value, setValue] = useState<BasicInformation>(() =>
    saved
      ? {
          name: saved.name,
          description: saved.description ?? '',
          start_date: saved.start_date ?? '',
          end_date: saved.end_date ?? '',
          color: saved.color ?? emptyBasicInformation().color,
        }
      : emptyBasicInformation(),
  );
  const save = useSaveStep(() => {
    const body = { ...basicInformationBody(value), color: value.color };
    return draft
      ? workspacesApi.saveBasicInformation(draft.id, body)
      : workspacesApi.startDraft(body);
  }, 'plan');
  return (
    <StepFrame
      step="basic-information"
      error={save.error && Object.keys(save.error.fields).length === 0 ? save.error : null}
      onSubmit={() => save.mutate()}
      busy={save.isPending}
      submitLabel={t('workspaces:generalized.next')}
    >
      <BasicInformationFields value={value} onChange={setValue} error={save.error} />
    </StepFrame>
  );
}

function PlanStep({ draft }: { draft: WorkspaceDraft }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = draft.plan;
  const [sections, setSections] = useState<WorkspaceSection[]>(
    saved?.sections ?? [...DEFAULT_SECTIONS.generalized],
  );
  const [access, setAccess] = useState<Partial<Record<MemberAccessKey, boolean>>>(
    saved?.member_access ?? {},
  );
  const [strategy, setStrategy] = useState<Strategy | ''>(saved?.team_formation_strategy ?? '');
  const [questions, setQuestions] = useState<string[]>(saved?.questions.map((q) => q.text) ?? []);
  const save = useSaveStep(
    () =>
      workspacesApi.savePlan(draft.id, {
        sections,
        member_access: access,
        team_formation_strategy: strategy || null,
        questions: questions.filter((q) => q.trim()).map((text) => ({ text: text.trim() })),
      }),
    'schedule',
  );
  const toggle = (section: WorkspaceSection, on: boolean) =>
    setSections(WORKSPACE_SECTIONS.filter((s) => (s === section ? on : sections.includes(s))));
  return (
    <StepFrame
      step="plan"
      error={save.error}
      onSubmit={() => save.mutate()}
      busy={save.isPending}
      submitLabel={t('workspaces:generalized.next')}
      onBack={() => navigate(`/workspaces/generalized/${draft.id}/basic-information`)}
    >
      <FieldGroup
        label={t('workspaces:generalized.sections')}
        hint={t('workspaces:generalized.sections_hint')}
      >
        <div className={styles.stack}>
          {WORKSPACE_SECTIONS.map((section) => (
            <Checkbox
              key={section}
              label={t(`workspaces:sections.${section}`)}
              checked={sections.includes(section)}
              onChange={(_event, data) => toggle(section, data.checked === true)}
            />
          ))}
        </div>
      </FieldGroup>
      <FieldGroup label={t('workspaces:settings.member_access')}>
        <div className={styles.stack}>
          {MEMBER_ACCESS_KEYS.map((key) => (
            <Switch
              key={key}
              label={t(`workspaces:member_access.${key}`)}
              checked={access[key] === true}
              onChange={(_event, data) => setAccess({ ...access, [key]: data.checked })}
            />
          ))}
        </div>
      </FieldGroup>
      <StrategyField value={strategy || null} onChange={(value) => setStrategy(value ?? '')} />
      <FieldGroup
        label={t('workspaces:generalized.questions')}
        hint={t('workspaces:generalized.questions_hint')}
      >
        <div className={styles.stack}>
          {questions.map((question, index) => (
            <div key={index} className={styles.row}>
              <Input
                value={question}
                aria-label={t('workspaces:generalized.question', { number: index + 1 })}
                maxLength={500}
                onChange={(_event, data) =>
                  setQuestions(questions.map((q, i) => (i === index ? data.value : q)))
                }
              />
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('workspaces:generalized.remove_question')}
                onClick={() => setQuestions(questions.filter((_q, i) => i !== index))}
              />
            </div>
          ))}
          <Button icon={<AddRegular />} onClick={() => setQuestions([...questions, ''])}>
            {t('workspaces:generalized.add_question')}
          </Button>
        </div>
      </FieldGroup>
    </StepFrame>
  );
}

function ScheduleStep({ draft }: { draft: WorkspaceDraft }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const basics = draft.basic_information;
  const [schedule, setSchedule] = useState<ScheduleInput>(
    () =>
      draft.schedule ?? {
        type: 'course',
        name: basics?.name ?? '',
        starts_on: basics?.start_date ?? '',
        ends_on: basics?.end_date ?? '',
        sessions: [],
      },
  );
  const finish = useMutation<number, ApiError, ScheduleInput | null>({
    mutationFn: (value) =>
      withApiError(async () => {
        await workspacesApi.saveSchedule(draft.id, value);
        return (await workspacesApi.completeDraft(draft.id)).resource.id;
      }),
    onSuccess: async (workspaceId) => {
      await refreshWorkspaces(queryClient);
      navigate(`/workspaces/${workspaceId}/people`);
    },
  });
  const fieldError = (field: string) =>
    finish.error?.fields[`schedule.${field}`]?.join(' ') ?? undefined;
  const setSession = (index: number, change: Partial<ScheduleInput['sessions'][number]>) =>
    setSchedule({
      ...schedule,
      sessions: schedule.sessions.map((s, i) => (i === index ? { ...s, ...change } : s)),
    });
  return (
    <StepFrame
      step="schedule"
      error={finish.error}
      onSubmit={() => finish.mutate(schedule)}
      busy={finish.isPending}
      submitLabel={t('workspaces:generalized.finish')}
      onBack={() => navigate(`/workspaces/generalized/${draft.id}/plan`)}
      extra={
        <Button disabled={finish.isPending} onClick={() => finish.mutate(null)}>
          {t('workspaces:generalized.skip_schedule')}
        </Button>
      }
    >
      <Text>{t('workspaces:generalized.schedule_hint')}</Text>
      <Field
        label={t('workspaces:generalized.schedule_name')}
        validationMessage={fieldError('name')}
      >
        <Input
          value={schedule.name}
          onChange={(_event, data) => setSchedule({ ...schedule, name: data.value })}
        />
      </Field>
      <div className={styles.row}>
        <DateField
          label={t('workspaces:create.start_date')}
          validationMessage={fieldError('starts_on')}
          value={schedule.starts_on}
          onChange={(value) => setSchedule({ ...schedule, starts_on: value })}
        />
        <DateField
          label={t('workspaces:create.end_date')}
          validationMessage={fieldError('ends_on')}
          value={schedule.ends_on}
          onChange={(value) => setSchedule({ ...schedule, ends_on: value })}
        />
      </div>
      <FieldGroup label={t('workspaces:generalized.sessions')}>
        <div className={styles.stack}>
          {schedule.sessions.map((session, index) => (
            <div key={index} className={styles.row}>
              <Dropdown
                aria-label={t('workspaces:generalized.weekday')}
                value={t(`workspaces:generalized.weekdays.${session.weekday}`)}
                selectedOptions={[String(session.weekday)]}
                onOptionSelect={(_event, data) =>
                  setSession(index, { weekday: Number(data.optionValue) })
                }
              >
                {WEEKDAYS.map((day) => (
                  <Option key={day} value={String(day)}>
                    {t(`workspaces:generalized.weekdays.${day}`)}
                  </Option>
                ))}
              </Dropdown>
              <Input
                type="time"
                aria-label={t('workspaces:generalized.start_time')}
                value={session.start_time}
                onChange={(_event, data) => setSession(index, { start_time: data.value })}
              />
              <Input
                type="time"
                aria-label={t('workspaces:generalized.end_time')}
                value={session.end_time}
                onChange={(_event, data) => setSession(index, { end_time: data.value })}
              />
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('workspaces:generalized.remove_session')}
                onClick={() =>
                  setSchedule({
                    ...schedule,
                    sessions: schedule.sessions.filter((_s, i) => i !== index),
                  })
                }
              />
            </div>
          ))}
          <Button
            icon={<AddRegular />}
            onClick={() =>
              setSchedule({
                ...schedule,
                sessions: [
                  ...schedule.sessions,
                  { weekday: 1, start_time: '09:00', end_time: '10:00' },
                ],
              })
            }
          >
            {t('workspaces:generalized.add_session')}
          </Button>
        </div>
      </FieldGroup>
    </StepFrame>
  );
}

/** One step of spec 2.5's generalized workspace creation, resumable by the draft id in the URL. */
function GeneralizedStepPage({ step }: { step: GeneralizedStep }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const hasDraft = Number.isInteger(id) && id > 0;
  const draft = useQuery<WorkspaceDraft, ApiError>({
    queryKey: workspaceKeys.draft(id),
    queryFn: () => withApiError(() => workspacesApi.draft(id)),
    enabled: hasDraft,
    retry: false,
  });
  if (hasDraft && draft.error) {
    return <FormAlert error={draft.error} title={t('workspaces:generalized.draft_missing')} />;
  }
  if (hasDraft && !draft.data) return <Busy />;
  const saved = draft.data ?? null;
  // Later steps need the draft the first step starts.
  if (step === 'basic-information' || !saved)
    return <BasicInformationStep key={saved?.id ?? 'new'} draft={saved} />;
  if (step === 'plan') return <PlanStep key={saved.id} draft={saved} />;
  return <ScheduleStep key={saved.id} draft={saved} />;
}

export function BasicInformationPage() {
  return <GeneralizedStepPage step="basic-information" />;
}
export function PlanPage() {
  return <GeneralizedStepPage step="plan" />;
}
export function SchedulePage() {
  return <GeneralizedStepPage step="schedule" />;
}
