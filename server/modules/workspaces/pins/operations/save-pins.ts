import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { savePinsBody } from '@contracts/pins';
import type { Actor } from '../../../../core/actor';
import { unknownTargets } from '../../../../core/pin-targets';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { pins } from '../../../../db/schema';
import { validationFailed } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { pinListsOf } from '../pin-lists';

/** Replaces the general (owners) or the actor's personal pin list. */
export async function savePins(
  deps: WorkspacesDeps,
  actor: Actor,
  input: z.infer<typeof savePinsBody>,
) {
  const { db } = deps;
  const { workspace_id: workspaceId, list, pins: given } = input;
  const access = await workspaceAccessFor(
    db,
    actor,
    workspaceId,
    list === 'general' ? 'manage_general_pins' : 'view_workspace',
    { change: true },
  );
  const unknown = await unknownTargets(db, workspaceId, given);
  if (unknown.length > 0) {
    throw validationFailed(
      Object.fromEntries(
        unknown.map((i) => [`pins.${i}.reference_id`, 'workspaces:messages.pin_target_unknown']),
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
  return pinListsOf(db, access);
}
