import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { teamFormationStrategyBody } from '@contracts/workspace-settings';
import type { memberAccessBody, schemaBody, updateWorkspaceBody } from '@contracts/workspaces';
import type { Permission } from '../../../../auth/permissions';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { DbOrTx, Tx } from '../../../../db/client';
import { users, workspaces, type WorkspaceRow } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { presentAccessed } from '../../present';
import { assertDateOrder } from '../create-workspace';

type Columns = Partial<typeof workspaces.$inferInsert>;

interface Setting<Body> {
  permission: Permission;
  /** A change of what the workspace holds: an archived workspace refuses it (409). */
  change: boolean;
  /** The columns it writes, or an AppError when the workspace may not take it now. */
  columns: (current: WorkspaceRow, body: Body) => Columns;
  /** What else changes with it, in the same transaction. */
  also?: (tx: Tx, workspaceId: number) => Promise<unknown>;
}
const setting = <Body = undefined>(rule: Setting<Body>) => rule;

/** An archived workspace leaves the menu, so nobody comes back to it (spec 4). */
const leaveMenus = (tx: Tx, workspaceId: number) =>
  tx
    .update(users)
    .set({ lastActiveWorkspaceId: null })
    .where(eq(users.lastActiveWorkspaceId, workspaceId));

/** The settings of a workspace that are changed one at a time: who may, and what it writes. */
export const WORKSPACE_SETTINGS = {
  details: setting<z.infer<typeof updateWorkspaceBody>>({
    permission: 'update_workspace',
    change: true,
    columns: (current, body) => {
      assertDateOrder(
        body.start_date !== undefined ? body.start_date : current.startDate,
        body.end_date !== undefined ? body.end_date : current.endDate,
      );
      return {
        name: body.name,
        description: body.description,
        startDate: body.start_date,
        endDate: body.end_date,
        status: body.status,
      };
    },
  }),
  schema: setting<z.infer<typeof schemaBody>>({
    permission: 'update_workspace',
    change: true,
    columns: (current, body) => ({
      schema: { ...current.schema, color: body.schema.color.toLowerCase() },
    }),
  }),
  member_access: setting<z.infer<typeof memberAccessBody>>({
    permission: 'update_workspace',
    change: true,
    columns: (current, body) => ({
      memberAccess: { ...current.memberAccess, ...body.member_access },
    }),
  }),
  team_formation: setting<z.infer<typeof teamFormationStrategyBody>>({
    permission: 'form_teams',
    change: true,
    columns: (_, body) => ({ teamFormationStrategy: body.team_formation }),
  }),
  archive: setting({
    permission: 'archive_workspace',
    change: false,
    columns: (current) => {
      if (current.status === 'archived') throw conflict('workspaces:messages.already_archived');
      return {
        status: 'archived',
        statusBeforeArchive: current.status === 'closed' ? 'closed' : 'open',
        archivedAt: new Date(),
      };
    },
    also: leaveMenus,
  }),
  restore: setting({
    permission: 'archive_workspace',
    change: false,
    columns: (current) => {
      if (current.status !== 'archived') throw conflict('workspaces:messages.not_archived');
      return {
        status: current.statusBeforeArchive ?? 'open',
        statusBeforeArchive: null,
        archivedAt: null,
      };
    },
  }),
};

export type WorkspaceSetting = keyof typeof WORKSPACE_SETTINGS;
export type SettingBody<K extends WorkspaceSetting> =
  (typeof WORKSPACE_SETTINGS)[K] extends Setting<infer Body> ? Body : never;

/** Changes one setting of a workspace (`WORKSPACE_SETTINGS`) and returns it as the caller sees it. */
export async function changeWorkspaceSetting<K extends WorkspaceSetting>(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { workspaceId: number; setting: K; body: SettingBody<K> },
) {
  const { db } = deps;
  const rule = WORKSPACE_SETTINGS[input.setting] as Setting<SettingBody<K>>;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, rule.permission, {
    change: rule.change,
  });
  const columns = rule.columns(access.workspace, input.body);
  const write = async (to: DbOrTx) => {
    const [row] = await to
      .update(workspaces)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(workspaces.id, access.workspace.id))
      .returning();
    return row;
  };
  const { also } = rule;
  const updated = also
    ? await db.transaction(async (tx) => {
        const row = await write(tx);
        await also(tx, row.id);
        return row;
      })
    : await write(db);
  return presentAccessed(db, access, updated);
}
