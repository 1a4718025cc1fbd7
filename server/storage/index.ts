import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config';

/**
 * Where uploaded files live. Disk under DATA_DIR/files by default; an S3-compatible store can
 * implement the same four calls. Keys are ours (never a user's file name), e.g. `tasks/<uuid>`.
 */
export interface FileStorage {
  /** Writes the stream under the key and resolves with the number of bytes written. */
  write(key: string, source: Readable): Promise<number>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** Removes what exists of the keys; missing keys are not an error. */
  remove(keys: readonly string[]): Promise<void>;
}

/** A fresh key in a folder, safe to use as a file path on any platform. */
export function newStorageKey(folder: string): string {
  return `${folder}/${randomUUID()}`;
}

export function diskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are made by newStorageKey, but a path outside the root is refused all the same.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key`);
    return full;
  };
  return {
    async write(key, source) {
      const file = resolve(key);
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
    read(key) {
      return createReadStream(resolve(key));
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(resolve(key), { force: true })));
    },
  };
}

const byRoot = new Map<string, FileStorage>();

/** The storage the app's configuration names (one per data directory). */
export function storageFor(config: Pick<AppConfig, 'DATA_DIR'>): FileStorage {
  const root = path.join(config.DATA_DIR, 'files');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = diskStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
