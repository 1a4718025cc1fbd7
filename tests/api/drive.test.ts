import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveFiles, driveFileVersions } from '@server/db/schema';
import { emptyTrash } from '@server/modules/drive/operations/delete-file';
import { storageFor, type FileStorage } from '@server/storage';
import { createWorkspace } from '../support/factories';
import { startS3Server } from '../support/s3-server';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call, future, multipart, pdf, type Part } from './tasks-support';

/**
 * The drive (issue 30, spec 7.15): uploads within each person's capacity, the two lists,
 * versions, previews, the trash and convert-csv; on the disk and in an S3 bucket alike.
 */
let t: TestApp;
let storage: FileStorage;

const KB = 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const file = (filename: string, content: Buffer | string, type = 'application/octet-stream') =>
  ({ name: 'files', filename, type, content }) satisfies Part;
const bytes = (filename: string, size: number) =>
  file(filename, Buffer.alloc(size, 'a'), 'text/plain');

interface Listed {
  id: number;
  name: string;
  status: string;
  mime_type: string;
  size: number;
  versions: number;
  thumbnail_url: string | null;
}

function drive(token: string | null) {
  const api = call(t, token);
  return {
    ...api,
    token: token ?? '',
    async upload(parts: Part[]) {
      return api.upload('POST', '/drive/upload/file', parts);
    },
    async uploaded(parts: Part[]) {
      const response = await api.upload('POST', '/drive/upload/file', parts);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().resource.files as Listed[];
    },
    async list(query = '') {
      const response = await api.get(`/drive/files${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().resource.files as { data: Listed[]; meta: { total: number } };
    },
    async capacity() {
      return (await api.get('/drive/user-capacity')).json().resource as {
        used: number;
        left: number;
        total: number;
        by_area: Record<string, number>;
      };
    },
  };
}

/** Keys in the store, staged ones marked. */
async function stored() {
  return (await storage.list()).map((o) => (o.staged ? `${o.key} (staged)` : o.key)).sort();
}

async function rowCounts() {
  const [[files], [versions]] = await Promise.all([
    t.db.select({ n: count() }).from(driveFiles),
    t.db.select({ n: count() }).from(driveFileVersions),
  ]);
  return { files: files.n, versions: versions.n };
}

async function keysOf(fileId: number) {
  return (
    await t.db.select().from(driveFileVersions).where(eq(driveFileVersions.fileId, fileId))
  ).flatMap((v) => [v.storageKey, ...(v.thumbnailKey ? [v.thumbnailKey] : [])]);
}

describe.each(['disk', 'S3'] as const)('the drive on %s', (store) => {
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    s3 = store === 'S3' ? await startS3Server() : undefined;
    const settings = s3 ? Object.entries(s3.settings).map(([k, v]) => [k, String(v)]) : [];
    // One megabyte each, so the capacity is quick to reach.
    t = await createTestApp({ ...Object.fromEntries(settings), DRIVE_CAPACITY_MB: '1' });
    storage = storageFor(t.config);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('uploads one file and several, typed by their bytes', async () => {
    const me = drive((await t.createUser()).token);
    const [one] = await me.uploaded([file('notes.txt', 'hello', 'text/plain')]);
    expect(one).toMatchObject({ name: 'notes.txt', status: 'current', size: 5, versions: 1 });
    expect(one.mime_type).toBe('text/plain');
    const several = await me.uploaded([
      file('a.pdf', '%PDF-1.4\nxx'),
      file('b.png', PNG, 'image/png'),
      file('c.bin', Buffer.from([0, 1, 2, 3])),
    ]);
    expect(several.map((f) => [f.name, f.mime_type])).toEqual([
      ['a.pdf', 'application/pdf'],
      ['b.png', 'image/png'],
      ['c.bin', 'application/octet-stream'],
    ]);
    expect((await me.list()).meta.total).toBe(4);
    const shown = await me.get(`/drive/${one.id}`);
    expect(shown.json().resource.file).toMatchObject({ id: one.id, name: 'notes.txt' });
    const download = await me.get(`/drive/files/${one.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('pages the list until a page is empty, sorted and searched', async () => {
    const me = drive((await t.createUser()).token);
    await me.uploaded(['b.txt', 'a.txt', 'c.txt'].map((n) => file(n, n, 'text/plain')));
    const names: string[] = [];
    for (let page = 1; ; page += 1) {
      const list = await me.list(`?per_page=2&page=${page}&sort=name&direction=asc`);
      expect(list.meta.total).toBe(3);
      if (list.data.length === 0) break;
      names.push(...list.data.map((f) => f.name));
    }
    expect(names).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect((await me.list('?q=b.t')).data.map((f) => f.name)).toEqual(['b.txt']);
    expect((await me.list('?q=%25')).data).toEqual([]);
  });

  it('renames a file', async () => {
    const me = drive((await t.createUser()).token);
    const [one] = await me.uploaded([file('old.txt', 'x', 'text/plain')]);
    const renamed = await me.put(`/drive/files/${one.id}`, { name: '  New name.txt ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().resource.file.name).toBe('New name.txt');
    expect((await me.put(`/drive/files/${one.id}`, { name: ' ' })).statusCode).toBe(422);
    expect((await me.put(`/drive/files/${one.id}`, {})).statusCode).toBe(422);
  });

  it('archives and restores by the list rules; deletes only from the archive, bytes and all', async () => {
    const me = drive((await t.createUser()).token);
    const [one] = await me.uploaded([file('keep.txt', 'x', 'text/plain')]);
    const keys = await keysOf(one.id);

    const refused = await me.delete(`/drive/files/${one.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messages[0]).toMatch(/archive/i);
    expect((await me.post(`/files/${one.id}/restore`)).statusCode).toBe(409);

    const archived = await me.post(`/files/${one.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().resource.file).toMatchObject({ status: 'archived' });
    expect(archived.json().resource.file.removed_at).not.toBeNull();
    expect((await me.list()).data).toEqual([]);
    expect((await me.list('?status=archived')).data.map((f) => f.id)).toEqual([one.id]);
    expect((await me.post(`/files/${one.id}/archive`)).statusCode).toBe(409);

    expect((await me.post(`/files/${one.id}/restore`)).statusCode).toBe(200);
    expect((await me.list()).data.map((f) => f.id)).toEqual([one.id]);
    expect((await me.list('?status=archived')).data).toEqual([]);

    expect((await me.post(`/files/${one.id}/archive`)).statusCode).toBe(200);
    expect((await me.delete(`/drive/files/${one.id}`)).statusCode).toBe(200);
    expect((await me.get(`/drive/${one.id}`)).statusCode).toBe(404);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
  });

  it('keeps versions: replace, list, download and restore one', async () => {
    const me = drive((await t.createUser()).token);
    const [one] = await me.uploaded([file('plan.txt', 'first', 'text/plain')]);
    const second = await call(t, me.token).upload('POST', `/drive/files/${one.id}/versions`, [
      file('plan.txt', 'second draft', 'text/plain'),
    ]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().resource.file).toMatchObject({ versions: 2, size: 12 });
    expect((await me.get(`/drive/files/${one.id}/download`)).body).toBe('second draft');

    const versions = (await me.get(`/drive/files/${one.id}/versions`)).json().resource.versions;
    expect(
      versions.map((v: { number: number; current: boolean }) => [v.number, v.current]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await me.get(`/drive/files/${one.id}/versions/1/download`)).body).toBe('first');
    expect((await me.get(`/drive/files/${one.id}/versions/3/download`)).statusCode).toBe(404);

    const restored = await me.post(`/drive/files/${one.id}/versions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().resource.file).toMatchObject({ versions: 2, size: 5 });
    expect((await me.get(`/drive/files/${one.id}/download`)).body).toBe('first');
    expect((await me.post(`/drive/files/${one.id}/versions/9/restore`)).statusCode).toBe(404);
    // A replacement brings one file only.
    const two = await call(t, me.token).upload('POST', `/drive/files/${one.id}/versions`, [
      file('a.txt', 'a', 'text/plain'),
      file('b.txt', 'b', 'text/plain'),
    ]);
    expect(two.statusCode).toBe(413);
    const none = await call(t, me.token).upload('POST', `/drive/files/${one.id}/versions`, [
      { name: 'note', value: 'no file' },
    ]);
    expect(none.statusCode).toBe(422);
  });

  it('stores a ".png" whose bytes are HTML as text, served as a download only', async () => {
    const me = drive((await t.createUser()).token);
    const [page] = await me.uploaded([
      file('cat.png', '<!DOCTYPE html><html><script>alert(1)</script></html>', 'image/png'),
    ]);
    expect(page.mime_type).toBe('text/plain');
    for (const query of ['', '?inline=true']) {
      const served = await me.get(`/drive/files/${page.id}/download${query}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^text\/plain/);
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    const [image] = await me.uploaded([file('real.png', PNG, 'image/png')]);
    const inline = await me.get(`/drive/files/${image.id}/download?inline=true`);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('makes a thumbnail of a PDF’s first page in a job, sized to fit', async () => {
    const me = drive((await t.createUser()).token);
    const [report] = await me.uploaded([file('report.pdf', await aPdf(), 'application/pdf')]);
    await t.app.deps.jobs.drain();
    const thumbnail = await me.get(`/drive/files/${report.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    const png = thumbnail.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // An A4 page is taller than wide: 256 px high, about 181 px wide (IHDR width and height).
    expect(png.readUInt32BE(20)).toBe(256);
    expect(png.readUInt32BE(16)).toBeGreaterThan(170);
    expect(png.readUInt32BE(16)).toBeLessThan(190);
  });

  it('makes a thumbnail of an image in a job', async () => {
    const me = drive((await t.createUser()).token);
    const [image, text] = await me.uploaded([
      file('dot.png', PNG, 'image/png'),
      file('t.txt', 'x', 'text/plain'),
    ]);
    await t.app.deps.jobs.drain();
    const shown = (await me.get(`/drive/${image.id}`)).json().resource.file as Listed;
    expect(shown.thumbnail_url).toMatch(new RegExp(`/drive/files/${image.id}/thumbnail`));
    const thumbnail = await me.get(`/drive/files/${image.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect(thumbnail.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await me.get(`/drive/files/${text.id}/thumbnail`)).statusCode).toBe(404);
  });

  it('empties the trash: files archived more than 30 days ago go, bytes and all', async () => {
    const me = drive((await t.createUser()).token);
    const [old, recent] = await me.uploaded([
      file('old.txt', 'old', 'text/plain'),
      file('recent.txt', 'recent', 'text/plain'),
    ]);
    for (const f of [old, recent]) await me.post(`/files/${f.id}/archive`);
    const day = 86_400_000;
    await t.db
      .update(driveFiles)
      .set({ archivedAt: new Date(Date.now() - 31 * day) })
      .where(eq(driveFiles.id, old.id));
    await t.db
      .update(driveFiles)
      .set({ archivedAt: new Date(Date.now() - 10 * day) })
      .where(eq(driveFiles.id, recent.id));
    const oldKeys = await keysOf(old.id);
    expect(await emptyTrash(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect((await me.list('?status=archived')).data.map((f) => f.id)).toEqual([recent.id]);
    for (const key of oldKeys) expect(await storage.exists(key)).toBe(false);
    for (const key of await keysOf(recent.id)) expect(await storage.exists(key)).toBe(true);
  });

  /** A one-page A4 PDF with a heading, made the way a person's tool would. */
  function aPdf(): Promise<Buffer> {
    return new Promise((resolve) => {
      const doc = new PDFDocument({ size: 'A4' });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.fontSize(32).text('Quarterly report');
      doc.end();
    });
  }

  describe('capacity', () => {
    it('refuses the upload that would pass it with 413, storing nothing', async () => {
      const me = drive((await t.createUser()).token);
      await me.uploaded([bytes('big.txt', 700 * KB)]);
      const capacity = await me.capacity();
      expect(capacity).toMatchObject({ used: 700 * KB, total: 1024 * KB, left: 324 * KB });
      expect(capacity.by_area.drive).toBe(700 * KB);

      const before = { store: await stored(), rows: await rowCounts() };
      // Within what the body may carry: refused while it streams.
      const streamed = await me.upload([bytes('small.txt', 100 * KB), bytes('more.txt', 300 * KB)]);
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json().messages[0]).toContain('324 KB');
      // Far beyond: refused before a byte is read.
      const vi = await t.app.inject({
        method: 'POST',
        url: '/api/v2/core/drive/upload/file',
        headers: {
          ...bearer(me.token),
          language: 'vi',
          ...multipart([bytes('huge.txt', 2048 * KB)]).headers,
        },
        payload: multipart([bytes('huge.txt', 2048 * KB)]).payload,
      });
      expect(vi.statusCode).toBe(413);
      expect(vi.json().messages[0]).toContain('dung lượng');
      // So is a new version.
      const [small] = await me.uploaded([bytes('s.txt', 10)]);
      const version = await call(t, me.token).upload('POST', `/drive/files/${small.id}/versions`, [
        bytes('s.txt', 400 * KB),
      ]);
      expect(version.statusCode).toBe(413);
      await me.post(`/files/${small.id}/archive`);
      await me.delete(`/drive/files/${small.id}`);

      expect(await stored()).toEqual(before.store);
      expect(await rowCounts()).toEqual(before.rows);
      expect((await me.capacity()).used).toBe(700 * KB);
    });

    it('lets only one of two uploads at once through when together they pass it', async () => {
      const me = drive((await t.createUser()).token);
      await me.uploaded([bytes('base.txt', 400 * KB)]);
      const before = await stored();
      // Each fits what is left (624 KB) alone; both together do not.
      const answers = await Promise.all([
        me.upload([bytes('first.txt', 400 * KB)]),
        me.upload([bytes('second.txt', 400 * KB)]),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
      const refused = answers.find((a) => a.statusCode === 413);
      expect(refused?.json().messages[0]).toContain('224 KB');
      expect((await me.capacity()).used).toBe(800 * KB);
      expect((await me.list()).meta.total).toBe(2);
      expect((await stored()).length).toBe(before.length + 1);
    });

    it('counts a task hand-in against the same capacity', async () => {
      const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
      const member = people.member[0];
      const task = await call(t, owner.token).post(`/workspaces/${workspace.id}/tasks-by-owner`, {
        name: 'Hand in',
        expired_at: future(3),
        user_ids: [member.user.id],
      });
      const taskId = task.json().resource.task.id as number;
      const handedIn = await call(t, member.token).upload('POST', `/tasks/${taskId}/submit`, [
        pdf('work.pdf', 700 * KB),
      ]);
      expect(handedIn.statusCode).toBe(200);
      const me = drive(member.token);
      const capacity = await me.capacity();
      expect(capacity.by_area.tasks).toBeGreaterThan(700 * KB);
      expect(capacity.used).toBe(capacity.by_area.tasks);
      const before = { store: await stored(), rows: await rowCounts() };
      expect((await me.upload([bytes('extra.txt', 400 * KB)])).statusCode).toBe(413);
      // A hand-in that would pass it is refused the same way, with nothing stored.
      const again = await call(t, member.token).upload('POST', `/tasks/${taskId}/resubmit`, [
        pdf('work-2.pdf', 400 * KB),
      ]);
      expect(again.statusCode).toBe(413);
      expect(again.json().messages[0]).toMatch(/left/);
      expect(await stored()).toEqual(before.store);
      expect(await rowCounts()).toEqual(before.rows);
    });

    it('counts chat files against it and refuses the one that passes it', async () => {
      const { owner: ana, people } = await createWorkspace(t, { members: { member: 1 } });
      const ben = people.member[0];
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/v2/messaging/chats/user-chat',
        headers: bearer(ana.token),
        payload: { user_id: ben.user.id },
      });
      expect(chat.statusCode, chat.body).toBe(200);
      const chatId = chat.json().resource.chat.id as number;
      const send = (size: number) => {
        const body = multipart([pdf('notes.pdf', size)]);
        return t.app.inject({
          method: 'POST',
          url: `/api/v2/messaging/messages/files?chat_id=${chatId}`,
          headers: { ...bearer(ana.token), ...body.headers },
          payload: body.payload,
        });
      };
      expect((await send(700 * KB)).statusCode).toBe(201);
      const me = drive(ana.token);
      expect((await me.capacity()).by_area.chats).toBeGreaterThan(700 * KB);
      const before = { store: await stored(), rows: await rowCounts() };
      const refused = await send(400 * KB);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().messages[0]).toMatch(/left/);
      expect(await stored()).toEqual(before.store);
    });
  });

  describe('convert-csv', () => {
    const convert = (to: string, part: Part) =>
      call(t, token).upload('POST', `/files/convert-csv?to=${to}`, [part]);
    let token: string;
    beforeAll(async () => {
      token = (await t.createUser()).token;
    });

    it('turns a CSV into a workbook and a workbook’s first sheet into CSV', async () => {
      const csv = 'name,score\nAn,9\nBình,7\n';
      const xlsx = await convert('xlsx', { ...file('scores.csv', csv, 'text/csv'), name: 'file' });
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toBe(XLSX);
      expect(xlsx.headers['content-disposition']).toContain('scores.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0].getCell('A3').value).toBe('Bình');

      const back = await convert('csv', {
        ...file('scores.xlsx', xlsx.rawPayload, XLSX),
        name: 'file',
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.headers['content-type']).toMatch(/^text\/csv/);
      expect(back.body.replace(/\r/g, '')).toContain('Bình,7');
      // The part may also be named as uploads name theirs.
      const asUploads = await convert('xlsx', file('scores.csv', csv, 'text/csv'));
      expect(asUploads.statusCode, asUploads.body).toBe(200);
    });

    it('refuses an empty or unreadable file and a workbook with no sheet, in words', async () => {
      const empty = await convert('xlsx', { ...file('e.csv', '', 'text/csv'), name: 'file' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().messages[0]).toMatch(/empty/i);
      const garbage = await convert('csv', {
        ...file('x.xlsx', 'not a workbook', XLSX),
        name: 'file',
      });
      expect(garbage.statusCode).toBe(422);
      expect(garbage.json().messages[0]).toMatch(/could not be read/);
      const sheetless = Buffer.from(await new ExcelJS.Workbook().xlsx.writeBuffer());
      const noSheet = await convert('csv', { ...file('n.xlsx', sheetless, XLSX), name: 'file' });
      expect(noSheet.statusCode).toBe(422);
      expect(noSheet.json().messages[0]).toMatch(/no sheet|empty/i);
      expect(
        (await convert('pdf', { ...file('e.csv', 'a', 'text/csv'), name: 'file' })).statusCode,
      ).toBe(422);
      const noFile = await call(t, token).upload('POST', '/files/convert-csv', [
        { name: 'other', value: 'x' },
      ]);
      expect(noFile.statusCode).toBe(422);
    });
  });

  describe('who may call', () => {
    it('answers 404 to anyone but the owner and 401 when signed out, on every route', async () => {
      const owner = drive((await t.createUser()).token);
      const [mine] = await owner.uploaded([file('dot.png', PNG, 'image/png')]);
      await t.app.deps.jobs.drain();
      const outsider = call(t, (await t.createUser()).token);
      const signedOut = call(t, null);
      const id = mine.id;
      const reads = [
        `/drive/${id}`,
        `/drive/files/${id}/download`,
        `/drive/files/${id}/thumbnail`,
        `/drive/files/${id}/versions`,
        `/drive/files/${id}/versions/1/download`,
      ];
      for (const url of reads) {
        expect((await outsider.get(url)).statusCode, url).toBe(404);
        expect((await signedOut.get(url)).statusCode, url).toBe(401);
        expect((await owner.get(url)).statusCode, url).toBe(200);
      }
      const changes: [string, 'post' | 'delete' | 'put', object?][] = [
        [`/files/${id}/archive`, 'post'],
        [`/files/${id}/restore`, 'post'],
        [`/drive/files/${id}`, 'put', { name: 'x' }],
        [`/drive/files/${id}`, 'delete'],
        [`/drive/files/${id}/versions/1/restore`, 'post'],
      ];
      for (const [url, method, body] of changes) {
        expect((await outsider[method](url, body as never)).statusCode, url).toBe(404);
        expect((await signedOut[method](url, body as never)).statusCode, url).toBe(401);
      }
      const replace = [file('x.txt', 'x', 'text/plain')];
      expect(
        (await outsider.upload('POST', `/drive/files/${id}/versions`, replace)).statusCode,
      ).toBe(404);
      expect(
        (await signedOut.upload('POST', `/drive/files/${id}/versions`, replace)).statusCode,
      ).toBe(401);
      for (const url of ['/drive/files', '/drive/user-capacity']) {
        expect((await signedOut.get(url)).statusCode).toBe(401);
      }
      expect((await signedOut.upload('POST', '/drive/upload/file', replace)).statusCode).toBe(401);
      expect(
        (await signedOut.upload('POST', '/files/convert-csv', [{ ...replace[0], name: 'file' }]))
          .statusCode,
      ).toBe(401);
      // The outsider's own lists do not show it; the owner's file is untouched.
      expect((await drive(null).get('/drive/files')).statusCode).toBe(401);
      expect((await owner.get(`/drive/${id}`)).json().resource.file.status).toBe('current');
    });

    it('answers 400 or 422 to bad input on every route', async () => {
      const me = drive((await t.createUser()).token);
      const [one] = await me.uploaded([file('a.txt', 'a', 'text/plain')]);
      for (const query of [
        '?status=gone',
        '?per_page=0',
        '?page=x',
        '?sort=colour',
        '?direction=up',
      ]) {
        expect([400, 422], query).toContain((await me.get(`/drive/files${query}`)).statusCode);
      }
      for (const url of [
        '/drive/abc',
        '/drive/files/abc/download',
        '/drive/files/0/thumbnail',
        '/drive/files/abc/versions',
        `/drive/files/${one.id}/versions/x/download`,
      ]) {
        expect([400, 422], url).toContain((await me.get(url)).statusCode);
      }
      for (const url of [
        '/files/abc/archive',
        '/files/abc/restore',
        `/drive/files/${one.id}/versions/0/restore`,
      ]) {
        expect([400, 422], url).toContain((await me.post(url)).statusCode);
      }
      expect([400, 422]).toContain((await me.delete('/drive/files/abc')).statusCode);
      expect((await me.put(`/drive/files/${one.id}`, { name: 'x'.repeat(300) })).statusCode).toBe(
        422,
      );
      // An upload without files, and one that is not a form.
      expect((await me.upload([{ name: 'note', value: 'x' }])).statusCode).toBe(422);
      expect((await me.post('/drive/upload/file', { files: [] })).statusCode).toBe(415);
      expect(
        (await me.upload(Array.from({ length: 21 }, (_, i) => file(`${i}.txt`, 'x', 'text/plain'))))
          .statusCode,
      ).toBe(413);
    });
  });

  it('exports the drive with my data and removes it with my account', async () => {
    const person = await t.createUser();
    const me = drive(person.token);
    const [one] = await me.uploaded([file('diary.txt', 'dear diary', 'text/plain')]);
    const keys = await keysOf(one.id);
    const exported = (await me.get('/user/export-user-data')).json();
    expect(exported.drive).toEqual([
      expect.objectContaining({
        name: 'diary.txt',
        versions: [expect.objectContaining({ size: 10 })],
      }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(keys[0]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/core/user?password=${encodeURIComponent(person.password)}`,
      headers: bearer(person.token),
      payload: { password: person.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.db.select().from(driveFiles).where(eq(driveFiles.userId, person.user.id)),
    ).toEqual([]);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
  });
});
