import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { teamMembers, teams } from '@server/db/schema';
import type { TestApp } from '../support/test-app';
import { bearer } from '../support/test-app';

/** Shared by the tasks API tests: multipart bodies, teams, calls and the files on disk. */

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; content: Buffer | string };

export function multipart(parts: Part[]) {
  const boundary = `----teamloop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push(Buffer.from('filename' in part ? part.content : part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pdf = (filename: string, size = 2048): Part => ({
  name: 'files',
  filename,
  type: 'application/pdf',
  content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 'x')]),
});

export async function createTeam(t: TestApp, workspaceId: number, name: string, userIds: number[]) {
  const [team] = await t.db.insert(teams).values({ workspaceId, name }).returning();
  if (userIds.length) {
    await t.db
      .insert(teamMembers)
      .values(userIds.map((userId) => ({ teamId: team.id, workspaceId, userId })));
  }
  return team;
}

/** A JSON call to the core API as a person (or signed out with no token). */
export function call(t: TestApp, token: string | null) {
  const headers = token ? bearer(token) : {};
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url: `/api/v2/core${url}`, headers, payload });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: object) => send('POST', url, payload),
    put: (url: string, payload?: object) => send('PUT', url, payload),
    patch: (url: string, payload?: object) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
    upload: (method: 'POST' | 'PUT' | 'PATCH', url: string, parts: Part[]) => {
      const body = multipart(parts);
      return t.app.inject({
        method,
        url: `/api/v2/core${url}`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
  };
}

/** Every file under the app's storage folder, to prove an upload left nothing behind. */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.DATA_DIR, 'files');
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(full);
    }
  };
  walk(root);
  return found;
}

export const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
