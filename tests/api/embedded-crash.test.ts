import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@contracts/admin';
import { listBackups } from '@server/db/backups';
import { LOCK_FILE } from '@server/db/data-dir-lock';
import { spawnServerProcess, type SpawnedServer } from '../support/server-process';
import {
  attachFile,
  embeddedEnv,
  lockOf,
  missingFrom,
  nothingAcknowledged,
  seedPeople,
  sendMessage,
  setUp,
  signUp,
  type Acknowledged,
  type Seed,
} from './embedded-support';

/**
 * The embedded database survives `kill -9` at any moment: while it is created, while the
 * migrations run, while it opens and recovers, and under a mixed write load (sign-ups with
 * their mail jobs, chat messages with their notifications, uploads, backups). Every restart
 * opens, and every write a server acknowledged is there at the end. The moments are chosen by
 * what the server is doing (files it writes, its lock), never by how long things take.
 */
// Each round starts a server from source, the slowest thing in the suite: CI runs 8 (creating,
// migrating, one while opening, five under load); CRASH_ROUNDS=50 for a deeper run by hand.
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const env = embeddedEnv();
const dataDir = env.DATA_DIR;
let current: SpawnedServer | undefined;
afterAll(() => {
  current?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

async function until(check: () => boolean, server: SpawnedServer, what: string) {
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (!check()) {
    if (gone) throw new Error(`The server exited before ${what}:\n${server.output()}`);
    await sleep(10);
  }
}

const ownsLock = (server: SpawnedServer) => () => {
  try {
    return lockOf(dataDir).pid === server.child.pid;
  } catch {
    return false;
  }
};

/** Writes of every kind from a few clients at once until `stop()`; records the 2xx ones. */
function writeLoad(base: string, seeded: Seed, acknowledged: Acknowledged, round: number) {
  let stopped = false;
  let n = 0;
  const client = async (id: number) => {
    while (!stopped) {
      n += 1;
      const name = `r${round}-c${id}-${n}`;
      const dice = Math.random();
      try {
        if (dice < 0.35) {
          const email = `${name}@example.com`;
          if ((await signUp(base, email)) === 201) acknowledged.signUps.push(email);
        } else if (dice < 0.7) {
          const token = seeded.memberTokens[n % seeded.memberTokens.length];
          const message = await sendMessage(base, token, seeded.chatId, name);
          if (message !== undefined) acknowledged.messages.push(message);
        } else if (dice < 0.95) {
          const file = `${name}.pdf`;
          if ((await attachFile(base, seeded.ownerToken, seeded.taskId, file)) === 200) {
            acknowledged.files.push(file);
          }
        } else {
          // The token the server announced in its lock, as `npm run db:backup` reads it.
          await fetch(`${base}/api/v2/admin/backups`, {
            method: 'POST',
            headers: { [ADMIN_TOKEN_HEADER]: lockOf(dataDir).adminToken ?? '' },
          });
        }
      } catch {
        // Cut off by the kill: not acknowledged, so not expected.
      }
    }
  };
  const clients = Promise.all([1, 2, 3, 4].map(client));
  return () => {
    stopped = true;
    return clients;
  };
}

describe('kill -9 of the server on the embedded database', () => {
  it(`loses no acknowledged write over ${ROUNDS} kills at random moments`, async () => {
    const acknowledged = nothingAcknowledged();
    const moments: string[] = [];
    const kill = async (server: SpawnedServer, moment: string) => {
      moments.push(moment);
      await server.kill();
    };
    const explain = () => `kills so far: ${moments.join('; ')}`;

    // The first start, killed while PGlite creates the database, then while it migrates.
    current = spawnServerProcess(env);
    await until(() => existsSync(path.join(dataDir, 'pglite.new')), current, 'creating');
    await sleep(random(0, 1500));
    await kill(current, 'while the database is created');
    current = spawnServerProcess(env);
    await until(() => existsSync(path.join(dataDir, 'pglite')), current, 'migrating');
    await sleep(random(0, 2500));
    await kill(current, 'while it opens and migrates');

    const people = await seedPeople(env);
    let seeded: Seed | undefined;
    for (let round = moments.length; round < ROUNDS; round += 1) {
      current = spawnServerProcess(env);
      if (round % 6 === 0) {
        // While it opens: recovery, the start-up sweep, the job queue starting.
        await until(ownsLock(current), current, 'taking the lock');
        await sleep(random(0, 800));
        await kill(current, `round ${round}: while opening`);
        continue;
      }
      const url = await current.listening.catch((error: Error) => {
        throw new Error(`Round ${round} did not open. ${explain()}\n${error.message}`);
      });
      expect((await fetch(`${url}/readyz`)).status, explain()).toBe(200);
      seeded ??= await setUp(url, people);
      const stop = writeLoad(url, seeded, acknowledged, round);
      const after = random(0, 2000);
      await sleep(after);
      if (round === ROUNDS - 1) {
        // However early the random kills came, the last round runs on until each kind of write
        // has been acknowledged once, so the checks below always cover all three kinds.
        const everyKind = () =>
          acknowledged.signUps.length > 0 &&
          acknowledged.messages.length > 0 &&
          acknowledged.files.length > 0;
        const deadline = Date.now() + 30_000;
        while (!everyKind() && Date.now() < deadline) await sleep(50);
      }
      await kill(current, `round ${round}: ${after} ms into the load`);
      await stop();
    }

    // It opens once more, and stops cleanly.
    current = spawnServerProcess(env);
    const url = await current.listening;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    await current.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    expect(acknowledged.signUps.length, explain()).toBeGreaterThan(0);
    expect(acknowledged.messages.length, explain()).toBeGreaterThan(0);
    expect(acknowledged.files.length, explain()).toBeGreaterThan(0);
    expect(await missingFrom(dataDir, acknowledged), explain()).toEqual({
      signUps: [],
      messages: [],
      files: [],
    });
    // A backup cut off by a kill never passes for a whole one.
    for (const backup of listBackups(dataDir)) {
      expect(() => gunzipSync(readFileSync(backup.file)), backup.file).not.toThrow();
    }
  }, 900_000);
});
