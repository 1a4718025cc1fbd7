import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config';
import { s3Client, s3Storage, type S3Settings } from './s3';

/** A stored object as the sweep sees it. */
export interface StoredObject {
  key: string;
  /** Written but not yet published: its row may not have committed. */
  staged: boolean;
  modifiedAt: Date;
}

/**
 * Where uploaded files live. Disk under DATA_DIR/files by default; an S3-compatible store can
 * implement the same calls. Keys are ours (never a user's file name), e.g. `tasks/<uuid>`.
 *
 * An upload is staged under a temporary name and published under its key only once the row
 * that references it has committed, so a crash mid-upload leaves nothing a reader can see;
 * the sweep (./sweep.ts) clears what a crash leaves.
 */
export interface FileStorage {
  /** Writes the stream under the key's temporary name and resolves with the bytes written. */
  stage(key: string, source: Readable): Promise<number>;
  /** Makes staged keys visible under their own names; an already published key is fine. */
  publish(keys: readonly string[]): Promise<void>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** Removes what exists of the keys, staged or published; missing keys are not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object in the store, for the sweep. */
  list(): Promise<StoredObject[]>;
  /**
   * A short-lived address the browser downloads the published key from directly (S3's signed
   * URL), so large files do not pass through the app; none for a store that has no such thing.
   */
  downloadUrl?(key: string, file: { filename: string; contentType: string }): Promise<string>;
}

/** The suffix of a staged file's name on disk. */
const STAGED_SUFFIX = '.staged';

/** A fresh key in a folder, safe to use as a file path on any platform. */
export function newStorageKey(folder: string): string {
  return `${folder}/${randomUUID()}`;
}

export function diskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(base, key);
    // Keys are made by newStorageKey, but a path outside the root is refused all the same.
    if (!full.startsWith(base + path.sep)) throw new Error(`Invalid storage key`);
    return full;
  };
  const staged = (key: string) => resolve(key) + STAGED_SUFFIX;
  return {
    async stage(key, source) {
      const file = staged(key);
      await mkdir(path.dirname(file), { recursive: true });
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, count, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        // A key that already exists is someone else's file: leave it be.
        if ((error as { code?: string }).code !== 'EEXIST') await rm(file, { force: true });
        throw error;
      }
      return bytes;
    },
    async publish(keys) {
      for (const key of keys) {
        try {
          await rename(staged(key), resolve(key));
        } catch (error) {
          // Published already (by the sweep, or a retry): nothing left to do.
          if ((error as { code?: string }).code !== 'ENOENT' || !(await isFile(resolve(key)))) {
            throw error;
          }
        }
      }
    },
    read(key) {
      return createReadStream(resolve(key));
    },
    exists(key) {
      return isFile(resolve(key));
    },
    async remove(keys) {
      await Promise.all(
        keys.flatMap((key) => [
          rm(resolve(key), { force: true }),
          rm(staged(key), { force: true }),
        ]),
      );
    },
    async list() {
      const objects: StoredObject[] = [];
      let entries: Dirent[];
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return objects;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const name = path.relative(base, full).split(path.sep).join('/');
        const isStaged = name.endsWith(STAGED_SUFFIX);
        try {
          const { mtime } = await stat(full);
          objects.push({
            key: isStaged ? name.slice(0, -STAGED_SUFFIX.length) : name,
            staged: isStaged,
            modifiedAt: mtime,
          });
        } catch {
          // Removed or published while we looked: the next sweep sees it as it is then.
        }
      }
      return objects;
    },
  };
}

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const byPlace = new Map<string, FileStorage>();

/**
 * The storage the app's configuration names: the S3 bucket when S3_BUCKET is set, otherwise
 * the disk under DATA_DIR (one instance per place).
 */
export function storageFor(config: Pick<AppConfig, 'DATA_DIR'> & Partial<S3Settings>): FileStorage {
  const bucket = config.S3_BUCKET;
  const place = bucket
    ? `s3:${config.S3_ENDPOINT ?? ''}/${bucket}`
    : path.join(config.DATA_DIR, 'files');
  let storage = byPlace.get(place);
  if (!storage) {
    storage = bucket
      ? s3Storage(
          s3Client({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, ...config }),
          bucket,
        )
      : diskStorage(place);
    byPlace.set(place, storage);
  }
  return storage;
}
