import { Badge, Button, Link, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSignedInUser } from '@/lib/current-user';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { formatDate } from '@/lib/format';
import { apiErrorOf } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import { profileApi, type PageInformation } from '../api';
import { PersonalityResult } from '../components/PersonalityResult';
import { ProfileHeader } from '../components/ProfileHeader';
import { Section } from '@/components/Section';
import { WeekGrid } from '../components/WeekGrid';
import { offsetHours, toLocalSlots } from '../week-slots';
import { Busy } from '@/components/Busy';
import { useProfileSection } from '../use-profile-section';
import { ProfileColumn } from '../components/ProfileColumn';

const useStyles = makeStyles({
  tags: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hidden: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    color: tokens.colorNeutralForeground2,
  },
  links: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** `/user/:user?/:name` takes an id or public id in `user`, or in `name` when `user` is left out. */
function personRef(params: { user?: string; name?: string }): string | null {
  const candidate = params.user ?? params.name ?? '';
  return /^(\d{1,10}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.test(
    candidate,
  )
    ? candidate
    : null;
}

function Hidden({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.hidden}>
      <LockClosedRegular aria-hidden />
      <Text>{children}</Text>
    </div>
  );
}

function Sections({ person, userRef }: { person: PageInformation; userRef: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const viewer = useSignedInUser();
  const { visibility } = person;
  const availability = useProfileSection(userRef, 'availability', {
    enabled: visibility.availability,
  });
  const personality = useProfileSection(userRef, 'personality', {
    enabled: visibility.personality,
  });
  const activities = useProfileSection(userRef, 'activities', { enabled: visibility.profile });
  const offset = offsetHours(viewer.timezone);
  return (
    <>
      <Section id="public-skills" title={t('app:titles.profile_skills')}>
        {!visibility.skills ? (
          <Hidden>{t('profile:public.hidden_skills')}</Hidden>
        ) : person.skills && person.skills.length > 0 ? (
          <div className={styles.tags}>
            {person.skills.map((name) => (
              <Badge key={name} appearance="tint" size="large">
                {name}
              </Badge>
            ))}
          </div>
        ) : (
          <Text>{t('profile:public.no_skills')}</Text>
        )}
      </Section>
      <Section
        id="public-availability"
        title={t('app:titles.profile_availability')}
        description={
          visibility.availability
            ? t('profile:public.availability_in', { timezone: viewer.timezone })
            : undefined
        }
      >
        {!visibility.availability ? (
          <Hidden>{t('profile:public.hidden_availability')}</Hidden>
        ) : availability.data ? (
          <WeekGrid
            value={toLocalSlots(availability.data.slots, offset)}
            label={t('profile:public.availability_of', { name: person.name })}
          />
        ) : (
          <Busy size="small" />
        )}
      </Section>
      <Section id="public-personality" title={t('profile:self_assessment.result_title')}>
        {!visibility.personality ? (
          <Hidden>{t('profile:public.hidden_personality')}</Hidden>
        ) : personality.data?.result ? (
          <PersonalityResult result={personality.data.result} />
        ) : personality.data ? (
          <Text>{t('profile:public.no_personality')}</Text>
        ) : (
          <Busy size="small" />
        )}
      </Section>
      {visibility.profile && (activities.data?.activities.length ?? 0) > 0 && (
        <Section id="public-activities" title={t('profile:activities.title')}>
          {activities.data!.activities.map((activity) => (
            <Text key={activity.id} block>
              <strong>{activity.title}</strong>{' '}
              {[t(`profile:activities.kinds.${activity.kind}`), activity.organization]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ))}
        </Section>
      )}
    </>
  );
}

/** `/user/:user?/:name`: a person's profile as the viewer may see it (spec 2.2, 3). */
export default function PublicProfilePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const ref = personRef(useParams());
  const page = useProfileSection(ref ?? '-', 'page', { enabled: ref !== null });
  if (!ref || (page.isError && apiErrorOf(page.error).status === 404)) {
    return <EmptyState headingLevel={1} title={t('profile:public.not_found')} />;
  }
  if (page.isError) return <FormAlert error={apiErrorOf(page.error)} />;
  if (!page.data) return <Spinner label={t('app:loading')} />;
  const person = page.data;
  const download = async () => {
    const file = await profileApi.downloadCv(ref);
    saveFile(file.blob, file.filename);
  };
  return (
    <ProfileColumn>
      <ProfileHeader person={person} avatarSize={96}>
        {person.timezone && <Text block>{person.timezone}</Text>}
        {person.member_since && (
          <Text block>
            {t('profile:public.member_since', { date: formatDate(person.member_since) })}
          </Text>
        )}
      </ProfileHeader>
      <Section id="public-about" title={t('profile:basic.about')}>
        {!person.visibility.profile ? (
          <Hidden>{t('profile:public.hidden_profile')}</Hidden>
        ) : (
          <>
            <Text>{person.bio || t('profile:public.no_bio')}</Text>
            {person.social_media && Object.keys(person.social_media).length > 0 && (
              <div className={styles.links}>
                {Object.entries(person.social_media).map(([network, url]) => (
                  <Link key={network} href={url} target="_blank" rel="noopener noreferrer">
                    {t(`profile:networks.${network}`)}
                  </Link>
                ))}
              </div>
            )}
            {person.cv && (
              <Button onClick={() => void download()}>{t('profile:public.download_cv')}</Button>
            )}
            {person.common_workspaces.length > 0 && (
              <Text>
                {t('profile:public.common_workspaces', {
                  names: person.common_workspaces.map((w) => w.name).join(', '),
                })}
              </Text>
            )}
          </>
        )}
      </Section>
      <Sections person={person} userRef={ref} />
    </ProfileColumn>
  );
}
