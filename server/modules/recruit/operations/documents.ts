import { Readable } from 'node:stream';
import type { AppConfig } from '../../../config';
import { SNIFF_BYTES, sniffType } from '../../../storage/file-types';
import { newStorageKey, storageFor } from '../../../storage';

/** A file of a form, read whole (CVs and job descriptions are small and read right away). */
export interface UploadedDocument {
  name: string;
  bytes: Buffer;
}
export interface DocumentForm {
  fields: Record<string, string>;
  files: UploadedDocument[];
}
/**
 * Where an operation gets its form from once its checks passed: a route reads the request's
 * multipart body; a job or the command line hands over bytes it has.
 */
export type DocumentFormSource = () => Promise<DocumentForm>;

/** What the bytes are (sniffed; the name only tells a zip from a .docx). */
export function typeOf(document: UploadedDocument): string {
  return sniffType(document.bytes.subarray(0, SNIFF_BYTES), document.name);
}

export interface StagedDocument extends UploadedDocument {
  key: string;
  mimeType: string;
}

/**
 * Stages documents in the file store, runs `store` (the transaction naming them), publishes
 * them once it committed and removes them when anything failed: nothing half-made.
 */
export async function withStagedDocuments<T>(
  config: AppConfig,
  documents: readonly (UploadedDocument & { mimeType: string })[],
  store: (staged: StagedDocument[]) => Promise<T>,
): Promise<T> {
  const storage = storageFor(config);
  const staged: StagedDocument[] = [];
  try {
    for (const document of documents) {
      const key = newStorageKey('recruit');
      staged.push({ ...document, key });
      await storage.stage(key, Readable.from([document.bytes]));
    }
    const result = await store(staged);
    await storage.publish(staged.map((file) => file.key));
    return result;
  } catch (error) {
    await storage.remove(staged.map((file) => file.key));
    throw error;
  }
}
