import { Spinner } from '@fluentui/react-components';
import { LinkDismissRegular, LockClosedRegular, ShareRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
 * What a share link needs before anything else: a record it names, and a workspace the
 * signed-in person is in. Until then (or where not) this says so; then `children` is shown.
 */
function ShareAccess({
  record,
  children,
}: {
  record: ShareRecord | null;
  children: (record: ShareRecord, workspaceName: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const access = useWorkspaceAccess(record);
  if (!record) return <Refused kind="invalid" />;
  if (access.isPending) return <Spinner label={t('share:page.opening')} />;
  if (access.isError) {
    const { status } = apiErrorOf(access.error);
    return <Refused kind={status === 403 || status === 404 ? 'not_member' : 'failed'} />;
  }
  return children(record, access.data.name);
}

/**
 * /share/:workspace?/:type?/:id? (spec 2.2): a shared link. Signed out, the guards send the
 * visitor to sign in and back here; signed in, a member goes on to the record's page, and
 * anyone else is told the link is for a workspace they are not in.
 */
export default function SharePage() {
  return (
    <ShareAccess record={parseShare(useParams())}>
      {(record) => <Navigate to={recordPath(record)} replace />}
    </ShareAccess>
  );
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
  return (
    <ShareAccess record={record}>
      {(shared, name) => (
        <EmptyState
          headingLevel={1}
          icon={<ShareRegular />}
          title={t('share:dialog.title', { name })}
          description={<ShareLinks record={shared} name={name} />}
        />
      )}
    </ShareAccess>
  );
}
