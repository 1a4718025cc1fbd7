import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../tests/support/s3-server';
import { diskStorage, newStorageKey, type FileStorage } from './index';
import { s3Client, s3Storage } from './s3';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.close());

const stores: [string, () => FileStorage][] = [
  ['disk', () => diskStorage(mkdtempSync(path.join(tmpdir(), 'teamloop-storage-')))],
  ['S3 (s3rver)', () => s3Storage(s3Client(s3.settings), s3.settings.S3_BUCKET)],
];

describe.each(stores)('%s storage', (name, open) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = open();
  });

  it('stages, publishes, reads, tells and removes by key', async () => {
    const key = newStorageKey('tasks');
    expect(
      await storage.stage(key, Readable.from([Buffer.from('hello '), Buffer.from('world')])),
    ).toBe(11);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.list()).toEqual([expect.objectContaining({ key, staged: true })]);
    await storage.publish([key]);
    await storage.publish([key]);
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.list()).toEqual([expect.objectContaining({ key, staged: false })]);
    expect(await text(storage.read(key))).toBe('hello world');
    await storage.remove([key, newStorageKey('tasks')]);
    expect(await storage.exists(key)).toBe(false);
  });

  it('never overwrites a key, and leaves nothing when the stream fails', async () => {
    const key = newStorageKey('tasks');
    await storage.stage(key, Readable.from(['first']));
    await expect(storage.stage(key, Readable.from(['second']))).rejects.toThrow();
    await storage.publish([key]);
    expect(await text(storage.read(key))).toBe('first');

    const broken = newStorageKey('tasks');
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.stage(broken, failing)).rejects.toThrow('connection lost');
    expect(await storage.exists(broken)).toBe(false);
    expect((await storage.list()).map((object) => object.key)).not.toContain(broken);
  });

  it('removes staged and published files alike', async () => {
    const staged = newStorageKey('cvs');
    const published = newStorageKey('cvs');
    await storage.stage(staged, Readable.from(['a']));
    await storage.stage(published, Readable.from(['b']));
    await storage.publish([published]);
    await storage.remove([staged, published]);
    const keys = (await storage.list()).map((object) => object.key);
    expect(keys).not.toContain(staged);
    expect(keys).not.toContain(published);
  });

  it('reads a missing key as a missing file (ENOENT)', async () => {
    await expect(text(storage.read(newStorageKey('tasks')))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it.runIf(name === 'disk')('refuses keys that leave its folder', () => {
    expect(() => storage.read('../outside')).toThrow();
  });

  it.runIf(name !== 'disk')('hands out a short-lived address to download from', async () => {
    const key = newStorageKey('drive');
    await storage.stage(key, Readable.from(['report']));
    await storage.publish([key]);
    const url = await storage.downloadUrl!(key, {
      filename: 'Báo cáo.txt',
      contentType: 'text/plain',
    });
    expect(url).toContain('X-Amz-Signature=');
    const answer = await fetch(url);
    expect(await answer.text()).toBe('report');
  });
});
