import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { SearchRegular, SettingsRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { Workspace } from '@contracts/workspaces';
import { AnnouncementGate } from '@/features/assessments';
import { AssistantLauncher } from '@/features/assistant';
import { EmptyState } from '@/components/EmptyState';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { OverflowTabList } from '@/components/OverflowTabList';
import { RouterButton } from '@/components/RouterLink';
import { useIsMobile } from '@/lib/device';
import type { ApiError } from '@/lib/http';
import { withApiError } from '@/lib/http';
import { workspacesApi } from '../api';
import { workspaceKeys } from '../keys';
import { ShareButton } from '@/features/share';
import { column, wrappingRow } from '@/lib/styles';
import { lazyComponent } from '@/lib/lazy-page';

/** Its forms (colours, dates, team formation's strategy) load when someone opens it. */
const WorkspaceSettingsDialog = lazyComponent(() =>
  import('./WorkspaceSettingsDialog').then((module) => module.WorkspaceSettingsDialog),
);

const useStyles = makeStyles({
  root: { ...column, minHeight: '100%', minWidth: 0 },
  header: {
    ...wrappingRow,
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} 0`,
    '@media (max-width: 599px)': { padding: `0 0 ${tokens.spacingVerticalXS}` },
  },
  color: { width: '14px', height: '14px', borderRadius: '4px', flexShrink: 0 },
  name: {
    flex: '1 1 auto',
    minWidth: 0,
    margin: 0,
    '@media (max-width: 599px)': {
      flexBasis: 'calc(100% - 30px)',
      fontSize: tokens.fontSizeBase500,
      lineHeight: tokens.lineHeightBase500,
    },
  },
  /** Phones: the badges and settings share one short row under the name. */
  settings: { marginLeft: 'auto' },
  submenu: {
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 599px)': { padding: 0 },
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
  const isMobile = useIsMobile();
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
        <AssistantLauncher
          workspaceId={workspace.id}
          iconOnly={isMobile}
          className={styles.settings}
        />
        <ShareButton
          record={{ workspace: workspace.id, type: 'workspace' }}
          name={workspace.name}
          size="small"
        />
        {canSet && (
          <Button
            appearance="subtle"
            icon={<SettingsRegular />}
            aria-label={isMobile ? t('workspaces:settings.open') : undefined}
            onClick={() => setSettingsOpen(true)}
          >
            {isMobile ? undefined : t('workspaces:settings.open')}
          </Button>
        )}
      </div>
      <nav className={styles.submenu} aria-label={t('workspaces:area.sections')}>
        {/* Sections that do not fit move into a "more" menu at the end; none is cut. */}
        <OverflowTabList
          size={isMobile ? 'small' : 'medium'}
          selectedValue={sectionOf(pathname)}
          onSelect={(section) => navigate(`/workspaces/${workspace.id}/${section}`)}
          tabs={workspace.sections.map((section) => ({
            value: section,
            label: t(`workspaces:sections.${section}`),
          }))}
        />
      </nav>
      {canSet && settingsOpen && (
        <Suspense fallback={null}>
          <WorkspaceSettingsDialog
            workspace={workspace}
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The workspace area (spec 2.6, 2.7): a header, the secondary submenu of the workspace's
 * sections, and the section. The workspace menu is a category of the app's main menu.
 */
export default function WorkspaceLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  const id = Number(useParams().workspace);
  const { pathname, key: locationKey } = useLocation();
  const workspace = useQuery<Workspace, ApiError>({
    queryKey: workspaceKeys.detail(id),
    queryFn: () => withApiError(() => workspacesApi.get(id)),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

  // A refusal (the workspace is gone, or closed to the caller) replaces the workspace; a failed
  // refetch (offline, the server down) keeps it on screen, and the network banner says why.
  const refused =
    workspace.error !== null && (!workspace.data || (workspace.error.status ?? 500) < 500);
  let body;
  if (!Number.isInteger(id) || id <= 0 || refused) {
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
    // Keyed by the location: a second visit of the bare address (a click while the first
    // redirect was under way) redirects again instead of leaving the page blank.
    return (
      <Navigate key={locationKey} to={`/workspaces/${id}/${workspace.data.sections[0]}`} replace />
    );
  } else {
    body = (
      <>
        <WorkspaceHeader workspace={workspace.data} />
        <div className={styles.content}>
          <Outlet context={workspace.data} />
        </div>
        <AnnouncementGate />
      </>
    );
  }

  return <div className={styles.root}>{body}</div>;
}
