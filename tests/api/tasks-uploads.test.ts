import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskAssignments, taskFiles, taskReports } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call, future, multipart, pdf, storedFiles, type Part } from './tasks-support';

/** Uploads that must be refused leave no report, no file row and no file on disk. */
let t: TestApp;
const LIMIT = 4096;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: String(LIMIT) });
});
afterAll(() => t.close());

describe('refused uploads', () => {
  let token: string;
  let taskId: number;

  beforeAll(async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    token = people.member[0].token;
    const res = await call(t, owner.token).post(`/workspaces/${workspace.id}/tasks-by-owner`, {
      name: 'Upload here',
      expired_at: future(3),
      user_ids: [people.member[0].user.id],
    });
    taskId = res.json().resource.task.id;
  });

  async function expectNothingStored(
    send: () => Promise<{ statusCode: number; json(): { messages: string[]; errors?: object } }>,
    status: number,
    message: RegExp,
  ) {
    await t.app.deps.jobs.drain(); // notifications of earlier steps land first
    const before = await rowCounts(t.db);
    const res = await send();
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(`${body.messages[0]} ${Object.keys(body.errors ?? {}).join(' ')}`).toMatch(message);
    expect(await rowCounts(t.db)).toEqual(before);
    expect(storedFiles(t)).toEqual([]);
    const [unit] = await t.db
      .select()
      .from(taskAssignments)
      .where(eq(taskAssignments.taskId, taskId));
    expect(unit.status).toBe('todo');
  }
  const submit = (parts: Part[]) => () =>
    call(t, token).upload('POST', `/tasks/${taskId}/submit`, parts);

  it('refuses a file over the size limit with 413 and the limit in words', async () => {
    await expectNothingStored(submit([pdf('big.pdf', LIMIT + 10)]), 413, /at most 4 KB/);
  });

  it('removes the files already stored when a later one is too big', async () => {
    await expectNothingStored(
      submit([pdf('small.pdf', 100), pdf('also-small.pdf', 100), pdf('big.pdf', LIMIT * 2)]),
      413,
      /at most 4 KB/,
    );
  });

  it('refuses types that are not accepted with 415, naming the file', async () => {
    await expectNothingStored(
      submit([
        pdf('fine.pdf', 10),
        { name: 'files', filename: 'setup.exe', type: 'application/x-msdownload', content: 'MZ' },
      ]),
      415,
      /setup\.exe/,
    );
  });

  it('refuses a declared type that disagrees with the name', async () => {
    await expectNothingStored(
      submit([{ name: 'files', filename: 'essay.pdf', type: 'text/html', content: '<script>' }]),
      415,
      /essay\.pdf/,
    );
  });

  it('refuses a body that is not a multipart form with 415', async () => {
    await expectNothingStored(
      () => call(t, token).post(`/tasks/${taskId}/submit`, { answer: 'as json' }),
      415,
      /multipart/,
    );
  });

  it('refuses a multipart body that breaks off in the middle of a file with 400', async () => {
    const body = multipart([pdf('cut.pdf', 2000)]);
    const cut = body.payload.subarray(0, body.payload.length - 600);
    await expectNothingStored(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/core/tasks/${taskId}/submit`,
          headers: { ...bearer(token), ...body.headers },
          payload: cut,
        }),
      400,
      /not complete/,
    );
  });

  it('refuses more than ten files with 413', async () => {
    const many = Array.from({ length: 11 }, (_, i) => pdf(`page-${i}.pdf`, 10));
    await expectNothingStored(submit(many), 413, /Too many files/);
  });

  it('refuses a submission with neither files nor an answer, or with unknown fields, with 422', async () => {
    await expectNothingStored(submit([]), 422, /at least one file/);
    await expectNothingStored(
      submit([{ name: 'grade', value: '10' }, pdf('ok.pdf', 10)]),
      422,
      /grade/,
    );
    await expectNothingStored(
      submit([{ name: 'assignment_id', value: 'abc' }, pdf('ok.pdf', 10)]),
      422,
      /assignment_id/,
    );
  });

  it('still takes a good submission afterwards, and a refused replacement keeps the old file', async () => {
    const ok = await submit([pdf('good.pdf', 100)])();
    expect(ok.statusCode).toBe(200);
    const [file] = await t.db.select().from(taskFiles).where(eq(taskFiles.taskId, taskId));
    const stored = storedFiles(t);
    expect(stored).toHaveLength(1);

    await t.app.deps.jobs.drain(); // notifications of earlier steps land first
    const before = await rowCounts(t.db);
    const replace = await call(t, token).upload('PUT', `/tasks/${taskId}/edit-file/${file.id}`, [
      pdf('bigger.pdf', LIMIT * 3),
    ]);
    expect(replace.statusCode).toBe(413);
    expect(await rowCounts(t.db)).toEqual(before);
    expect(storedFiles(t)).toEqual(stored);
    const [same] = await t.db.select().from(taskFiles).where(eq(taskFiles.id, file.id));
    expect(same).toEqual(file);

    const renamed = await call(t, token).upload('PUT', `/tasks/${taskId}/edit-file/${file.id}`, [
      { name: 'name', value: 'final.exe' },
    ]);
    expect(renamed.statusCode).toBe(422);
    const swapped = await call(t, token).upload('PUT', `/tasks/${taskId}/edit-file/${file.id}`, [
      pdf('better.pdf', 200),
    ]);
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().resource.files.map((f: { name: string }) => f.name)).toEqual([
      'better.pdf',
    ]);
    expect(storedFiles(t)).toHaveLength(1);
    expect(storedFiles(t)).not.toEqual(stored);
    const reports = await t.db.select().from(taskReports).where(eq(taskReports.taskId, taskId));
    expect(reports).toHaveLength(1);
  });
});
