import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Outcome, Recorder, WriteKind } from './client';

type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface WriteFigure {
  what: string;
  acknowledged: number;
  unknown: number;
  stored: number;
  /** acknowledged ≤ stored ≤ acknowledged + unknown */
  holds: boolean;
}

export interface WriteCheck {
  figures: WriteFigure[];
  /** Acknowledged chat messages whose id is not in the database. */
  missingChats: number;
  /**
   * Chat messages stored twice (the same person, chat and text: each of the load's texts is
   * sent once, then only retried under its idempotency key).
   */
  duplicateChats: number;
  /** Rows that are only part of a write, by what they are (empty when all is whole). */
  halfWritten: Record<string, number>;
  ok: boolean;
}

const count = async (query: Query, text: string, values?: unknown[]) =>
  Number((await query(text, values))[0]?.n ?? 0);

/**
 * Compares what the clients were told with what the database holds, for each kind of write:
 * every acknowledged write is there, and nothing is there beyond the writes whose outcome the
 * client could not know (no answer, a cut connection, a 5xx). The database must hold no other
 * writes of these people (a fresh one, or `userIds` that only the load used). Then looks for
 * writes that are only partly there.
 */
export async function checkWrites(
  query: Query,
  recorder: Recorder,
  acknowledgedChats: number[],
  options: {
    /** The disk storage's folder (DATA_DIR/files): every hand-in file row must have its file. */
    filesRoot?: string;
    /** Only the writes of these people (a database that holds other writes too). */
    userIds?: number[];
  } = {},
): Promise<WriteCheck> {
  const { filesRoot, userIds } = options;
  // $1: the people whose writes count (null: everyone's).
  const whose = [userIds ?? null];
  const outcomes = (...kinds: WriteKind[]) => {
    const total: Record<Outcome, number> = { ok: 0, refused: 0, unknown: 0 };
    for (const kind of kinds) {
      const counts = recorder.writes.get(kind);
      if (!counts) continue;
      for (const key of ['ok', 'refused', 'unknown'] as const) total[key] += counts[key];
    }
    return total;
  };
  const figure = (what: string, told: Record<Outcome, number>, stored: number): WriteFigure => ({
    what,
    acknowledged: told.ok,
    unknown: told.unknown,
    stored,
    holds: told.ok <= stored && stored <= told.ok + told.unknown,
  });
  const figures = [
    figure(
      'chat messages',
      outcomes('chat_send'),
      await count(
        query,
        'select count(*)::int as n from chat_messages where user_id = any(coalesce($1, array[user_id]))',
        whose,
      ),
    ),
    figure(
      'task hand-ins',
      outcomes('task_submit', 'task_resubmit'),
      await count(
        query,
        `select count(*)::int as n from task_reports
          where kind in ('submission', 'resubmission') and author_id = any(coalesce($1, array[author_id]))`,
        whose,
      ),
    ),
    figure(
      'OKR check-ins',
      outcomes('okr_check_in'),
      await count(
        query,
        `select count(*)::int as n from key_result_answers
          where not from_tasks and created_by = any(coalesce($1, array[created_by]))`,
        whose,
      ),
    ),
    figure(
      'assessment answers',
      outcomes('assessment_answer'),
      await count(
        query,
        `select count(*)::int as n from assessment_evaluables
          where status = 'submitted' and assessor_id = any(coalesce($1, array[assessor_id]))`,
        whose,
      ),
    ),
  ];

  let missingChats = 0;
  for (let from = 0; from < acknowledgedChats.length; from += 5000) {
    const ids = acknowledgedChats.slice(from, from + 5000);
    missingChats +=
      ids.length -
      (await count(query, 'select count(*)::int as n from chat_messages where id = any($1)', [
        ids,
      ]));
  }

  const duplicateChats = await count(
    query,
    `select coalesce(sum(n - 1), 0)::int as n from (
       select count(*) as n from chat_messages
        where user_id = any(coalesce($1, array[user_id]))
        group by user_id, chat_id, text having count(*) > 1) twice`,
    whose,
  );

  const halfWritten: Record<string, number> = {
    'hand-ins without exactly one file': await count(
      query,
      `select count(*)::int as n from task_reports r
        where r.kind in ('submission', 'resubmission')
          and (select count(*) from task_files f where f.report_id = r.id) <> 1`,
    ),
    'assignments whose status disagrees with their hand-ins': await count(
      query,
      `select count(*)::int as n from task_assignments a
        where (a.status = 'todo') = exists (
          select 1 from task_reports r
           where r.assignment_id = a.id and r.kind in ('submission', 'resubmission'))`,
    ),
    'key results whose value is not their latest check-in': await count(
      query,
      `select count(*)::int as n from key_results k
        join lateral (
          select value from key_result_answers a where a.key_result_id = k.id
           order by a.created_at desc, a.id desc limit 1) latest on true
        where latest.value <> k.current_value`,
    ),
    'handed-in assessment answers missing a question': await count(
      query,
      `select count(*)::int as n from assessment_evaluables e
        where e.status = 'submitted'
          and (select count(*) from assessment_answers a where a.evaluable_id = e.id)
            < (select count(*) from assessment_questions q where q.assessment_id = e.assessment_id)`,
    ),
  };
  if (filesRoot) {
    const keys = await query(
      'select f.storage_key as key from task_files f join task_reports r on r.id = f.report_id',
    );
    halfWritten['hand-in files missing from storage'] = keys.filter(
      (row) => !existsSync(path.join(filesRoot, String(row.key))),
    ).length;
  }
  for (const [what, n] of Object.entries(halfWritten)) if (n === 0) delete halfWritten[what];

  return {
    figures,
    missingChats,
    duplicateChats,
    halfWritten,
    ok:
      figures.every((f) => f.holds) &&
      missingChats === 0 &&
      duplicateChats === 0 &&
      Object.keys(halfWritten).length === 0,
  };
}

export function describeCheck(check: WriteCheck): string[] {
  const lines = check.figures.map(
    (f) =>
      `${f.what.padEnd(19)} ${String(f.acknowledged).padStart(6)} acknowledged, ${String(f.unknown).padStart(4)} unknown outcome, ${String(f.stored).padStart(6)} in the database: ${f.holds ? 'ok' : 'MISMATCH'}`,
  );
  const committed = check.figures
    .filter((f) => f.holds && f.stored > f.acknowledged)
    .map((f) => `${f.stored - f.acknowledged} ${f.what}`);
  if (committed.length) {
    lines.push(`unknown outcomes that were committed after all: ${committed.join(', ')}`);
  }
  lines.push(`chat messages acknowledged but missing by id: ${check.missingChats}`);
  lines.push(`chat messages stored twice: ${check.duplicateChats}`);
  const half = Object.entries(check.halfWritten);
  lines.push(
    half.length === 0
      ? 'half-written: none'
      : `half-written: ${half.map(([what, n]) => `${n} ${what}`).join('; ')}`,
  );
  return lines;
}
