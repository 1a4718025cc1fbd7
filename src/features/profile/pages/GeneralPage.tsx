import { Badge, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, CircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/current-user';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { Section } from '@/components/Section';
import { profileLink } from '../profile-link';
import { tileGrid } from '@/lib/styles';
import { useProfileSection } from '../use-profile-section';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  steps: {
    ...tileGrid('220px'),
    gap: tokens.spacingHorizontalM,
  },
  step: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  done: { color: tokens.colorPaletteGreenForeground1 },
  figures: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** /profile/general: how complete the profile is, step by step, and what it shows others. */
export default function GeneralPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useSignedInUser();
  const performance = useProfileSection(user.id, 'performance');
  const soft = useProfileSection(user.id, 'soft-skills');
  const figure = (key: string) => performance.data?.metrics.find((m) => m.key === key)?.value ?? 0;
  const steps = [
    {
      to: '/profile/basic-information',
      title: 'app:titles.profile_basic_information',
      done: Boolean(user.avatar_url && user.bio),
      detail: t('profile:general.basic_detail'),
    },
    {
      to: '/profile/skills',
      title: 'app:titles.profile_skills',
      done: figure('skills') > 0,
      detail: t('profile:general.skills_detail', { count: figure('skills') }),
    },
    {
      to: '/profile/availability',
      title: 'app:titles.profile_availability',
      done: figure('availability_hours') > 0,
      detail: t('profile:general.availability_detail', { count: figure('availability_hours') }),
    },
    {
      to: '/profile/self-assessment',
      title: 'app:titles.profile_self_assessment',
      done: figure('self_assessment_answered') === 50,
      detail: t('profile:general.self_assessment_detail', {
        answered: figure('self_assessment_answered'),
      }),
    },
  ];
  return (
    <div className={styles.root}>
      <Section
        id="steps"
        title={t('profile:general.steps_title')}
        description={t('profile:general.steps_intro')}
        actions={<RouterLink to={profileLink(user)}>{t('profile:general.view_public')}</RouterLink>}
      >
        <div className={styles.steps}>
          {steps.map((step) => (
            <Card key={step.to} className={styles.step}>
              <div className={styles.status}>
                {step.done ? (
                  <CheckmarkCircleRegular
                    className={styles.done}
                    aria-label={t('profile:general.done')}
                  />
                ) : (
                  <CircleRegular aria-label={t('profile:general.to_do')} />
                )}
                <Text weight="semibold">{t(step.title)}</Text>
              </div>
              <Text>{step.detail}</Text>
              <RouterButton to={step.to} appearance={step.done ? 'secondary' : 'primary'}>
                {step.done ? t('profile:general.edit') : t('profile:general.start')}
              </RouterButton>
            </Card>
          ))}
        </div>
      </Section>
      {(soft.data?.soft_skills.length ?? 0) > 0 && (
        <Section
          id="soft-skills"
          title={t('profile:soft_skills.title')}
          description={t('profile:soft_skills.intro')}
        >
          <div className={styles.figures}>
            {soft.data!.soft_skills.map((skill) => (
              <Badge key={skill.key} appearance="tint" size="large">
                {`${t(`personality:soft_skills.${skill.key}`)}: ${t(`personality:bands.${skill.level}`)}`}
              </Badge>
            ))}
          </div>
        </Section>
      )}
    </div>
  );
}
