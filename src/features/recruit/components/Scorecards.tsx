import {
  Badge,
  Button,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Rating,
  RatingDisplay,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX, SCORECARD_VERDICTS } from '@contracts/recruit';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  recruitApi,
  recruitKeys,
  type JobCandidateDetail,
  type Scorecard,
  type ScorecardVerdict,
} from '../api';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  form: { ...column, gap: tokens.spacingVerticalM },
  card: {
    ...column,
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  cardHead: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  rating: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  criterion: { flex: '1 1 120px', minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  note: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const VERDICT_COLORS = {
  strong_no: 'danger',
  no: 'warning',
  yes: 'success',
  strong_yes: 'success',
} as const;

function ScorecardView({ card, mine }: { card: Scorecard; mine?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid="recruit-scorecard">
      <div className={styles.cardHead}>
        <Text weight="semibold">
          {mine ? t('recruit:candidate.your_scorecard') : card.interviewer.name}
        </Text>
        <Badge appearance="tint" color={VERDICT_COLORS[card.verdict]}>
          {t(`recruit:candidate.verdicts.${card.verdict}`)}
        </Badge>
        <Text size={200} className={styles.muted}>
          {formatDateTime(card.submitted_at)}
        </Text>
      </div>
      {card.ratings.map((rating) => (
        <div key={rating.criterion} className={styles.rating}>
          <Text className={styles.criterion}>{rating.criterion}</Text>
          <RatingDisplay
            value={rating.rating}
            max={5}
            compact={false}
            aria-label={t('recruit:candidate.rating_of', {
              criterion: rating.criterion,
              rating: rating.rating,
            })}
          />
        </div>
      ))}
      {card.note && (
        <Text as="p" size={200} className={styles.note}>
          {card.note}
        </Text>
      )}
    </article>
  );
}

function ScorecardForm({ detail, onDone }: { detail: JobCandidateDetail; onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = detail.scorecards.mine;
  const [ratings, setRatings] = useState<Record<string, number>>(
    Object.fromEntries((mine?.ratings ?? []).map((r) => [r.criterion, r.rating])),
  );
  const [verdict, setVerdict] = useState<ScorecardVerdict | ''>(mine?.verdict ?? '');
  const [note, setNote] = useState(mine?.note ?? '');
  const criteria = detail.scorecard_criteria;
  const complete = verdict !== '' && criteria.every((criterion) => (ratings[criterion] ?? 0) > 0);
  const submit = useMutation<JobCandidateDetail, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        recruitApi.submitScorecard(detail.id, {
          ratings: criteria.map((criterion) => ({ criterion, rating: ratings[criterion]! })),
          verdict: verdict as ScorecardVerdict,
          note: note.trim() || undefined,
        }),
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(recruitKeys.candidate(detail.id), updated);
      notify({ intent: 'success', text: t('recruit:candidate.scorecard_sent') });
      onDone();
    },
  });
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) submit.mutate();
      }}
    >
      <FormAlert error={submit.error} />
      {criteria.map((criterion) => (
        <div key={criterion} className={styles.rating}>
          <Text className={styles.criterion} id={`criterion-${criterion}`}>
            {criterion}
          </Text>
          <Rating
            max={5}
            value={ratings[criterion] ?? 0}
            aria-labelledby={`criterion-${criterion}`}
            onChange={(_e, data) =>
              setRatings((current) => ({ ...current, [criterion]: data.value }))
            }
          />
        </div>
      ))}
      <Field label={t('recruit:candidate.verdict')} required>
        <RadioGroup
          layout="horizontal"
          value={verdict}
          onChange={(_e, data) => setVerdict(data.value as ScorecardVerdict)}
        >
          {SCORECARD_VERDICTS.map((value) => (
            <Radio key={value} value={value} label={t(`recruit:candidate.verdicts.${value}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('recruit:candidate.scorecard_note')}>
        <Textarea value={note} maxLength={NOTE_MAX} onChange={(_e, d) => setNote(d.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={!complete || submit.isPending}>
          {t('recruit:candidate.submit_scorecard')}
        </Button>
        {mine && <Button onClick={onDone}>{t('app:actions.cancel')}</Button>}
      </div>
    </form>
  );
}

/**
 * Scorecards, submitted independently: one's own form (or what one sent), and the others' only
 * once one's own is in.
 */
export function Scorecards({
  detail,
  canScore,
}: {
  detail: JobCandidateDetail;
  canScore: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { mine, others, submitted_count } = detail.scorecards;
  const [editing, setEditing] = useState(false);
  const noCriteria = detail.scorecard_criteria.length === 0;

  return (
    <div className={styles.root}>
      {canScore && noCriteria && (
        <Text className={styles.muted}>{t('recruit:candidate.no_criteria')}</Text>
      )}
      {canScore && !noCriteria && (!mine || editing) && (
        <ScorecardForm detail={detail} onDone={() => setEditing(false)} />
      )}
      {mine && !editing && (
        <>
          <ScorecardView card={mine} mine />
          {canScore && !noCriteria && (
            <div>
              <Button size="small" onClick={() => setEditing(true)}>
                {t('recruit:candidate.edit_scorecard')}
              </Button>
            </div>
          )}
        </>
      )}
      {others === null ? (
        <Text className={styles.muted}>
          {t('recruit:candidate.others_hidden', { count: submitted_count })}
        </Text>
      ) : others.length === 0 ? (
        <Text className={styles.muted}>{t('recruit:candidate.no_other_scorecards')}</Text>
      ) : (
        others.map((card) => <ScorecardView key={card.id} card={card} />)
      )}
    </div>
  );
}
