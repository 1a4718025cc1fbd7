import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Area } from '@server/core/area';
import * as schema from '@server/db/schema';
import { AREAS } from '@server/modules';

/**
 * Every table that holds a person's id must be in some area's "export my data" and say what
 * deleting an account does to it; every column that names stored files must be in some area's
 * file references (or the sweep removes its files); every sealed column must be in some area's
 * sealed values (or the daily re-seal misses it, and its tokens die with their key).
 * docs/decisions/area-registrations.md.
 */

/**
 * Tables with a person's id that hold no personal data to export or erase. Each entry says why;
 * an entry that no longer matches a person's table fails the test, so the list stays true.
 */
const NO_PERSONAL_DATA = new Map<string, string>([
  [
    'idempotent_requests',
    'a random key per retried write, a hash of what it asked and the id of the row it made: ' +
      'nothing a person wrote; kept a day, and removed with the person (foreign key cascade)',
  ],
]);

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);
const nameOf = (table: PgTable) => getTableConfig(table).name;

/** A column holding a person's id: a foreign key to users, or named like one (closed_by). */
const PERSON_COLUMN = /^(user_id|.+_by|actor_id|owner_id|author_id|assessor_id|evaluatee_id)$/;
/** A column naming stored files (a key, or an address or jsonb that holds one). */
const FILE_COLUMN = /^(storage_key|.*_storage_key|avatar|avatar_url|cv|.*_file|.*_files)$/;
/** A column holding a value sealed with server/core/seal.ts. */
const SEALED_COLUMN = /_sealed$/;

function personTables(): string[] {
  return tables
    .filter((table) => {
      const config = getTableConfig(table);
      if (config.name === 'users') return true;
      const toUsers = config.foreignKeys.some(
        (fk) => nameOf(fk.reference().foreignTable) === 'users',
      );
      return toUsers || config.columns.some((column) => PERSON_COLUMN.test(column.name));
    })
    .map(nameOf)
    .sort();
}

function columnsNamed(pattern: RegExp): string[] {
  return tables
    .flatMap((table) =>
      getTableConfig(table)
        .columns.filter((column) => pattern.test(column.name))
        .map((column) => `${nameOf(table)}.${column.name}`),
    )
    .sort();
}

const fileColumns = () => columnsNamed(FILE_COLUMN);
const sealedColumns = () => columnsNamed(SEALED_COLUMN);

const columnName = (column: PgColumn) => `${nameOf(column.table)}.${column.name}`;

/** What the areas' registrations leave out. */
function uncovered(areas: readonly Area[]) {
  const exported = new Set(
    areas.flatMap((a) => (a.exportSections ?? []).flatMap((s) => s.tables.map(nameOf))),
  );
  const deletion = areas.flatMap((a) =>
    [...(a.accountDeletion?.erases ?? []), ...(a.accountDeletion?.keeps ?? [])].map(nameOf),
  );
  const referenced = new Set(areas.flatMap((a) => (a.files?.columns ?? []).map(columnName)));
  const sealed = new Set(
    areas.flatMap((a) => (a.sealed ?? []).flatMap((values) => values.columns.map(columnName))),
  );
  const people = personTables().filter((table) => !NO_PERSONAL_DATA.has(table));
  return {
    notExported: people.filter((table) => !exported.has(table)),
    noDeletionRule: people.filter((table) => !deletion.includes(table)),
    filesNotReferenced: fileColumns().filter((column) => !referenced.has(column)),
    sealedNotResealed: sealedColumns().filter((column) => !sealed.has(column)),
    // One area decides what deletion does to a table, so two cannot disagree.
    deletionRuledTwice: deletion.filter((table, i) => deletion.indexOf(table) !== i),
  };
}

describe('area registrations cover the schema', () => {
  it('finds the tables and file columns it checks', () => {
    // A guard on the introspection itself: if these went missing, the test would pass vacuously.
    expect(personTables()).toEqual(
      expect.arrayContaining(['users', 'tasks', 'chat_messages', 'objectives', 'lti_members']),
    );
    expect(fileColumns()).toEqual([
      'assessment_files.storage_key',
      'chat_message_files.storage_key',
      'drive_file_versions.storage_key',
      'recruit_candidate_files.storage_key',
      'task_files.storage_key',
      'teams.avatar_url',
      'user_profiles.avatar',
      'user_profiles.cv',
      'users.avatar_url',
    ]);
    expect(sealedColumns()).toEqual([
      'calendar_connections.access_token_sealed',
      'calendar_connections.refresh_token_sealed',
      'zoom_connections.access_token_sealed',
      'zoom_connections.refresh_token_sealed',
    ]);
  });

  it("every person's table is exported and has a deletion rule; every file column is referenced, every sealed one re-sealed", () => {
    expect(uncovered(AREAS)).toEqual({
      notExported: [],
      noDeletionRule: [],
      filesNotReferenced: [],
      sealedNotResealed: [],
      deletionRuledTwice: [],
    });
  });

  it('the allow-list names only tables that hold a person id', () => {
    const people = personTables();
    for (const table of NO_PERSONAL_DATA.keys()) expect(people).toContain(table);
  });

  it('fails when an area forgets a registration', () => {
    const withoutMessaging = AREAS.map((area) =>
      area.name === 'messaging'
        ? { ...area, exportSections: [], accountDeletion: undefined, files: undefined }
        : area,
    );
    const gaps = uncovered(withoutMessaging);
    expect(gaps.notExported).toContain('chat_messages');
    expect(gaps.noDeletionRule).toContain('chat_members');
    expect(gaps.filesNotReferenced).toEqual(['chat_message_files.storage_key']);
    const withoutZoom = AREAS.map((area) =>
      area.name === 'notifications' ? { ...area, sealed: undefined } : area,
    );
    expect(uncovered(withoutZoom).sealedNotResealed).toEqual([
      'zoom_connections.access_token_sealed',
      'zoom_connections.refresh_token_sealed',
    ]);
  });

  it('export sections have one name each', () => {
    const names = AREAS.flatMap((a) => (a.exportSections ?? []).map((s) => s.name));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
