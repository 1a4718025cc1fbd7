import {
  Badge,
  Button,
  Drawer,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  DismissRegular,
  NavigationRegular,
  SearchRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { Workspace } from '@contracts/workspaces';
import { EmptyState } from '@/components/EmptyState';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { RouterButton } from '@/components/RouterLink';
import { useIsMobile } from '@/lib/device';
import type { ApiError } from '@/lib/http';
import { apiErrorOf } from '@/lib/http';
import { workspaceKeys, workspacesApi } from '../api';
import { WorkspaceMenu } from './WorkspaceMenu';
import { WorkspaceSettingsDialog } from './WorkspaceSettingsDialog';

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100%' },
  side: {
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingHorizontalS,
  },
  main: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} 0`,
  },
  color: { width: '14px', height: '14px', borderRadius: '4px', flexShrink: 0 },
  name: { flexGrow: 1 },
  submenu: {
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflowX: 'auto',
  },
  content: { flexGrow: 1, minWidth: 0 },
});

/** The section of the area the path is in, e.g. 'people' in /workspaces/4/people. */
function sectionOf(pathname: string): string | undefined {
  return pathname.split('/')[3];
}

function WorkspaceHeader({ workspace }: { workspace: Workspace }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const canSet =
    workspace.abilities.update_workspace ||
    workspace.abilities.archive_workspace ||
    workspace.abilities.delete_workspace;
  return (
    <>
      <div className={styles.header}>
        <span
          className={styles.color}
          style={{ backgroundColor: workspace.schema.color ?? tokens.colorBrandBackground }}
          aria-hidden
        />
        <Text as="h1" size={600} weight="semibold" className={styles.name}>
          {workspace.name}
        </Text>
        <Badge appearance="tint">{t(`workspaces:types.${workspace.workspace_type}`)}</Badge>
        {workspace.status !== 'open' && (
          <Badge appearance="outline" color="informative">
            {t(`workspaces:statuses.${workspace.status}`)}
          </Badge>
        )}
        {workspace.role && (
          <Badge appearance="outline">{t(`workspaces:roles.${workspace.role}`)}</Badge>
        )}
        {canSet && (
          <Button
            appearance="subtle"
            icon={<SettingsRegular />}
            onClick={() => setSettingsOpen(true)}
          >
            {t('workspaces:settings.open')}
          </Button>
        )}
      </div>
      <nav className={styles.submenu} aria-label={t('workspaces:area.sections')}>
        <TabList
          selectedValue={sectionOf(pathname)}
          onTabSelect={(_event, data) =>
            navigate(`/workspaces/${workspace.id}/${String(data.value)}`)
          }
        >
          {workspace.sections.map((section) => (
            <Tab key={section} value={section}>
              {t(`workspaces:sections.${section}`)}
            </Tab>
          ))}
        </TabList>
      </nav>
      {canSet && (
        <WorkspaceSettingsDialog
          workspace={workspace}
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </>
  );
}

/**
 * The workspace area (spec 2.6, 2.7): the workspace menu drawer on the left (an overlay on
 * phones), a header, the secondary submenu of the workspace's sections, and the section.
 */
export default function WorkspaceLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);
  const id = Number(useParams().workspace);
  const { pathname } = useLocation();
  const workspace = useQuery<Workspace, ApiError>({
    queryKey: workspaceKeys.detail(id),
    queryFn: async () => {
      try {
        return await workspacesApi.get(id);
      } catch (error) {
        throw apiErrorOf(error);
      }
    },
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

  const menu = <WorkspaceMenu currentId={id} onNavigate={() => setMenuOpen(false)} />;
  let body;
  if (!Number.isInteger(id) || id <= 0 || workspace.error) {
    body = (
      <EmptyState
        icon={<SearchRegular />}
        title={
          workspace.error?.status === 403
            ? t('workspaces:area.no_access')
            : t('workspaces:area.not_found')
        }
        description={workspace.error?.messages.join(' ')}
        actions={<RouterButton to="/workspaces">{t('workspaces:menu.all')}</RouterButton>}
      />
    );
  } else if (!workspace.data) {
    body = <FullPageSpinner />;
  } else if (!sectionOf(pathname)) {
    return <Navigate to={`/workspaces/${id}/${workspace.data.sections[0]}`} replace />;
  } else {
    body = (
      <>
        <WorkspaceHeader workspace={workspace.data} />
        <div className={styles.content}>
          <Outlet context={workspace.data} />
        </div>
      </>
    );
  }

  return (
    <div className={styles.root}>
      {isMobile ? (
        <Drawer
          type="overlay"
          position="start"
          open={menuOpen}
          onOpenChange={(_event, data) => setMenuOpen(data.open)}
        >
          <DrawerHeader>
            <DrawerHeaderTitle
              action={
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t('workspaces:menu.close')}
                  onClick={() => setMenuOpen(false)}
                />
              }
            >
              {t('workspaces:menu.label')}
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>{menu}</DrawerBody>
        </Drawer>
      ) : (
        <aside className={styles.side}>{menu}</aside>
      )}
      <div className={styles.main}>
        {isMobile && (
          <Button
            appearance="subtle"
            icon={<NavigationRegular />}
            onClick={() => setMenuOpen(true)}
            aria-label={t('workspaces:menu.open')}
          >
            {t('workspaces:menu.label')}
          </Button>
        )}
        {body}
      </div>
    </div>
  );
}
