import {
  Badge,
  Button,
  Card,
  Field,
  makeStyles,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, LockClosedRegular, SearchRegular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RECRUIT_FILE_MAX_BYTES } from '@contracts/recruit';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { TextField } from '@/components/TextField';
import { formatFileSize } from '@/lib/file-size';
import { formatDate } from '@/lib/format';
import { apiErrorOf, type ApiError } from '@/lib/http';
import { recruitApi, recruitKeys, type PublicPosition } from '../api';
import { DOCUMENT_TYPES } from '../components/NewJobDialog';
import { ListSkeleton } from '../components/PageStates';
import { documentTooBig, RecruitDocumentField } from '../components/RecruitDocumentField';
import { YesNoField } from '../components/YesNoField';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    maxWidth: '760px',
    width: '100%',
    margin: '0 auto',
    minWidth: 0,
    boxSizing: 'border-box',
  },
  head: { ...column, gap: tokens.spacingVerticalXS },
  title: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
  skills: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  card: {
    gap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalM },
  },
  form: { ...column, gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The applicant's contact fields, in order; the label is `recruit:position.your_<name>`. */
const CONTACT_FIELDS = [
  { name: 'name', required: true, autoComplete: 'name', maxLength: 120 },
  { name: 'email', required: true, type: 'email', autoComplete: 'email', maxLength: 254 },
  { name: 'phone', required: false, type: 'tel', autoComplete: 'tel', maxLength: 40 },
] as const;

type Contact = Record<(typeof CONTACT_FIELDS)[number]['name'], string>;

function ApplyForm({ position, onApplied }: { position: PublicPosition; onApplied: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [contact, setContact] = useState<Contact>({ name: '', email: '', phone: '' });
  const [cv, setCv] = useState<File[]>([]);
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const unanswered = position.knockout_questions.filter((q) => answers[q.id] === undefined);
  const apply = useMutation<unknown, ApiError>({
    mutationFn: async () => {
      try {
        return await recruitApi.apply(
          position.id,
          {
            name: contact.name.trim(),
            email: contact.email.trim(),
            phone: contact.phone.trim() || undefined,
            answers,
          },
          cv[0]!,
          { onProgress: (loaded, total) => setProgress(total ? loaded / total : 0) },
        );
      } catch (error) {
        throw apiErrorOf(error);
      } finally {
        setProgress(null);
      }
    },
    onSuccess: onApplied,
  });
  const missing: Partial<Record<keyof Contact | 'cv', string>> = {
    name: tried && !contact.name.trim() ? t('recruit:position.name_required') : undefined,
    email: tried && !contact.email.trim() ? t('recruit:position.email_required') : undefined,
    cv: tried && cv.length === 0 ? t('recruit:position.cv_required') : undefined,
  };
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (
          !contact.name.trim() ||
          !contact.email.trim() ||
          cv.length === 0 ||
          unanswered.length > 0 ||
          documentTooBig(t)(cv)
        )
          return;
        apply.mutate();
      }}
    >
      <FormAlert error={apply.error} />
      {CONTACT_FIELDS.map(({ name, ...input }) => (
        <TextField
          key={name}
          label={t(`recruit:position.your_${name}`)}
          validationMessage={missing[name] ?? fieldError(apply.error, name)}
          value={contact[name]}
          onChange={(value) => setContact((current) => ({ ...current, [name]: value }))}
          {...input}
        />
      ))}
      <RecruitDocumentField
        label={t('recruit:position.cv')}
        required
        hint={t('recruit:position.cv_hint', { size: formatFileSize(RECRUIT_FILE_MAX_BYTES) })}
        validationMessage={missing.cv ?? fieldError(apply.error, 'cv')}
        files={cv}
        onChange={setCv}
        accept={DOCUMENT_TYPES}
        disabled={apply.isPending}
      />
      {position.knockout_questions.map((question) => (
        <YesNoField
          key={question.id}
          label={question.question}
          required
          validationMessage={
            tried && answers[question.id] === undefined
              ? t('recruit:position.answer_required')
              : undefined
          }
          value={answers[question.id]}
          onChange={(yes) => setAnswers((current) => ({ ...current, [question.id]: yes }))}
        />
      ))}
      {progress !== null && (
        <Field label={t('recruit:position.sending')}>
          <ProgressBar value={progress} />
        </Field>
      )}
      <Text size={200} className={styles.muted}>
        {t('recruit:position.privacy_note')}
      </Text>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={apply.isPending}>
          {apply.isPending ? t('recruit:position.sending') : t('recruit:position.apply')}
        </Button>
      </div>
    </form>
  );
}

/** /position/:id (spec 2.2): a job's public page and its apply form, open without sign-in. */
export default function PositionPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [applied, setApplied] = useState(false);
  const position = useQuery({
    queryKey: recruitKeys.position(id),
    queryFn: () => recruitApi.position(id),
    enabled: valid,
    retry: false,
  });

  if (!valid || position.isError) {
    const error = position.isError ? apiErrorOf(position.error) : null;
    const gone = !valid || error?.status === 404 || error?.status === 403;
    return (
      <div className={styles.root}>
        <EmptyState
          headingLevel={1}
          icon={<SearchRegular />}
          title={gone ? t('recruit:position.not_found') : t('recruit:page.load_failed')}
          description={gone ? t('recruit:position.not_found_hint') : error?.messages.join(' ')}
          actions={
            gone ? undefined : (
              <Button onClick={() => void position.refetch()}>{t('recruit:page.retry')}</Button>
            )
          }
        />
      </div>
    );
  }
  if (position.isPending)
    return (
      <div className={styles.root}>
        <ListSkeleton rows={5} label={t('recruit:position.loading')} />
      </div>
    );

  const job = position.data;
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text size={200} className={styles.muted}>
          {job.workspace_name}
        </Text>
        <Text as="h1" size={700} weight="semibold" className={styles.title}>
          {job.title}
        </Text>
        {!job.open && (
          <div>
            <Badge appearance="tint" color="informative">
              {job.closed_at
                ? t('recruit:position.closed_on', { date: formatDate(job.closed_at) })
                : t('recruit:position.closed')}
            </Badge>
          </div>
        )}
      </div>
      {job.skills.length > 0 && (
        <div className={styles.skills} aria-label={t('recruit:position.skills')}>
          {job.skills.map((skill) => (
            <Badge key={skill.name} appearance={skill.required ? 'filled' : 'tint'}>
              {skill.required
                ? t('recruit:position.skill_required', { name: skill.name })
                : skill.name}
            </Badge>
          ))}
        </div>
      )}
      {job.description && (
        <Text as="p" className={styles.text}>
          {job.description}
        </Text>
      )}
      <Card className={styles.card}>
        <Text as="h2" size={500} weight="semibold">
          {t('recruit:position.apply_heading')}
        </Text>
        {applied ? (
          <EmptyState
            headingLevel={3}
            icon={<CheckmarkCircleRegular />}
            title={t('recruit:position.applied')}
            description={t('recruit:position.applied_hint')}
          />
        ) : job.open ? (
          <ApplyForm position={job} onApplied={() => setApplied(true)} />
        ) : (
          <EmptyState
            headingLevel={3}
            icon={<LockClosedRegular />}
            title={t('recruit:position.closed_title')}
            description={t('recruit:position.closed_hint')}
          />
        )}
      </Card>
    </div>
  );
}
