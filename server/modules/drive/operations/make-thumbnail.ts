import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { driveFileVersions } from '../../../db/schema';
import type { RecordedEvent } from '../../../jobs';
import { newStorageKey, storageFor } from '../../../storage';
import { INLINE_TYPES } from '../../../storage/file-types';
import type { DriveDeps } from './deps';

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 256;
/** Larger images get no preview: decoding one in memory would cost too much. */
const MAX_SOURCE_BYTES = 25 * 1_048_576;

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A job: makes the PNG thumbnail of a stored version when its bytes are an image (as sniffed),
 * in pure JavaScript (jimp). PDFs get none: every PDF renderer for Node needs a native canvas.
 * An image that does not decode gets none either (the client shows an icon). Safe to run twice:
 * a thumbnail already there is kept and the new one removed.
 */
export async function makeThumbnail(deps: DriveDeps, event: RecordedEvent<'drive.version_stored'>) {
  const [version] = await deps.db
    .select()
    .from(driveFileVersions)
    .where(eq(driveFileVersions.id, event.payload.version_id));
  if (!version || version.thumbnailKey || !INLINE_TYPES.has(version.mimeType)) return;
  if (version.size > MAX_SOURCE_BYTES) return;
  const storage = storageFor(deps.config);
  // Published once the upload's row committed: not yet there means try again later.
  const source = await bytesOf(storage.read(version.storageKey));
  let png: Buffer;
  try {
    // Loaded on the first preview, not with the app.
    const { Jimp } = await import('jimp');
    const image = await Jimp.read(source);
    image.scaleToFit({ w: THUMBNAIL_SIZE, h: THUMBNAIL_SIZE });
    png = await image.getBuffer('image/png');
  } catch {
    return;
  }
  const key = newStorageKey('drive-thumbnails');
  await storage.stage(key, Readable.from([png]));
  const kept = await deps.db
    .update(driveFileVersions)
    .set({ thumbnailKey: key })
    .where(and(eq(driveFileVersions.id, version.id), isNull(driveFileVersions.thumbnailKey)))
    .returning({ id: driveFileVersions.id });
  if (kept.length === 0) await storage.remove([key]);
  else await storage.publish([key]);
}
