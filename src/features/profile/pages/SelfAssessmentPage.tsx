import {
  Button,
  makeStyles,
  ProgressBar,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERSONALITY_ITEM_COUNT } from '@contracts/profile';
import { useSignedInUser } from '@/lib/current-user';
import { FormAlert } from '@/components/FormAlert';
import { apiErrorOf, type ApiError } from '@/lib/http';
import { profileApi, profileKeys } from '../api';
import { PersonalityResult } from '../components/PersonalityResult';
import { Section } from '@/components/Section';
import { useRefreshProfile } from '../use-refresh-user';
import { BusyButton } from '@/components/BusyButton';
import { useProfileSection } from '../use-profile-section';

const PAGE_SIZE = 10;
const PAGES = PERSONALITY_ITEM_COUNT / PAGE_SIZE;
const SCALE = [1, 2, 3, 4, 5] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  questions: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    margin: 0,
    padding: 0,
  },
  question: {
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  scale: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'space-between',
  },
  group: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * /profile/self-assessment (spec 2.12): 50 statements, ten a page, answered 1-5. Every page
 * turn saves; "Save and close" keeps partial answers for later. Finished, it shows the result.
 */
export default function SelfAssessmentPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshProfile();
  const user = useSignedInUser();
  const questions = useQuery({
    queryKey: profileKeys.questions(i18n.language),
    queryFn: profileApi.questions,
    staleTime: Infinity,
  });
  const saved = useProfileSection(user.id, 'personality');
  const [answers, setAnswers] = useState<Record<string, number> | null>(null);
  const [page, setPage] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  // Start from what was saved, on the first page still missing answers.
  useEffect(() => {
    if (!saved.data || answers !== null) return;
    const stored = saved.data.answers ?? {};
    setAnswers(stored);
    const firstMissing = Array.from({ length: PERSONALITY_ITEM_COUNT }, (_, i) => i + 1).find(
      (order) => stored[order] === undefined,
    );
    setPage(firstMissing ? Math.floor((firstMissing - 1) / PAGE_SIZE) : 0);
  }, [saved.data, answers]);

  const save = useMutation({
    mutationFn: ({ current, quiet }: { current: Record<string, number>; quiet: boolean }) =>
      profileApi.savePersonality(current, quiet),
    onSuccess: () => refresh(),
    onError: (failure) => setError(apiErrorOf(failure)),
  });

  const answered = useMemo(() => Object.keys(answers ?? {}).length, [answers]);
  if (questions.isPending || saved.isPending || answers === null) {
    return <Spinner label={t('app:loading')} />;
  }
  if (questions.isError || saved.isError) {
    return <FormAlert error={apiErrorOf(questions.error ?? saved.error)} />;
  }

  const result = saved.data.result;
  if (result && !reviewing) {
    return (
      <Section
        id="self-assessment-result"
        title={t('profile:self_assessment.result_title')}
        description={t('profile:self_assessment.result_description')}
        actions={
          <Button onClick={() => setReviewing(true)}>{t('profile:self_assessment.review')}</Button>
        }
      >
        <PersonalityResult result={result} />
      </Section>
    );
  }

  const shown = questions.data.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const pageComplete = shown.every((q) => answers[q.order] !== undefined);
  const persist = async (quiet = false) => {
    setError(null);
    await save.mutateAsync({ current: answers, quiet });
  };
  const goTo = async (next: number) => {
    await persist(true);
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.root}>
      <Section
        id="self-assessment"
        title={t('app:titles.profile_self_assessment')}
        description={t('profile:self_assessment.intro')}
      >
        <Text>
          {t('profile:self_assessment.progress', { answered, total: PERSONALITY_ITEM_COUNT })}
        </Text>
        <ProgressBar value={answered / PERSONALITY_ITEM_COUNT} aria-hidden />
        <FormAlert error={error} />
        <ol className={styles.questions} start={page * PAGE_SIZE + 1}>
          {shown.map((question) => (
            <li key={question.id} className={styles.question}>
              <Text weight="semibold" id={`question-${question.order}`}>
                {question.order}. {question.text}
              </Text>
              <RadioGroup
                layout="horizontal"
                className={styles.scale}
                aria-labelledby={`question-${question.order}`}
                value={answers[question.order] ? String(answers[question.order]) : ''}
                onChange={(_event, data) =>
                  setAnswers((current) => ({ ...current, [question.order]: Number(data.value) }))
                }
              >
                {SCALE.map((value) => (
                  <Radio
                    key={value}
                    value={String(value)}
                    label={t(`personality:scale.${value}`)}
                  />
                ))}
              </RadioGroup>
            </li>
          ))}
        </ol>
        <div className={styles.actions}>
          <div className={styles.group}>
            <Button disabled={page === 0 || save.isPending} onClick={() => void goTo(page - 1)}>
              {t('profile:self_assessment.back')}
            </Button>
            {page < PAGES - 1 ? (
              <Button
                appearance="primary"
                disabled={!pageComplete || save.isPending}
                onClick={() => void goTo(page + 1)}
              >
                {t('profile:self_assessment.next')}
              </Button>
            ) : (
              <Button
                appearance="primary"
                disabled={answered < PERSONALITY_ITEM_COUNT || save.isPending}
                onClick={() =>
                  void persist().then(() => {
                    setReviewing(false);
                    return saved.refetch();
                  })
                }
              >
                {t('profile:self_assessment.finish')}
              </Button>
            )}
          </div>
          <BusyButton
            busy={save.isPending}
            onClick={() => void persist().then(() => navigate('/profile/general'))}
          >
            {t('profile:self_assessment.save_and_close')}
          </BusyButton>
        </div>
      </Section>
    </div>
  );
}
