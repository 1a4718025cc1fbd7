import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedSigningKeys, keyIdOf } from '@server/auth/signing-keys';
import { resealStale } from '@server/core/reseal';
import { seal, unseal } from '@server/core/seal';
import { calendarConnections, zoomConnections } from '@server/db/schema';
import { AREAS } from '@server/modules';
import { createSecondApp, createTestApp, type TestApp } from '../support/test-app';

/**
 * The daily re-seal (issue 36): after a rotation every sealed token is sealed again with the
 * new key before the old one retires, so a token unused for longer than a key lives still
 * opens; what already is under the new key, and what no key opens, is left as it is.
 */
const OLD = 'the-old-secret-that-is-long-enough-for-hs256-signing';
const NEW = 'the-new-secret-that-is-long-enough-for-hs256-signing';
const CALENDAR = 'calendar-sync-tokens';
const ZOOM = 'zoom-user-tokens';
const oldKeys = fixedSigningKeys([OLD]);
const newKeys = fixedSigningKeys([NEW]);
/** A value no key of this server opens: damaged, or another server's. */
const DAMAGED = 'not-a-sealed-value';
const FOREIGN = seal(fixedSigningKeys(['a-secret-of-another-server-long-enough']), 'x', CALENDAR);

let before: TestApp;
let after: TestApp;
beforeAll(async () => {
  // Only the process that knows the new key works the job.
  before = await createTestApp({ JWT_SECRET: OLD, JOBS_WORK: 'false' });
  after = await createSecondApp(before, { JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD });
});
afterAll(async () => {
  await after?.close();
  await before?.close();
});

const calendarRows = () =>
  after.db.select().from(calendarConnections).orderBy(asc(calendarConnections.id));
const zoomRows = () => after.db.select().from(zoomConnections).orderBy(asc(zoomConnections.userId));
const open = async (sealed: string | null, purpose: string) =>
  sealed === null ? null : (await unseal(newKeys, sealed, purpose)).plain;

describe('re-sealing the sealed tokens', () => {
  it('seals every value an older key sealed with the current one, in batches, once', async () => {
    // One after the other, so their ids are in this order (Zoom's rows are read by user id).
    const people: Awaited<ReturnType<TestApp['createUser']>>[] = [];
    for (let n = 0; n < 5; n += 1) people.push(await before.createUser());
    const id = (n: number) => people[n].user.id;
    const sealedBefore = seal(oldKeys, 'access-0', CALENDAR);
    const unnamed = sealedBefore.split('.').slice(1).join('.');
    const alreadyNew = seal(newKeys, 'access-2', CALENDAR);
    await before.db.insert(calendarConnections).values([
      {
        userId: id(0),
        provider: 'google',
        accessTokenSealed: sealedBefore,
        refreshTokenSealed: seal(oldKeys, 'refresh-0', CALENDAR),
      },
      // Sealed before key ids, and without a refresh token.
      { userId: id(1), provider: 'google', accessTokenSealed: unnamed, refreshTokenSealed: null },
      {
        userId: id(2),
        provider: 'google',
        accessTokenSealed: alreadyNew,
        refreshTokenSealed: null,
      },
      { userId: id(3), provider: 'google', accessTokenSealed: DAMAGED, refreshTokenSealed: null },
      {
        userId: id(4),
        provider: 'google',
        accessTokenSealed: seal(oldKeys, 'access-4', CALENDAR),
        refreshTokenSealed: FOREIGN,
      },
      // A sync of it is running: it refreshes without holding the row, so the row waits.
      {
        userId: id(0),
        provider: 'outlook',
        accessTokenSealed: seal(oldKeys, 'access-5', CALENDAR),
        syncStartedAt: new Date(),
      },
    ]);
    await before.db.insert(zoomConnections).values(
      [0, 1, 2].map((n) => ({
        userId: id(n),
        accessTokenSealed: seal(oldKeys, `zoom-access-${n}`, ZOOM),
        // Sealed for another purpose: does not open as a Zoom token.
        refreshTokenSealed: seal(oldKeys, `zoom-refresh-${n}`, n === 2 ? CALENDAR : ZOOM),
        accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
      })),
    );

    // Batches of 2 rows: three batches of calendar connections, two of Zoom connections.
    const first = await resealStale(AREAS, after.db, after.app.deps.signingKeys, 2);
    expect(first).toEqual({ resealed: 4, unreadable: 3 });

    const kidNew = keyIdOf(NEW);
    const calendar = await calendarRows();
    expect(calendar.map((row) => row.accessTokenSealed.split('.')[0])).toEqual([
      kidNew,
      kidNew,
      kidNew,
      DAMAGED,
      keyIdOf(OLD),
      keyIdOf(OLD),
    ]);
    // Only the new key is needed to open them now: the old one may retire.
    expect(await open(calendar[0].accessTokenSealed, CALENDAR)).toBe('access-0');
    expect(await open(calendar[0].refreshTokenSealed, CALENDAR)).toBe('refresh-0');
    expect(await open(calendar[1].accessTokenSealed, CALENDAR)).toBe('access-0');
    expect(calendar[1].refreshTokenSealed).toBeNull();
    // Already under the current key: not written again.
    expect(calendar[2].accessTokenSealed).toBe(alreadyNew);
    // A row is written whole or not at all: one value no key opens leaves the other as it was.
    expect(calendar[4].refreshTokenSealed).toBe(FOREIGN);

    const zoom = await zoomRows();
    expect(await open(zoom[0].accessTokenSealed, ZOOM)).toBe('zoom-access-0');
    expect(await open(zoom[0].refreshTokenSealed, ZOOM)).toBe('zoom-refresh-0');
    expect(await open(zoom[1].refreshTokenSealed, ZOOM)).toBe('zoom-refresh-1');
    expect(zoom[2].accessTokenSealed.split('.')[0]).toBe(keyIdOf(OLD));

    // Once more: nothing left to do, nothing written.
    expect(await resealStale(AREAS, after.db, after.app.deps.signingKeys, 2)).toEqual({
      resealed: 0,
      unreadable: 3,
    });
    expect(await calendarRows()).toEqual(calendar);
    expect(await zoomRows()).toEqual(zoom);

    // The sync ended (or its claim went stale): the row is taken at the next run.
    await after.db
      .update(calendarConnections)
      .set({ syncStartedAt: null })
      .where(eq(calendarConnections.id, calendar[5].id));
    expect(await resealStale(AREAS, after.db, after.app.deps.signingKeys)).toEqual({
      resealed: 1,
      unreadable: 3,
    });
    const [synced] = await after.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, calendar[5].id));
    expect(await open(synced.accessTokenSealed, CALENDAR)).toBe('access-5');
  }, 60_000);

  it('runs as the daily job', async () => {
    const person = await before.createUser();
    await before.db.insert(zoomConnections).values({
      userId: person.user.id,
      accessTokenSealed: seal(oldKeys, 'job-access', ZOOM),
      refreshTokenSealed: seal(oldKeys, 'job-refresh', ZOOM),
      accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
    });
    await after.app.deps.jobs.send('sealed_values_reseal', {});
    await after.app.deps.jobs.drain();
    const [row] = await after.db
      .select()
      .from(zoomConnections)
      .where(eq(zoomConnections.userId, person.user.id));
    expect(await open(row.refreshTokenSealed, ZOOM)).toBe('job-refresh');
  }, 60_000);
});
