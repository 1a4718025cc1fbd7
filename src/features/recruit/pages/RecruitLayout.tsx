import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { BriefcaseRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useWorkspace } from '@/features/workspaces';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    maxWidth: '1280px',
    margin: '0 auto',
    minWidth: 0,
    boxSizing: 'border-box',
    width: '100%',
    '@media (max-width: 599px)': { padding: `${tokens.spacingVerticalS} 0` },
  },
});

/**
 * The recruit workspace's "talent pool" section: its jobs (each with its pipeline, screening
 * and candidates) and the pool of everyone who ever applied, one tab each.
 */
export default function RecruitLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = `/workspaces/${workspace.id}/talent-pool`;
  const tab = pathname.startsWith(`${base}/pool`) ? 'pool' : 'jobs';
  return (
    <div className={styles.root}>
      <TabList
        size="small"
        selectedValue={tab}
        aria-label={t('recruit:page.sections')}
        onTabSelect={(_event, data) => navigate(data.value === 'pool' ? `${base}/pool` : base)}
      >
        <Tab value="jobs" icon={<BriefcaseRegular />}>
          {t('recruit:page.jobs')}
        </Tab>
        <Tab value="pool" icon={<PeopleSearchRegular />}>
          {t('recruit:page.pool')}
        </Tab>
      </TabList>
      <Outlet context={workspace} />
    </div>
  );
}
