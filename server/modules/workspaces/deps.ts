import type { AppDeps } from '../../context';
import type { Area } from '../../core/area';

/** What the workspaces' operations use of the app. */
export type WorkspacesDeps = Pick<AppDeps, 'db' | 'realtime' | 'config'>;

/** Deleting a workspace also asks every area for the files it keeps there. */
export type WorkspacesDepsWithAreas = WorkspacesDeps & { areas: readonly Area[] };

/**
 * Invitations build links with `appLink` (server/core/links.ts), which takes the whole of the
 * app's dependencies although it reads only `config`.
 */
export type InvitationsDeps = AppDeps;
