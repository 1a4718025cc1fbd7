import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSignedInUser } from '@/lib/current-user';
import { TitledRouteTabs } from '@/components/TitledRouteTabs';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileColumn } from '../components/ProfileColumn';

const useStyles = makeStyles({
  completion: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: '200px',
  },
});

/** /profile: the steps of a person's profile (spec 2.3, 2.12) behind tabs. */
export default function ProfilePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <ProfileColumn>
      <ProfileHeader person={user} avatarSize={64}>
        <div className={styles.completion}>
          <Text>{t('profile:completion', { percent: user.profile_completion_percent })}</Text>
          <ProgressBar
            value={user.profile_completion_percent / 100}
            aria-label={t('profile:completion', { percent: user.profile_completion_percent })}
          />
        </div>
      </ProfileHeader>
      <TitledRouteTabs
        base="profile"
        tabs={['general', 'basic-information', 'skills', 'availability', 'self-assessment']}
      />
      <Outlet />
    </ProfileColumn>
  );
}
