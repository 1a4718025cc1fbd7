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

/** An image, scaled to fit the thumbnail, in pure JavaScript (jimp). */
async function imageThumbnail(source: Buffer): Promise<Buffer> {
  // Loaded on the first preview, not with the app.
  const { Jimp } = await import('jimp');
  const image = await Jimp.read(source);
  image.scaleToFit({ w: THUMBNAIL_SIZE, h: THUMBNAIL_SIZE });
  return image.getBuffer('image/png');
}

/**
 * A PDF's first page, drawn by pdf.js (through unpdf) on @napi-rs/canvas: a prebuilt canvas
 * from the npm registry, with nothing to compile or download at install time.
 */
async function pdfThumbnail(source: Buffer): Promise<Buffer> {
  const { getDocumentProxy, renderPageAsImage } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(source));
  try {
    const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
    const png = await renderPageAsImage(pdf, 1, {
      canvasImport: () => import('@napi-rs/canvas'),
      scale: THUMBNAIL_SIZE / Math.max(width, height, 1),
    });
    return Buffer.from(png);
  } finally {
    await pdf.destroy();
  }
}

/**
 * A job: makes the PNG thumbnail of a stored version when its bytes are an image or a PDF (as
 * sniffed). A file that does not decode gets none (the client shows an icon). Safe to run
 * twice: a thumbnail already there is kept and the new one removed.
 */
export async function makeThumbnail(deps: DriveDeps, event: RecordedEvent<'drive.version_stored'>) {
  const [version] = await deps.db
    .select()
    .from(driveFileVersions)
    .where(eq(driveFileVersions.id, event.payload.version_id));
  const isPdf = version?.mimeType === 'application/pdf';
  if (!version || version.thumbnailKey || !(isPdf || INLINE_TYPES.has(version.mimeType))) return;
  if (version.size > MAX_SOURCE_BYTES) return;
  const storage = storageFor(deps.config);
  // Published once the upload's row committed: not yet there means try again later.
  const source = await bytesOf(storage.read(version.storageKey));
  let png: Buffer;
  try {
    png = await (isPdf ? pdfThumbnail(source) : imageThumbnail(source));
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
