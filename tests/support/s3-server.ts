import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver accepts (its defaults); any request signed with them is let in. */
export const S3RVER_KEY = { id: 'S3RVER', secret: 'S3RVER' };

/**
 * A local S3-compatible server (s3rver, from npm) with one empty bucket, and the settings the
 * app reads to store its files there.
 */
export async function startS3Server(bucket = 'teamloop-test') {
  const directory = mkdtempSync(path.join(tmpdir(), 'teamloop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY.id,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY.secret,
      S3_FORCE_PATH_STYLE: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
