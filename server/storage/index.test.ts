import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { diskStorage, newStorageKey } from './index';

describe('disk storage', () => {
  const storage = diskStorage(mkdtempSync(path.join(tmpdir(), 'teamloop-storage-')));

  it('writes, reads, tells and removes by key', async () => {
    const key = newStorageKey('tasks');
    expect(
      await storage.write(key, Readable.from([Buffer.from('hello '), Buffer.from('world')])),
    ).toBe(11);
    expect(await storage.exists(key)).toBe(true);
    expect(await text(storage.read(key))).toBe('hello world');
    await storage.remove([key, newStorageKey('tasks')]);
    expect(await storage.exists(key)).toBe(false);
  });

  it('never overwrites a key, and leaves nothing when the stream fails', async () => {
    const key = newStorageKey('tasks');
    await storage.write(key, Readable.from(['first']));
    await expect(storage.write(key, Readable.from(['second']))).rejects.toThrow();
    expect(await text(storage.read(key))).toBe('first');

    const broken = newStorageKey('tasks');
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.write(broken, failing)).rejects.toThrow('connection lost');
    expect(await storage.exists(broken)).toBe(false);
  });

  it('refuses keys that leave its folder', () => {
    expect(() => storage.read('../outside')).toThrow();
  });
});
