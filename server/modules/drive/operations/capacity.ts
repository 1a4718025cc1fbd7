import { eq, sql } from 'drizzle-orm';
import type { DriveCapacity } from '@contracts/drive';
import type { AppConfig } from '../../../config';
import type { Actor } from '../../../core/actor';
import { driveCapacityMbOf } from '../../../core/plans';
import type { DbOrTx } from '../../../db/client';
import {
  assessmentFiles,
  chatMessageFiles,
  chatMessages,
  driveFiles,
  driveFileVersions,
  taskFiles,
} from '../../../db/schema';
import { payloadTooLarge } from '../../../http/errors';
import { sizeLabel } from '../../../storage/uploads';
import type { DriveDeps } from './deps';

const MB = 1_048_576;
const total = sql<string>`coalesce(sum(size), 0)`;

/**
 * What a person's stored files take (every version of their drive files, and what they
 * attached to tasks, assessments and chats) and what they may store: DRIVE_CAPACITY_MB, or
 * more when one of their workspaces is on a plan with a larger capacity (server/core/plans.ts).
 */
export async function capacityOf(
  db: DbOrTx,
  config: Pick<AppConfig, 'DRIVE_CAPACITY_MB'>,
  userId: number,
): Promise<DriveCapacity> {
  const [[drive], [tasks], [assessments], [chats], capacityMb] = await Promise.all([
    db
      .select({ bytes: sql<string>`coalesce(sum(${driveFileVersions.size}), 0)` })
      .from(driveFileVersions)
      .innerJoin(driveFiles, eq(driveFiles.id, driveFileVersions.fileId))
      .where(eq(driveFiles.userId, userId)),
    db.select({ bytes: total }).from(taskFiles).where(eq(taskFiles.uploadedBy, userId)),
    db.select({ bytes: total }).from(assessmentFiles).where(eq(assessmentFiles.uploadedBy, userId)),
    db
      .select({ bytes: sql<string>`coalesce(sum(${chatMessageFiles.size}), 0)` })
      .from(chatMessageFiles)
      .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
      .where(eq(chatMessages.userId, userId)),
    driveCapacityMbOf(db, userId, config.DRIVE_CAPACITY_MB),
  ]);
  const byArea = {
    drive: Number(drive?.bytes ?? 0),
    tasks: Number(tasks?.bytes ?? 0),
    assessments: Number(assessments?.bytes ?? 0),
    chats: Number(chats?.bytes ?? 0),
  };
  const used = byArea.drive + byArea.tasks + byArea.assessments + byArea.chats;
  const allowed = capacityMb * MB;
  return { used, total: allowed, left: Math.max(0, allowed - used), by_area: byArea };
}

/** The actor's capacity (`drive/user-capacity`). */
export function showCapacity(deps: DriveDeps, actor: Actor) {
  return capacityOf(deps.db, deps.config, actor.userId);
}

/**
 * The bytes a person may still store, for `receiveUploads`' `maxTotalBytes`: task hand-ins,
 * assessment answers and chat files count against the same capacity as the drive.
 */
export async function bytesLeft(deps: DriveDeps, userId: number) {
  return (await capacityOf(deps.db, deps.config, userId)).left;
}

/** The words of a refusal over the capacity (`{{left}}` says how much is left). */
export const OVER_CAPACITY_MESSAGE = 'drive:upload.over_capacity';

/** The advisory lock's first key: one person's capacity, held by the transaction that stores. */
const CAPACITY_LOCK = 3034;

/**
 * Inside the transaction that records `bytes` more for a person: waits for any other upload of
 * theirs to commit, then refuses (413, nothing kept) when the bytes no longer fit. The check
 * before streaming lets two uploads at once each fit alone; this one sees the first committed.
 */
export async function holdCapacity(
  tx: DbOrTx,
  config: Pick<AppConfig, 'DRIVE_CAPACITY_MB'>,
  userId: number,
  bytes: number,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAPACITY_LOCK}, ${userId})`);
  const { left } = await capacityOf(tx, config, userId);
  if (bytes > left) throw payloadTooLarge(OVER_CAPACITY_MESSAGE, { left: sizeLabel(left, true) });
}

/**
 * What another area's upload passes to `receiveUploads` so its files count against the
 * person's capacity: `maxTotalBytes` and the words of the refusal, spread into the options
 * (`...await uploadCapacity(deps, userId, messages)`).
 */
export async function uploadCapacity<M extends object>(
  deps: DriveDeps,
  userId: number,
  messages: M,
) {
  return {
    maxTotalBytes: await bytesLeft(deps, userId),
    messages: { ...messages, overCapacity: OVER_CAPACITY_MESSAGE },
  };
}
