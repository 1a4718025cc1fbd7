import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { driveListQuery } from '@contracts/drive';
import type { Actor } from '../../../core/actor';
import { driveFiles, driveFileVersions } from '../../../db/schema';
import { presentFile } from '../present';
import type { DriveDeps } from './deps';
import { isCurrentVersion } from './file-of';

/** Escapes LIKE's wildcards, so `q` matches as typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the actor's current or archived files (spec 4, 5): `data` until a page is empty. */
export async function listFiles(
  deps: Pick<DriveDeps, 'db'>,
  actor: Actor,
  query: z.output<typeof driveListQuery>,
) {
  const { db } = deps;
  const where = and(
    eq(driveFiles.userId, actor.userId),
    eq(driveFiles.status, query.status),
    query.q ? ilike(driveFiles.name, likeText(query.q)) : undefined,
  );
  const order = query.direction === 'asc' ? asc : desc;
  const sortColumn = {
    updated_at: driveFiles.updatedAt,
    name: sql`lower(${driveFiles.name})`,
    size: driveFileVersions.size,
  }[query.sort];
  const versions = sql<number>`(select count(*)::int from ${driveFileVersions} v where v.file_id = ${driveFiles.id})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ file: driveFiles, current: driveFileVersions, versions })
      .from(driveFiles)
      .innerJoin(driveFileVersions, isCurrentVersion)
      .where(where)
      .orderBy(order(sortColumn), order(driveFiles.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(driveFiles).where(where),
  ]);
  return {
    files: {
      data: rows.map((row) => presentFile(row.file, row.current, Number(row.versions))),
      meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
    },
  };
}
