import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BACKUPS_KEPT,
  dailyBackupDue,
  listBackups,
  pruneBackups,
  scheduleDailyBackups,
  type Backup,
} from '../../server/db/backups';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR whose backups folder holds files with these names. */
function dataDirWith(names: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamloop-backups-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'backups'));
  for (const name of names) writeFileSync(path.join(dir, 'backups', name), 'x');
  return dir;
}

const HOUR = 3_600_000;
const at = (iso: string): Backup => ({ file: 'f', takenAt: new Date(iso), reason: 'daily' });

describe('backups', () => {
  it('lists backups newest first, by the time in their names, ignoring other files', () => {
    const dir = dataDirWith([
      'teamloop-20250102T030405678Z-daily.tar.gz',
      'teamloop-20250103T000000000Z-before-migration.tar.gz',
      'teamloop-20250101T000000000Z-manual.tar.gz',
      'teamloop-20250104T000000000Z-daily.tar.gz.partial',
      'notes.txt',
    ]);
    expect(listBackups(dir).map((b) => [b.takenAt.toISOString(), b.reason])).toEqual([
      ['2025-01-03T00:00:00.000Z', 'before-migration'],
      ['2025-01-02T03:04:05.678Z', 'daily'],
      ['2025-01-01T00:00:00.000Z', 'manual'],
    ]);
  });

  it(`keeps the newest ${BACKUPS_KEPT} and removes pieces a killed process left`, () => {
    const names = Array.from(
      { length: 10 },
      (_, i) => `teamloop-202501${String(i + 10)}T000000000Z-daily.tar.gz`,
    );
    const dir = dataDirWith([...names, 'teamloop-20250120T000000000Z-daily.tar.gz.partial']);
    pruneBackups(dir);
    expect(readdirSync(path.join(dir, 'backups')).sort()).toEqual(names.slice(3));
  });

  it('is due daily: with none, or once the newest is a day old', () => {
    const now = new Date('2025-01-02T12:00:00Z');
    expect(dailyBackupDue([], now)).toBe(true);
    expect(dailyBackupDue([at('2025-01-02T00:00:00Z')], now)).toBe(false);
    expect(dailyBackupDue([at('2025-01-01T12:00:00Z')], now)).toBe(true);
    expect(dailyBackupDue([at(new Date(now.getTime() - 23 * HOUR).toISOString())], now)).toBe(
      false,
    );
  });

  it('takes a daily backup when due, and not again while the newest is recent', async () => {
    const stale = dataDirWith(['teamloop-20200101T000000000Z-daily.tar.gz']);
    const recent = dataDirWith([
      `teamloop-${new Date().toISOString().replace(/[-:.]/g, '')}-manual.tar.gz`,
    ]);
    const taken: string[] = [];
    const log = { info: () => undefined, error: () => undefined };
    const stops = [stale, recent].map((dataDir) =>
      scheduleDailyBackups({
        dataDir,
        backup: async () => {
          taken.push(dataDir);
          return at(new Date().toISOString());
        },
        log,
        firstCheckMs: 1,
        intervalMs: 5,
      }),
    );
    while (taken.length === 0) await sleep(5);
    for (const stop of stops) stop();
    expect(new Set(taken)).toEqual(new Set([stale]));
  });
});
