import { Spinner } from '@fluentui/react-components';
import { LinkDismissRegular, LockClosedRegular, ShareRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import { api, apiErrorOf } from '@/lib/http';
import { parseShare, recordPath, type ShareRecord } from './links';
import { ShareLinks } from './ShareDialog';

/**
 * Whether the signed-in person is in the record's workspace: the workspace answers them, or
 * refuses (403 or 404, which this page tells apart from nothing: no name, no details).
 */
function useWorkspaceAccess(record: ShareRecord | null) {
  return useQuery({
    queryKey: ['share', 'workspace', record?.workspace],
    queryFn: () =>
      api.call(
        workspaceEndpoints.get,
        { params: { id: record!.workspace } },
        { hideMessages: true },
      ),
    enabled: record !== null,
    retry: false,
  });
}

function Refused({ kind }: { kind: 'not_member' | 'invalid' | 'failed' }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      headingLevel={1}
      icon={kind === 'invalid' ? <LinkDismissRegular /> : <LockClosedRegular />}
      title={t(`share:page.${kind}.title`)}
      description={t(`share:page.${kind}.body`)}
      actions={<RouterLink to="/dashboard">{t('share:page.to_dashboard')}</RouterLink>}
    />
  );
}

/**
 * /share/:workspace?/:type?/:id? (spec 2.2): a shared link. Signed out, the guards send the
 * visitor to sign in and back here; signed in, a member goes on to the record's page, and
 * anyone else is told the link is for a workspace they are not in.
 */
export default function SharePage() {
  const { t } = useTranslation();
  const record = parseShare(useParams());
  const access = useWorkspaceAccess(record);
  if (!record) return <Refused kind="invalid" />;
  if (access.isPending) return <Spinner label={t('share:page.opening')} />;
  if (access.isError) {
    const { status } = apiErrorOf(access.error);
    return <Refused kind={status === 403 || status === 404 ? 'not_member' : 'failed'} />;
  }
  return <Navigate to={recordPath(record)} replace />;
}

/**
 * /share_action (spec 2.1): the Share action as a page, for a link or a host that asks to
 * share a record (?workspace=&type=&id=): its links to copy, once the person may see it.
 */
export function ShareActionPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const record = parseShare({
    workspace: search.get('workspace') ?? undefined,
    type: search.get('type') ?? undefined,
    id: search.get('id') ?? undefined,
  });
  const access = useWorkspaceAccess(record);
  if (!record) return <Refused kind="invalid" />;
  if (access.isPending) return <Spinner label={t('share:page.opening')} />;
  if (access.isError) {
    const { status } = apiErrorOf(access.error);
    return <Refused kind={status === 403 || status === 404 ? 'not_member' : 'failed'} />;
  }
  const name = access.data.name;
  return (
    <EmptyState
      headingLevel={1}
      icon={<ShareRegular />}
      title={t('share:dialog.title', { name })}
      description={<ShareLinks record={record} name={name} />}
    />
  );
}
