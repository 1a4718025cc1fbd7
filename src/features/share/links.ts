/** What can be shared by link (issue 34): a task, an objective, an assessment, a workspace. */
export const SHARE_TYPES = ['task', 'objective', 'assessment', 'workspace'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

export interface ShareRecord {
  workspace: number;
  type: ShareType;
  /** The record's id; none for a workspace. */
  id?: number;
}

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/** The app address of a shared record: /share/:workspace/:type/:id (spec 2.2). */
export function sharePath(record: ShareRecord): string {
  if (record.type === 'workspace') return `/share/${record.workspace}/workspace`;
  return `/share/${record.workspace}/${record.type}/${record.id}`;
}

/**
 * Reads the parameters of /share/:workspace?/:type?/:id?: a workspace alone (or with type
 * workspace) is the workspace; other types need their id. Null for anything else.
 */
export function parseShare(params: {
  workspace?: string;
  type?: string;
  id?: string;
}): ShareRecord | null {
  const { workspace, type, id } = params;
  if (!workspace || !POSITIVE_ID.test(workspace)) return null;
  const workspaceId = Number(workspace);
  if (!type || type === 'workspace')
    return id ? null : { workspace: workspaceId, type: 'workspace' };
  if (!(SHARE_TYPES as readonly string[]).includes(type) || !id || !POSITIVE_ID.test(id))
    return null;
  return { workspace: workspaceId, type: type as ShareType, id: Number(id) };
}

/** The page a shared record opens on, for someone allowed to see it. */
export function recordPath(record: ShareRecord): string {
  const base = `/workspaces/${record.workspace}`;
  switch (record.type) {
    case 'task':
      return `${base}/tasks/${record.id}/info`;
    case 'objective':
      return `${base}/objectives/${record.id}`;
    case 'assessment':
      // The report page is also where a member answers and later sees their own results.
      return `${base}/assessments/${record.id}/report`;
    default:
      return `${base}/dashboard`;
  }
}
