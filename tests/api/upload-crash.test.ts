import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { issueAccessToken } from '@server/auth/access-token';
import { hashSecret } from '@server/auth/password';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { users, workspaceMembers, workspaces } from '@server/db/schema';
import { AREAS } from '@server/modules';
import { storageFor } from '@server/storage';
import { referencedKeys } from '@server/storage/references';
import { createPostgresDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { future, multipart, pdf } from './tasks-support';

/**
 * The server is killed (SIGKILL) while uploads stream in, then started again: after its
 * start-up sweep no file on disk lacks a row and no row lacks its file. Runs on PostgreSQL when
 * TEST_DATABASE_URL is set, otherwise on the embedded PGlite in DATA_DIR, as `npm start` does.
 */
const JWT_SECRET = 'crash-test-secret-that-is-long-enough-for-hs256';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Seed {
  taskId: number;
  ownerToken: string;
  memberTokens: string[];
}

/** People, a workspace and a task assigned to everyone, written before the server runs. */
async function seed(env: Record<string, string>): Promise<Seed> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const passwordHash = await hashSecret('correct horse battery');
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          email: `crash${i}@example.com`,
          firstName: `Crash${i}`,
          lastName: 'Test',
          passwordHash,
          verifiedAt: new Date(),
        })),
      )
      .returning();
    const tokens = await Promise.all(
      people.map((person) => issueAccessToken(app.deps, database.db, person, 'password')),
    );
    const [workspace] = await database.db
      .insert(workspaces)
      .values({ name: 'Crash', workspaceType: 'course', createdBy: people[0].id })
      .returning();
    await database.db.insert(workspaceMembers).values(
      people.map((person, i) => ({
        workspaceId: workspace.id,
        userId: person.id,
        role: i === 0 ? ('owner' as const) : ('member' as const),
      })),
    );
    const task = await app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/${workspace.id}/tasks-by-owner`,
      headers: { authorization: `Bearer ${tokens[0]}` },
      payload: {
        name: 'Hand in while it crashes',
        expired_at: future(3),
        user_ids: people.slice(1).map((p) => p.id),
      },
    });
    expect(task.statusCode).toBe(201);
    return {
      taskId: task.json().resource.task.id as number,
      ownerToken: tokens[0],
      memberTokens: tokens.slice(1),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

/** A whole multipart upload; resolves with the status. */
async function upload(
  base: string,
  url: string,
  token: string,
  body: ReturnType<typeof multipart>,
) {
  const response = await fetch(`${base}/api/v2/core${url}`, {
    method: url.endsWith('/files') ? 'PATCH' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
  });
  return response.status;
}

/**
 * An upload that sends the start of a large file and then waits: the server has a staged
 * file half written when it dies. Errors after the kill are expected and swallowed.
 */
function slowUpload(base: string, url: string, token: string, field: string, filename: string) {
  const boundary = `----crash${randomBytes(6).toString('hex')}`;
  const request = http.request(`${base}/api/v2/core${url}`, {
    method: url.endsWith('/files') ? 'PATCH' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  request.on('error', () => undefined);
  const type = filename.endsWith('.png') ? 'image/png' : 'application/pdf';
  const start = filename.endsWith('.png') ? PNG : Buffer.from('%PDF-1.4\n');
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  request.write(Buffer.concat([start, Buffer.alloc(256 * 1024, 'x')]));
  return request;
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('a crash during uploads', () => {
  it('leaves, after a restart and its sweep, no file without a row and no row without a file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JWT_SECRET,
      FILE_SWEEP_GRACE_MS: '0',
    };
    if (process.env.TEST_DATABASE_URL) {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
      cleanups.push(() => created.drop());
      env.DATABASE_URL = created.url;
    }
    const { taskId, ownerToken, memberTokens } = await seed(env);
    const storage = storageFor({ DATA_DIR: dataDir });

    let server: ServerProcess = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    // Work that finished before the crash must survive it.
    expect(
      await upload(
        server.url,
        `/tasks/${taskId}/submit`,
        memberTokens[0],
        multipart([pdf('done.pdf')]),
      ),
    ).toBe(200);
    expect(
      await upload(server.url, `/tasks/${taskId}/files`, ownerToken, multipart([pdf('brief.pdf')])),
    ).toBe(200);
    // Then several uploads of every kind, cut off halfway.
    const pending = [
      slowUpload(server.url, `/tasks/${taskId}/submit`, memberTokens[1], 'files', 'a.pdf'),
      slowUpload(server.url, `/tasks/${taskId}/submit`, memberTokens[2], 'files', 'b.pdf'),
      slowUpload(server.url, `/tasks/${taskId}/files`, ownerToken, 'files', 'c.pdf'),
      slowUpload(server.url, '/user/avatar', memberTokens[3], 'avatar', 'me.png'),
      slowUpload(server.url, '/user/cv', memberTokens[4], 'file', 'cv.pdf'),
    ];
    await waitFor(
      async () => (await storage.list()).filter((o) => o.staged).length >= pending.length,
      'the uploads to be half written',
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output().slice(-3000)}`);
    });
    await server.kill();
    for (const request of pending) request.destroy();
    const leftBehind = (await storage.list()).filter((o) => o.staged);
    expect(leftBehind.length).toBeGreaterThanOrEqual(pending.length);

    // The restart sweeps before it listens (grace period 0 here).
    server = await startServerProcess(env);
    expect(server.output()).toMatch(/stored files swept/);
    await server.stop();

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const referenced = await referencedKeys(AREAS, database.db);
      const objects = await storage.list();
      expect(objects.filter((o) => o.staged)).toEqual([]);
      const onDisk = objects.map((o) => o.key).sort();
      expect(onDisk.filter((key) => !referenced.has(key))).toEqual([]);
      expect([...referenced].filter((key) => !onDisk.includes(key))).toEqual([]);
      expect(referenced.size).toBe(2);
    } finally {
      await database.close();
    }
  }, 120_000);
});
