import { inArray } from 'drizzle-orm';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { hashSecret } from '@server/auth/password';
import { openDatabase } from '@server/db/client';
import { chatMessages, taskFiles, users, workspaceMembers, workspaces } from '@server/db/schema';
import { LOCK_FILE, type DataDirOwner } from '@server/db/data-dir-lock';
import { future, multipart, pdf } from './tasks-support';

/**
 * Shared by the embedded-database process tests: a DATA_DIR with people in a workspace written
 * before any server runs (a task and a group chat then made through the server), the writes
 * those tests make through a real server, and the check that every acknowledged one is in
 * the database.
 */
export const PASSWORD = 'correct horse battery';
const json = { 'content-type': 'application/json' };

export function embeddedEnv(): Record<string, string> {
  return {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'teamloop-embedded-')),
    JWT_SECRET: 'embedded-test-secret-that-is-long-enough-for-hs256',
    // The tests sign up far more often than one person could.
    AUTH_RATE_LIMIT_MAX: '1000000',
    JOBS_POLL_SECONDS: '0.5',
  };
}

export interface People {
  emails: string[];
  workspaceId: number;
}

/** People in a workspace, written in this process (under the lock) before a server runs. */
export async function seedPeople(env: Record<string, string>): Promise<People> {
  const database = await openDatabase({ dataDir: env.DATA_DIR });
  try {
    const passwordHash = await hashSecret(PASSWORD);
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          email: `seed${i}@example.com`,
          firstName: `Seed${i}`,
          lastName: 'Test',
          passwordHash,
          verifiedAt: new Date(),
        })),
      )
      .returning();
    const [workspace] = await database.db
      .insert(workspaces)
      .values({ name: 'Embedded', workspaceType: 'course', createdBy: people[0].id })
      .returning();
    await database.db.insert(workspaceMembers).values(
      people.map((person, i) => ({
        workspaceId: workspace.id,
        userId: person.id,
        role: i === 0 ? ('owner' as const) : ('member' as const),
      })),
    );
    return { emails: people.map((p) => p.email), workspaceId: workspace.id };
  } finally {
    await database.close();
  }
}

export interface Seed {
  emails: string[];
  ownerToken: string;
  memberTokens: string[];
  taskId: number;
  chatId: number;
}

/**
 * Through a running server: the seeded people sign in, the owner sets a task and starts a
 * group chat with the others. Their sessions are in the database, so the tokens outlive it.
 */
export async function setUp(base: string, { emails, workspaceId }: People): Promise<Seed> {
  const tokens: string[] = [];
  const ids: number[] = [];
  for (const email of emails) {
    const response = await fetch(`${base}/api/v2/core/join/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    tokens.push(response.headers.get('access-token')!);
    ids.push((await response.json()).resource.user.id as number);
  }
  const asOwner = { ...json, authorization: `Bearer ${tokens[0]}` };
  const task = await fetch(`${base}/api/v2/core/workspaces/${workspaceId}/tasks-by-owner`, {
    method: 'POST',
    headers: asOwner,
    body: JSON.stringify({ name: 'Kept', expired_at: future(3), user_ids: ids.slice(1) }),
  });
  expect(task.status).toBe(201);
  const chat = await fetch(`${base}/api/v2/messaging/chats/group-chat`, {
    method: 'POST',
    headers: asOwner,
    body: JSON.stringify({ name: 'Kept', user_ids: ids.slice(1), workspace_id: workspaceId }),
  });
  expect(chat.status).toBe(201);
  return {
    emails,
    ownerToken: tokens[0],
    memberTokens: tokens.slice(1),
    taskId: (await task.json()).resource.task.id as number,
    chatId: (await chat.json()).resource.chat.id as number,
  };
}

/** Every write a server acknowledged (answered 2xx), by kind. */
export interface Acknowledged {
  signUps: string[];
  messages: number[];
  files: string[];
}

export const nothingAcknowledged = (): Acknowledged => ({ signUps: [], messages: [], files: [] });

/** A sign-up (which queues its mail as a job); the address when acknowledged. */
export async function signUp(base: string, email: string) {
  const response = await fetch(`${base}/api/v2/core/join/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, first_name: 'New', last_name: 'Person' }),
  });
  return response.status;
}

/** A chat message (which queues notifications); its id when acknowledged. */
export async function sendMessage(base: string, token: string, chatId: number, text: string) {
  const response = await fetch(`${base}/api/v2/messaging/messages`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ chat_id: chatId, text }),
  });
  if (response.status !== 201) return undefined;
  return (await response.json()).resource.message.id as number;
}

/** A file attached to the task (an upload into storage and a row). */
export async function attachFile(base: string, token: string, taskId: number, name: string) {
  const body = multipart([pdf(name, 16 * 1024)]);
  const response = await fetch(`${base}/api/v2/core/tasks/${taskId}/files`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
  });
  return response.status;
}

/** What of the acknowledged writes the database lacks (opened in this process). */
export async function missingFrom(dataDir: string, acknowledged: Acknowledged) {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const people = acknowledged.signUps.length
      ? await db
          .select({ email: users.email })
          .from(users)
          .where(inArray(users.email, acknowledged.signUps))
      : [];
    const messages = acknowledged.messages.length
      ? await db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(inArray(chatMessages.id, acknowledged.messages))
      : [];
    const files = acknowledged.files.length
      ? await db
          .select({ name: taskFiles.name })
          .from(taskFiles)
          .where(inArray(taskFiles.name, acknowledged.files))
      : [];
    const has = <T>(rows: T[]) => new Set(rows);
    const emails = has(people.map((p) => p.email));
    const ids = has(messages.map((m) => m.id));
    const names = has(files.map((f) => f.name));
    return {
      signUps: acknowledged.signUps.filter((email) => !emails.has(email)),
      messages: acknowledged.messages.filter((id) => !ids.has(id)),
      files: acknowledged.files.filter((name) => !names.has(name)),
    };
  } finally {
    await database.close();
  }
}

/** DATA_DIR's lock as a serving owner wrote it. */
export function lockOf(dataDir: string): DataDirOwner {
  return JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as DataDirOwner;
}
