import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config';
import type { FileStorage, StoredObject } from './index';
import { namedDisposition } from '../http/content-disposition';

export type S3Settings = Pick<
  AppConfig,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** A staged object's key: the same as on disk, so the sweep reads both stores alike. */
const STAGED_SUFFIX = '.staged';
/** How long a signed download address stays valid. */
export const SIGNED_URL_SECONDS = 300;

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/** A missing object reads as the disk's missing file does (ENOENT), whatever the store. */
function notFoundError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? {
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  });
}

/**
 * Files in an S3-compatible bucket (the official AWS SDK). Staging uploads the stream as a
 * multipart upload under the key's staged name; publishing copies it to its own key and removes
 * the staged one, so a reader never sees an object whose row did not commit.
 */
export function s3Storage(client: S3Client, bucket: string): FileStorage {
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  };
  const removeObjects = async (keys: string[]) => {
    // DeleteObjects takes at most 1,000 keys a call.
    for (let start = 0; start < keys.length; start += 1000) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  };

  return {
    async stage(key, source) {
      const staged = key + STAGED_SUFFIX;
      // A key that exists is someone else's file: leave it be (keys are random, so this is a guard).
      if ((await exists(staged)) || (await exists(key))) {
        source.destroy();
        throw Object.assign(new Error('Storage key in use'), { code: 'EEXIST' });
      }
      let bytes = 0;
      const counted = new PassThrough();
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      const upload = new Upload({ client, params: { Bucket: bucket, Key: staged, Body: counted } });
      try {
        await Promise.all([pipeline(source, count, counted), upload.done()]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await removeObjects([staged]).catch(() => undefined);
        throw error;
      }
      return bytes;
    },
    async publish(keys) {
      for (const key of keys) {
        try {
          await client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: key,
              CopySource: `${bucket}/${encodeURIComponent(key + STAGED_SUFFIX).replace(/%2F/g, '/')}`,
            }),
          );
        } catch (error) {
          // Published already (by the sweep, or a retry): nothing left to do.
          if (missing(error) && (await exists(key))) continue;
          throw error;
        }
        await removeObjects([key + STAGED_SUFFIX]);
      }
    },
    read(key) {
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        .then((answer) => pipeline(answer.Body as Readable, out))
        .catch((error: unknown) =>
          out.destroy(missing(error) ? notFoundError(key) : (error as Error)),
        );
      return out;
    },
    exists,
    async remove(keys) {
      await removeObjects(keys.flatMap((key) => [key, key + STAGED_SUFFIX]));
    },
    async list() {
      const objects: StoredObject[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const isStaged = object.Key.endsWith(STAGED_SUFFIX);
          objects.push({
            key: isStaged ? object.Key.slice(0, -STAGED_SUFFIX.length) : object.Key,
            staged: isStaged,
            modifiedAt: object.LastModified ?? new Date(0),
          });
        }
      }
      return objects;
    },
    downloadUrl(key, { filename, contentType }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentType: contentType,
          ResponseContentDisposition: namedDisposition(filename),
        }),
        { expiresIn: SIGNED_URL_SECONDS },
      );
    },
  };
}
