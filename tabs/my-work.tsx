import {
  Button,
  Card,
  CardHeader,
  makeStyles,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { Open20Regular, People20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useAccessToken } from '@/lib/session';
import { openStandalone } from './host';
import { IN_HOST_PARAM } from './launch';
import { startTabPage } from './page';
import { SignInState } from './SignInState';
import { peoplePath, useMyWorkspaces } from './workspaces';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: '20px' },
  list: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * The "My work" personal tab. My work is not embeddable (spec 2.8: only people and profile
 * pages are), so this page lists the person's workspaces: their people open here, their
 * work opens in Teamloop on the web.
 */
function MyWorkPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const token = useAccessToken();
  const workspaces = useMyWorkspaces();

  let body;
  if (!token) body = <SignInState />;
  else if (workspaces.isPending) body = <Spinner label={t('teams-host:tab.loading_workspaces')} />;
  else if (workspaces.isError) body = <Text>{t('teams-host:tab.workspaces_failed')}</Text>;
  else if (workspaces.data.length === 0) {
    body = (
      <>
        <Text>{t('teams-host:tab.config_empty')}</Text>
        <Button icon={<Open20Regular />} onClick={() => openStandalone('/workspaces')}>
          {t('teams-host:tab.config_open_teamloop')}
        </Button>
      </>
    );
  } else {
    body = (
      <div className={styles.list}>
        {workspaces.data.map((workspace) => (
          <Card key={workspace.id}>
            <CardHeader header={<Text weight="semibold">{workspace.name}</Text>} />
            <div className={styles.actions}>
              <Button
                icon={<People20Regular />}
                onClick={() =>
                  window.location.assign(`${peoplePath(workspace.id)}?${IN_HOST_PARAM}=1`)
                }
              >
                {t('teams-host:tab.my_work_people')}
              </Button>
              <Button
                appearance="primary"
                icon={<Open20Regular />}
                iconPosition="after"
                onClick={() => openStandalone(`/workspaces/${workspace.id}/my-work`)}
              >
                {t('teams-host:tab.my_work_open')}
              </Button>
            </div>
          </Card>
        ))}
      </div>
    );
  }
  return (
    <main className={styles.root}>
      <Title3 as="h1">{t('teams-host:tab.my_work_title')}</Title3>
      <Text>{t('teams-host:tab.my_work_text')}</Text>
      {body}
    </main>
  );
}

void startTabPage(MyWorkPage, { signIn: true });
