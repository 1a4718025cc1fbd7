import { Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  CalendarRegular,
  ChatRegular,
  FolderRegular,
  PeopleTeamRegular,
  PersonRegular,
  ShieldCheckmarkRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignedInUser } from '@/lib/current-user';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '1100px',
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
  muted: { color: tokens.colorNeutralForeground2 },
  intro: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    '& > *': { margin: 0 },
  },
});

interface Destination {
  to: string;
  title: string;
  description: string;
  icon: ReactElement;
}

/**
 * /dashboard: where every sign-in lands. A welcome with the ways into the product; the
 * dashboard area replaces it with its analytics (the privacy acceptance stays in the guard).
 */
export default function DashboardHome() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const destinations: Destination[] = [
    {
      to: '/workspaces',
      title: t('app:titles.workspaces'),
      description: t('app:dashboard.workspaces'),
      icon: <PeopleTeamRegular className={styles.icon} />,
    },
    {
      to: '/profile',
      title: t('app:titles.profile'),
      description: t('app:dashboard.profile', { percent: user.profile_completion_percent }),
      icon: <PersonRegular className={styles.icon} />,
    },
    {
      to: '/messages',
      title: t('app:titles.messages'),
      description: t('app:dashboard.messages'),
      icon: <ChatRegular className={styles.icon} />,
    },
    {
      to: '/calendar',
      title: t('app:titles.calendar'),
      description: t('app:dashboard.calendar'),
      icon: <CalendarRegular className={styles.icon} />,
    },
    {
      to: '/drive',
      title: t('app:titles.drive'),
      description: t('app:dashboard.drive'),
      icon: <FolderRegular className={styles.icon} />,
    },
    {
      to: '/settings/security-privacy',
      title: t('app:titles.settings_security_privacy'),
      description: t('app:dashboard.security'),
      icon: <ShieldCheckmarkRegular className={styles.icon} />,
    },
  ];

  return (
    <div className={styles.root}>
      <div className={styles.intro}>
        <Text as="h1" size={800} weight="semibold">
          {t('app:dashboard.welcome', { name: user.first_name || user.name || user.email })}
        </Text>
        <Text as="p" className={styles.muted}>
          {t('app:dashboard.intro')}
        </Text>
      </div>
      <nav aria-label={t('app:dashboard.shortcuts')}>
        <div className={styles.grid}>
          {destinations.map((destination) => (
            <Card
              key={destination.to}
              onClick={() => navigate(destination.to)}
              role="link"
              tabIndex={0}
              onKeyDown={(event) => {
                if (event.key === 'Enter') navigate(destination.to);
              }}
            >
              <CardHeader
                image={destination.icon}
                header={
                  <Text as="h2" weight="semibold" size={400}>
                    {destination.title}
                  </Text>
                }
                description={<Text className={styles.muted}>{destination.description}</Text>}
              />
            </Card>
          ))}
        </div>
      </nav>
    </div>
  );
}
