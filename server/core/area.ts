import type { FastifyPluginAsync } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { App } from '../http/types';

/**
 * One section of "export my data": what the area holds about the person, read from `tables`.
 * `tables` is what the schema test (tests/unit/area-registrations.test.ts) checks: every table
 * with a person's id must be read by some section.
 */
export interface ExportSection {
  /** The section's key in the exported JSON, unique across areas. */
  name: string;
  tables: PgTable[];
  read: (db: DbOrTx, userId: number) => Promise<unknown>;
}

/**
 * What deleting an account does to the area's rows about the person. The account row itself
 * stays (others' work points at it and shows "deleted account"), so no foreign key cascades:
 * each area says which of its tables it erases and which it keeps, and why, in a comment.
 */
export interface AccountDeletion {
  /** Tables whose rows about the person `erase` deletes or anonymises. */
  erases: PgTable[];
  /** Tables whose rows stay: they belong to a workspace or to other people. */
  keeps: PgTable[];
  /** Runs in the deletion's transaction, after the person's files were listed. */
  erase?: (tx: DbOrTx, userId: number) => Promise<void>;
}

/**
 * The stored files the area's rows name. The sweep keeps every key `all` lists and removes the
 * rest; deleting a workspace or an account removes the keys of `ofWorkspace` / `ofPerson`.
 */
export interface FileReferences {
  /** The columns that name files (the schema test checks each such column is listed). */
  columns: PgColumn[];
  all: (db: DbOrTx) => Promise<Iterable<string>>;
  /** Files that belong to a workspace and go with it. */
  ofWorkspace?: (db: DbOrTx, workspaceId: number) => Promise<Iterable<string>>;
  /** A person's own files, which go with their account. */
  ofPerson?: (db: DbOrTx, userId: number) => Promise<Iterable<string>>;
}

/**
 * Columns holding values sealed with server/core/seal.ts (third-party tokens). A daily job seals
 * those an older key sealed again with the current one before that key retires
 * (server/core/reseal.ts); the schema test checks every `*_sealed` column is listed.
 */
export interface SealedValues {
  table: PgTable;
  /** The row's primary key, a number: the job pages through the table and updates by it. */
  key: PgColumn;
  /** The sealed columns, all sealed for `purpose`; a null stays null. */
  columns: PgColumn[];
  /** What they were sealed for: `seal`'s purpose. */
  purpose: string;
  /**
   * Rows the job leaves to its next run: a use under way reads their tokens and writes them
   * back without holding the row (a calendar sync refreshing them), and would lose its write.
   */
  busy?: () => SQL;
}

/**
 * A product area as the app sees it: its routes under their service prefixes (`/core`,
 * `/messaging`, ...), and what the platform needs to know of its rows (files, sealed tokens,
 * export, account deletion). An area's `index.ts` default-exports one of these and is the only
 * file of the area others import. Handlers, counters and room rules are registered from the area's route
 * plugins (they get `app.deps`) or, for plain registries, by the files `index.ts` imports.
 */
export interface Area {
  name: string;
  routes: { prefix: string; plugin: FastifyPluginAsync | ((app: App) => Promise<void>) }[];
  files?: FileReferences;
  sealed?: SealedValues[];
  exportSections?: ExportSection[];
  accountDeletion?: AccountDeletion;
}

export function defineArea(area: Area): Area {
  return area;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every area (server/modules/index.ts), for what spans them: export, deletion, files. */
    areas: readonly Area[];
  }
}
