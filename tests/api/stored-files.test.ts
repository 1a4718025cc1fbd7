import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskFiles, userProfiles } from '@server/db/schema';
import { AREAS } from '@server/modules';
import { newStorageKey, storageFor, type FileStorage } from '@server/storage';
import { referencedKeys } from '@server/storage/references';
import { sweepStoredFiles } from '@server/storage/sweep';
import { createWorkspace } from '../support/factories';
import { startS3Server } from '../support/s3-server';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam, future, pdf, storedFiles, type Part } from './tasks-support';

/**
 * Stored files and rows agree: uploads publish on commit, deletions remove, the sweep clears;
 * on the disk under DATA_DIR and in an S3 bucket (a local s3rver) alike.
 */
let t: TestApp;
let storage: FileStorage;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const png = (filename: string): Part => ({
  name: 'avatar',
  filename,
  type: 'image/png',
  content: PNG,
});

/** Keys of the files on disk, staged ones marked. */
async function onDisk() {
  return (await storage.list()).map((o) => (o.staged ? `${o.key} (staged)` : o.key)).sort();
}

/** A workspace with a task, a member who handed in a PDF and a team with a picture. */
async function workspaceWithFiles() {
  const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
  const member = people.member[0];
  const task = await call(t, owner.token).post(`/workspaces/${workspace.id}/tasks-by-owner`, {
    name: 'Hand in',
    expired_at: future(3),
    user_ids: [member.user.id],
  });
  const taskId = task.json().resource.task.id as number;
  const handedIn = await call(t, member.token).upload('POST', `/tasks/${taskId}/submit`, [
    pdf('work.pdf'),
  ]);
  expect(handedIn.statusCode).toBe(200);
  const attached = await call(t, owner.token).upload('PATCH', `/tasks/${taskId}/files`, [
    pdf('brief.pdf'),
  ]);
  expect(attached.statusCode).toBe(200);
  const team = await createTeam(t, workspace.id, 'Pictured', [member.user.id]);
  const picture = await call(t, owner.token).upload('POST', `/teams/${team.id}/avatar`, [
    png('team.png'),
  ]);
  expect(picture.statusCode).toBe(200);
  const keys = [
    ...(await t.db.select().from(taskFiles).where(eq(taskFiles.taskId, taskId))).map(
      (f) => f.storageKey,
    ),
    `avatars/${/avatars\/([0-9a-f-]{36})/.exec(picture.json().resource.team.avatar_url as string)![1]}`,
  ];
  return { workspace, owner, member, taskId, keys };
}

describe.each(['disk', 'S3'] as const)('on %s', (store) => {
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    s3 = store === 'S3' ? await startS3Server() : undefined;
    const settings = s3 ? Object.entries(s3.settings).map(([k, v]) => [k, String(v)]) : [];
    t = await createTestApp(Object.fromEntries(settings));
    storage = storageFor(t.config);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('serves a stored file back as it was handed in', async () => {
    const { owner, taskId } = await workspaceWithFiles();
    const api = call(t, owner.token);
    const files = (await api.get(`/tasks/${taskId}/files`)).json().resource.files as {
      id: number;
      name: string;
    }[];
    const brief = files.find((file) => file.name === 'brief.pdf')!;
    const download = await api.get(`/tasks/${taskId}/files/${brief.id}`);
    expect(download.statusCode).toBe(200);
    const sent = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 'x')]);
    expect(download.rawPayload.equals(sent)).toBe(true);
  });

  describe('what the bytes are', () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    it('stores a hand-in named .png whose bytes are HTML as text, served as a download', async () => {
      const { owner, taskId } = await workspaceWithFiles();
      const api = call(t, owner.token);
      const sent = await api.upload('PATCH', `/tasks/${taskId}/files`, [
        { name: 'files', filename: 'page.png', type: 'image/png', content: html },
      ]);
      expect(sent.statusCode).toBe(200);
      const files = (await api.get(`/tasks/${taskId}/files`)).json().resource.files as {
        id: number;
        name: string;
        mime_type: string;
      }[];
      const page = files.find((file) => file.name === 'page.png')!;
      expect(page.mime_type).toBe('text/plain');
      const download = await api.get(`/tasks/${taskId}/files/${page.id}`);
      expect(download.headers['content-type']).toMatch(/^text\/plain/);
      expect(download.headers['content-disposition']).toMatch(/^attachment/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses a picture whose bytes are not an image, storing nothing', async () => {
      const person = await t.createUser();
      const before = await onDisk();
      const refused = await call(t, person.token).upload('POST', '/user/avatar', [
        { ...png('me.png'), content: html },
      ]);
      expect(refused.statusCode).toBe(415);
      expect(await onDisk()).toEqual(before);
    });
  });

  describe('uploads', () => {
    it('are published under their keys once their rows commit', async () => {
      const { keys } = await workspaceWithFiles();
      expect(keys).toHaveLength(3);
      const disk = await onDisk();
      for (const key of keys) expect(disk).toContain(key);
      expect(disk.filter((k) => k.endsWith('(staged)'))).toEqual([]);
      const referenced = await referencedKeys(AREAS, t.db);
      for (const key of keys) expect(referenced.has(key)).toBe(true);
    });
  });

  describe('deleting', () => {
    it('a task removes the files handed in on it and attached to it', async () => {
      const { owner, taskId, keys } = await workspaceWithFiles();
      const deleted = await call(t, owner.token).delete(`/tasks/${taskId}`);
      expect(deleted.statusCode).toBe(200);
      const disk = await onDisk();
      expect(disk).not.toContain(keys[0]);
      expect(disk).not.toContain(keys[1]);
      expect(disk).toContain(keys[2]);
    });

    it('a workspace removes its tasks’ files and its teams’ pictures', async () => {
      const { workspace, owner, keys } = await workspaceWithFiles();
      const api = call(t, owner.token);
      expect((await api.post(`/workspaces/archive/${workspace.id}`)).statusCode).toBe(200);
      expect((await api.delete(`/workspaces/${workspace.id}`)).statusCode).toBe(200);
      const disk = await onDisk();
      for (const key of keys) expect(disk).not.toContain(key);
    });

    it('an account removes its picture and CV', async () => {
      const person = await t.createUser();
      const api = call(t, person.token);
      expect((await api.upload('POST', '/user/avatar', [png('me.png')])).statusCode).toBe(200);
      const cv = await api.upload('POST', '/user/cv', [{ ...pdf('cv.pdf'), name: 'file' }]);
      expect(cv.statusCode).toBe(200);
      const [profile] = await t.db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.userId, person.user.id));
      const keys = [profile.avatar!.key, profile.cv!.key];
      for (const key of keys) expect(await storage.exists(key)).toBe(true);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/v2/core/user?password=${encodeURIComponent(person.password)}`,
        headers: bearer(person.token),
        payload: { password: person.password },
      });
      expect(deleted.statusCode).toBe(200);
      const disk = await onDisk();
      for (const key of keys) expect(disk).not.toContain(key);
      // The whole profile goes with the account (profile's accountDeletion).
      const after = await t.db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.userId, person.user.id));
      expect(after).toEqual([]);
    });
  });

  describe('the sweep', () => {
    it('publishes staged files whose row committed and removes old files no row names', async () => {
      const { keys } = await workspaceWithFiles();
      const [handedIn] = keys;
      // A crash between the commit and the rename: the row names a key that is still staged.
      const committed = newStorageKey('tasks');
      await storage.stage(committed, Readable.from(['committed']));
      await t.db
        .update(taskFiles)
        .set({ storageKey: committed })
        .where(eq(taskFiles.storageKey, handedIn));
      await storage.remove([handedIn]);
      // Crashes before the commit: staged and published files that no row names.
      const abandoned = newStorageKey('tasks');
      await storage.stage(abandoned, Readable.from(['half']));
      const orphan = newStorageKey('cvs');
      await storage.stage(orphan, Readable.from(['orphan']));
      await storage.publish([orphan]);

      // Within the grace period nothing is removed: an upload may still be on its way.
      const early = await sweepStoredFiles(AREAS, t.db, storage, 60_000);
      expect(early).toEqual({ published: 1, removed: 0 });
      expect(await storage.exists(committed)).toBe(true);
      expect(await onDisk()).toContain(`${abandoned} (staged)`);

      const late = await sweepStoredFiles(AREAS, t.db, storage, 0);
      expect(late.removed).toBeGreaterThanOrEqual(2);
      const disk = await onDisk();
      expect(disk).not.toContain(`${abandoned} (staged)`);
      expect(disk).not.toContain(orphan);
      // Every file left is named by a row, and every row's file is there.
      const referenced = await referencedKeys(AREAS, t.db);
      expect(disk.filter((key) => !referenced.has(key))).toEqual([]);
      for (const key of referenced) expect(disk).toContain(key);
      // What list() says is what the disk holds.
      if (store === 'disk') expect(storedFiles(t).length).toBe(disk.length);
    });
  });
});
