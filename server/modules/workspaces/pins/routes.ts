import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { envelope } from '@contracts/common';
import { pinsQuery, pinsResource, savePinsBody, type Pin } from '@contracts/pins';
import { can } from '../../../auth/permissions';
import { pins, type PinRow } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validationFailed } from '../../../http/errors';
import type { App } from '../../../http/types';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../../core/workspace-access';
import { unknownTargets } from '../../../core/pin-targets';

const tags = ['pins'];

const presentPin = (row: PinRow): Pin => ({
  id: row.id,
  reference_type: row.referenceType,
  reference_id: row.referenceId,
  title: row.title,
  url: row.url,
  position: row.position,
});

export default async function pinRoutes(app: App) {
  const { db } = app.deps;

  async function listsOf(workspaceId: number, userId: number) {
    const rows = await db
      .select()
      .from(pins)
      .where(
        and(eq(pins.workspaceId, workspaceId), or(isNull(pins.userId), eq(pins.userId, userId))),
      )
      .orderBy(asc(pins.position), asc(pins.id));
    return {
      general: rows.filter((r) => r.userId === null).map(presentPin),
      personal: rows.filter((r) => r.userId === userId).map(presentPin),
    };
  }

  app.get(
    '/pins',
    {
      schema: {
        tags,
        summary: "A workspace's general pins and the caller's personal pins",
        querystring: pinsQuery,
        response: { 200: envelope(pinsResource) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.query.workspace_id,
        'view_workspace',
      );
      return ok({
        pins: await listsOf(access.workspace.id, access.userId),
        is_owner: can(access, 'manage_general_pins'),
      });
    },
  );

  app.post(
    '/pins',
    {
      schema: {
        tags,
        summary: 'Replace the general or the personal pin list (sent silently by the client)',
        body: savePinsBody,
        response: { 200: envelope(pinsResource) },
      },
    },
    async (request) => {
      const { workspace_id: workspaceId, list } = request.body;
      const access = await requireWorkspaceChange(
        request,
        db,
        workspaceId,
        list === 'general' ? 'manage_general_pins' : 'view_workspace',
      );
      const given = request.body.pins;
      const unknown = await unknownTargets(db, workspaceId, given);
      if (unknown.length > 0) {
        throw validationFailed(
          Object.fromEntries(
            unknown.map((i) => [
              `pins.${i}.reference_id`,
              'workspaces:messages.pin_target_unknown',
            ]),
          ),
        );
      }
      const owner = list === 'general' ? null : access.userId;
      await db.transaction(async (tx) => {
        await tx
          .delete(pins)
          .where(
            and(
              eq(pins.workspaceId, workspaceId),
              owner === null ? isNull(pins.userId) : eq(pins.userId, owner),
            ),
          );
        if (given.length === 0) return;
        await tx.insert(pins).values(
          given.map((pin, position) => ({
            workspaceId,
            userId: owner,
            referenceType: pin.reference_type,
            referenceId: pin.reference_type === 'other' ? null : pin.reference_id,
            title: pin.reference_type === 'other' ? pin.title : null,
            url: pin.reference_type === 'other' ? pin.url : null,
            position,
          })),
        );
      });
      return ok({
        pins: await listsOf(workspaceId, access.userId),
        is_owner: can(access, 'manage_general_pins'),
      });
    },
  );
}
