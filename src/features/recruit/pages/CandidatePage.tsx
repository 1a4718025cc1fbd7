import {
  Badge,
  Button,
  Field,
  Input,
  Link,
  makeStyles,
  Select,
  Tag,
  TagGroup,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import {
  CheckmarkCircleRegular,
  DismissCircleRegular,
  MailRegular,
  PhoneRegular,
} from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NOTE_MAX, RECRUIT_STAGES, TAG_MAX } from '@contracts/recruit';
import { FormAlert } from '@/components/FormAlert';
import { RouterLink } from '@/components/RouterLink';
import { useWorkspace } from '@/features/workspaces';
import { formatDate, formatDateTime } from '@/lib/format';
import { withApiError, type ApiError } from '@/lib/http';
import { notify } from '@/lib/notify';
import {
  recruitApi,
  recruitKeys,
  type HistoryEntry,
  type Job,
  type JobCandidateDetail,
  type JobStage,
  type RecruitStage,
} from '../api';
import { Block } from '../components/Block';
import { DetailHeading, DetailPage } from '../components/DetailPage';
import { CvPreview } from '../components/CvPreview';
import { Scorecards } from '../components/Scorecards';
import { useJob, useRecruitRefresh } from '../hooks';
import { stageLabel } from '../recruit-view';
import { columnList, column } from '@/lib/styles';

const useStyles = makeStyles({
  columns: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
    alignItems: 'start',
    '@media (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { ...column, gap: tokens.spacingVerticalL, minWidth: 0 },
  form: { ...column, gap: tokens.spacingVerticalM },
  contact: { ...column, gap: tokens.spacingVerticalXS },
  line: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    overflowWrap: 'anywhere',
    minWidth: 0,
  },
  tagRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  tagInput: { flex: '1 1 160px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  quote: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  entry: {
    ...column,
    gap: '2px',
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
  answer: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  pass: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, fontSize: '20px' },
  fail: { color: tokens.colorPaletteRedForeground1, flexShrink: 0, fontSize: '20px' },
  wrap: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
});

function useCandidateChange(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRecruitRefresh();
  return useMutation<
    JobCandidateDetail,
    ApiError,
    Parameters<typeof recruitApi.updateCandidate>[1]
  >({
    mutationFn: (body) => withApiError(() => recruitApi.updateCandidate(id, body)),
    onSuccess: (updated) => {
      queryClient.setQueryData(recruitKeys.candidate(id), updated);
      void refresh();
    },
  });
}

function StageForm({ detail, stages }: { detail: JobCandidateDetail; stages: JobStage[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [stage, setStage] = useState<RecruitStage>(detail.stage);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const change = useCandidateChange(detail.id);
  const unchanged = stage === detail.stage && !note.trim();
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          {
            ...(stage !== detail.stage ? { stage } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(stage === 'rejected' && reason.trim() ? { rejection_reason: reason.trim() } : {}),
          },
          {
            onSuccess: () => {
              setNote('');
              setReason('');
              notify({ intent: 'success', text: t('recruit:candidate.stage_saved') });
            },
          },
        );
      }}
    >
      <FormAlert error={change.error} />
      <Field label={t('recruit:candidate.stage')}>
        <Select value={stage} onChange={(_e, d) => setStage(d.value as RecruitStage)}>
          {RECRUIT_STAGES.map((key) => (
            <option key={key} value={key}>
              {stageLabel(t, key, stages)}
            </option>
          ))}
        </Select>
      </Field>
      {stage === 'rejected' && stage !== detail.stage && (
        <Field label={t('recruit:candidate.rejection_reason')}>
          <Input value={reason} maxLength={500} onChange={(_e, d) => setReason(d.value)} />
        </Field>
      )}
      <Field label={t('recruit:candidate.note')} hint={t('recruit:candidate.note_hint')}>
        <Textarea value={note} maxLength={NOTE_MAX} onChange={(_e, d) => setNote(d.value)} />
      </Field>
      <div>
        <Button type="submit" appearance="primary" disabled={unchanged || change.isPending}>
          {stage !== detail.stage ? t('recruit:candidate.move') : t('recruit:candidate.add_note')}
        </Button>
      </div>
    </form>
  );
}

function Tags({ detail, canEdit }: { detail: JobCandidateDetail; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const change = useCandidateChange(detail.id);
  const tags = detail.candidate.tags;
  const save = (next: string[]) => change.mutate({ tags: next });
  return (
    <div className={styles.form}>
      {tags.length > 0 ? (
        <TagGroup
          aria-label={t('recruit:candidate.tags')}
          onDismiss={
            canEdit ? (_e, data) => save(tags.filter((tag) => tag !== data.value)) : undefined
          }
        >
          {tags.map((tag) => (
            <Tag
              key={tag}
              value={tag}
              size="small"
              dismissible={canEdit}
              dismissIcon={
                canEdit ? { 'aria-label': t('recruit:candidate.remove_tag', { tag }) } : undefined
              }
            >
              {tag}
            </Tag>
          ))}
        </TagGroup>
      ) : (
        <Text size={200} className={styles.muted}>
          {t('recruit:candidate.no_tags')}
        </Text>
      )}
      {canEdit && (
        <form
          className={styles.tagRow}
          onSubmit={(event) => {
            event.preventDefault();
            const tag = draft.trim();
            if (tag && !tags.includes(tag)) save([...tags, tag]);
            setDraft('');
          }}
        >
          <Field label={t('recruit:candidate.new_tag')} className={styles.tagInput}>
            <Input value={draft} maxLength={TAG_MAX} onChange={(_e, d) => setDraft(d.value)} />
          </Field>
          <Button type="submit" disabled={!draft.trim() || change.isPending}>
            {t('recruit:candidate.add_tag')}
          </Button>
        </form>
      )}
      <FormAlert error={change.error} />
    </div>
  );
}

function historyText(
  t: ReturnType<typeof useTranslation>['t'],
  entry: HistoryEntry,
  stages: JobStage[],
) {
  const who = entry.actor?.name ?? t('recruit:candidate.history_someone');
  const job = entry.job_title ?? '';
  switch (entry.kind) {
    case 'added':
      return t('recruit:candidate.history.added', { who, job });
    case 'merged':
      return t('recruit:candidate.history.merged', { job });
    case 'stage':
      return t('recruit:candidate.history.stage', {
        who,
        from: entry.from_stage ? stageLabel(t, entry.from_stage, stages) : '',
        to: entry.to_stage ? stageLabel(t, entry.to_stage, stages) : '',
      });
    case 'note':
      return t('recruit:candidate.history.note', { who });
    case 'scorecard':
      return t('recruit:candidate.history.scorecard', { who });
  }
}

/** A block's list of entries (each a line at the left), or the words for none. */
function EntryList<T>({
  items,
  empty,
  ordered = false,
  keyOf,
  children: entry,
}: {
  items: T[];
  empty: string;
  /** An ordered list: the entries' order means something (a history). */
  ordered?: boolean;
  keyOf: (item: T) => string | number;
  children: (item: T) => ReactNode;
}) {
  const styles = useStyles();
  if (items.length === 0) return <Text className={styles.muted}>{empty}</Text>;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={styles.list}>
      {items.map((item) => (
        <li key={keyOf(item)} className={styles.entry}>
          {entry(item)}
        </li>
      ))}
    </List>
  );
}

/** A candidate in one job: CV, contact, skills with evidence, stage and note, scorecards, history. */
export default function CandidatePage() {
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const id = Number(useParams().candidate);
  const detail = useQuery({
    queryKey: recruitKeys.candidate(id),
    queryFn: () => recruitApi.candidate(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const job = useJob(detail.data?.job_id ?? 0);
  const base = `/workspaces/${workspace.id}/talent-pool`;
  return (
    <DetailPage
      back={
        detail.data
          ? {
              to: `${base}/jobs/${detail.data.job_id}`,
              label: t('recruit:candidate.back_to', { job: detail.data.job_title }),
            }
          : { to: base, label: t('recruit:page.all_jobs') }
      }
      query={detail}
      rows={5}
      loading={t('recruit:candidate.loading')}
    >
      {(data) => <CandidateDetails data={data} job={job.data} base={base} />}
    </DetailPage>
  );
}

function CandidateDetails({
  data,
  job,
  base,
}: {
  data: JobCandidateDetail;
  /** The job, once loaded: its stage names and what the member may do. */
  job: Job | undefined;
  /** The talent pool's address. */
  base: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const stages = job?.stages ?? [];
  const abilities = job?.abilities;
  const person = data.candidate;
  const otherApplications = data.applications.filter((a) => a.job_candidate_id !== data.id);
  return (
    <>
      <DetailHeading title={person.name}>
        <Badge appearance="filled" data-testid="recruit-candidate-stage">
          {stageLabel(t, data.stage, stages)}
        </Badge>
        <Badge appearance="outline">{t(`recruit:candidate.sources.${person.source}`)}</Badge>
      </DetailHeading>
      {data.stage === 'rejected' && data.rejection_reason && (
        <Text className={styles.muted}>
          {t('recruit:candidate.rejected_because', { reason: data.rejection_reason })}
        </Text>
      )}
      <div className={styles.columns}>
        <div className={styles.column}>
          <Block id="candidate-cv" title={t('recruit:candidate.cv')}>
            <CvPreview files={data.files} />
          </Block>
          <Block id="candidate-skills" title={t('recruit:candidate.skills')}>
            <EntryList
              items={person.skills}
              empty={t('recruit:candidate.no_skills')}
              keyOf={(skill) => skill.skill_id}
            >
              {(skill) => (
                <>
                  <Text weight="semibold">{skill.name}</Text>
                  <Text size={200} className={styles.quote}>
                    {t(`recruit:screening.source.${skill.evidence.source}`)}: “{skill.evidence.text}
                    ”
                  </Text>
                </>
              )}
            </EntryList>
            {person.experience.length > 0 && (
              <>
                <Text as="h4" weight="semibold">
                  {t('recruit:candidate.experience')}
                </Text>
                <ul className={styles.list}>
                  {person.experience.map((line, index) => (
                    <li key={index}>
                      <Text className={styles.wrap}>{line}</Text>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Block>
          <Block
            id="candidate-scorecards"
            title={t('recruit:candidate.scorecards')}
            description={t('recruit:candidate.scorecards_hint')}
          >
            <Scorecards detail={data} canScore={abilities?.score ?? false} />
          </Block>
        </div>
        <div className={styles.column}>
          <Block id="candidate-contact" title={t('recruit:candidate.contact')}>
            <div className={styles.contact}>
              {person.email && (
                <span className={styles.line}>
                  <MailRegular aria-hidden />
                  <Link href={`mailto:${person.email}`}>{person.email}</Link>
                </span>
              )}
              {person.phone && (
                <span className={styles.line}>
                  <PhoneRegular aria-hidden />
                  <Link href={`tel:${person.phone}`}>{person.phone}</Link>
                </span>
              )}
              {!person.email && !person.phone && (
                <Text className={styles.muted}>{t('recruit:candidate.no_contact')}</Text>
              )}
              <Text size={200} className={styles.muted}>
                {t('recruit:candidate.applied_on', { date: formatDate(data.created_at) })}
              </Text>
            </div>
            <Tags detail={data} canEdit={abilities?.move ?? false} />
          </Block>
          {abilities?.move && (
            <Block id="candidate-stage" title={t('recruit:candidate.stage_heading')}>
              <StageForm
                key={`${data.stage}-${data.stage_changed_at}`}
                detail={data}
                stages={stages}
              />
            </Block>
          )}
          {data.knockout_answers.length > 0 && (
            <Block id="candidate-knockout" title={t('recruit:candidate.knockout')}>
              <ul className={styles.list}>
                {data.knockout_answers.map((answer) => (
                  <li key={answer.question_id} className={styles.answer}>
                    {answer.passed ? (
                      <CheckmarkCircleRegular className={styles.pass} aria-hidden />
                    ) : (
                      <DismissCircleRegular className={styles.fail} aria-hidden />
                    )}
                    <Text>
                      {answer.question} —{' '}
                      {answer.answer === null
                        ? t('recruit:candidate.no_answer')
                        : answer.answer
                          ? t('recruit:position.yes')
                          : t('recruit:position.no')}
                      {!answer.passed && ` (${t('recruit:candidate.knocked_out')})`}
                    </Text>
                  </li>
                ))}
              </ul>
            </Block>
          )}
          {data.profile?.consent && (
            <Block id="candidate-profile" title={t('recruit:candidate.profile')}>
              {data.profile.soft_skills && (
                <div className={styles.tagRow}>
                  {data.profile.soft_skills.map((skill) => (
                    <Badge key={skill.key} appearance="tint">
                      {`${t(`personality:soft_skills.${skill.key}`)}: ${t(`personality:bands.${skill.level}`)}`}
                    </Badge>
                  ))}
                </div>
              )}
              {data.profile.availability && (
                <Text>
                  {t('recruit:candidate.availability', { count: data.profile.availability.length })}
                </Text>
              )}
            </Block>
          )}
          {otherApplications.length > 0 && (
            <Block id="candidate-applications" title={t('recruit:candidate.applications')}>
              <ul className={styles.list}>
                {otherApplications.map((application) => (
                  <li key={application.job_candidate_id}>
                    <RouterLink to={`${base}/candidates/${application.job_candidate_id}`}>
                      {application.job_title}
                    </RouterLink>{' '}
                    <Text size={200} className={styles.muted}>
                      · {stageLabel(t, application.stage)}
                    </Text>
                  </li>
                ))}
              </ul>
            </Block>
          )}
          <Block id="candidate-history" title={t('recruit:candidate.history_heading')}>
            <EntryList
              ordered
              items={data.history}
              empty={t('recruit:candidate.no_history')}
              keyOf={(entry) => entry.id}
            >
              {(entry) => (
                <>
                  <Text>{historyText(t, entry, stages)}</Text>
                  {entry.note && (
                    <Text as="p" size={200} className={styles.wrap}>
                      {entry.note}
                    </Text>
                  )}
                  <Text size={200} className={styles.muted}>
                    {formatDateTime(entry.at)}
                  </Text>
                </>
              )}
            </EntryList>
          </Block>
        </div>
      </div>
    </>
  );
}
