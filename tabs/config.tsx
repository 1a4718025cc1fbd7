import { pages } from '@microsoft/teams-js';
import {
  Button,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { Open20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workspace } from '@contracts/workspaces';
import { useAccessToken } from '@/lib/session';
import { getHostState, openStandalone } from './host';
import { IN_HOST_PARAM } from './launch';
import { startTabPage } from './page';
import { SignInState } from './SignInState';
import { peoplePath, useMyWorkspaces } from './workspaces';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: '20px',
    maxWidth: '640px',
  },
});

/** The channel tab an instance of this page saves: one workspace's people page. */
export function tabConfigFor(workspace: Pick<Workspace, 'id' | 'name'>, displayName: string) {
  const origin = window.location.origin;
  const path = peoplePath(workspace.id);
  return {
    entityId: `workspace-${workspace.id}-people`,
    contentUrl: `${origin}${path}?${IN_HOST_PARAM}=1`,
    websiteUrl: `${origin}${path}`,
    removeUrl: `${origin}/tabs/remove.html?${IN_HOST_PARAM}=1`,
    suggestedDisplayName: displayName,
  };
}

/** The workspace an existing tab shows, from the entity id it was saved with. */
function savedWorkspaceId(entityId: string | undefined): string | null {
  return entityId?.match(/^workspace-(\d+)-people$/)?.[1] ?? null;
}

function ConfigPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const token = useAccessToken();
  const workspaces = useMyWorkspaces();
  const [chosen, setChosen] = useState<string | null>(() =>
    savedWorkspaceId(getHostState().page?.id),
  );
  const chosenRef = useRef<Workspace | undefined>(undefined);
  chosenRef.current = workspaces.data?.find((w) => String(w.id) === chosen);

  useEffect(() => {
    pages.config.registerOnSaveHandler((saveEvent) => {
      const workspace = chosenRef.current;
      if (!workspace) {
        saveEvent.notifyFailure('No workspace chosen');
        return;
      }
      const name = t('teams-host:tab.people_tab_name', { name: workspace.name });
      pages.config.setConfig(tabConfigFor(workspace, name)).then(
        () => saveEvent.notifySuccess(),
        (error: unknown) => saveEvent.notifyFailure(String(error)),
      );
    });
  }, [t]);

  useEffect(() => {
    pages.config.setValidityState(Boolean(chosenRef.current));
  }, [chosen, workspaces.data]);

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
      <Field label={t('teams-host:tab.config_choose')}>
        <RadioGroup value={chosen ?? ''} onChange={(_event, data) => setChosen(data.value)}>
          {workspaces.data.map((workspace) => (
            <Radio key={workspace.id} value={String(workspace.id)} label={workspace.name} />
          ))}
        </RadioGroup>
      </Field>
    );
  }
  return (
    <main className={styles.root}>
      <Title3 as="h1">{t('teams-host:tab.config_title')}</Title3>
      <Text>{t('teams-host:tab.config_text')}</Text>
      {body}
    </main>
  );
}

void startTabPage(ConfigPage, { signIn: true });
