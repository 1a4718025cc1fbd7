import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../config';
import type { DatabaseHandle, DbOrTx } from '../db/client';
import { queryRows } from '../db/client';
import { jobEffects, outboxEvents } from '../db/schema';

/**
 * Domain events by type and payload. Each area adds its own events by declaration merging
 * (`declare module '../../jobs' { interface DomainEvents { ... } }`), so this file never
 * lists another area's events.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}
export type EventType = keyof DomainEvents & string;

export interface RecordedEvent<T extends EventType> {
  id: number;
  type: T;
  payload: DomainEvents[T];
  createdAt: Date;
}

/**
 * Records a domain event in the caller's transaction: it is relayed to its handlers only if
 * that transaction commits, and never otherwise.
 */
export async function recordEvent<T extends EventType>(
  tx: DbOrTx,
  type: T,
  payload: DomainEvents[T],
): Promise<void> {
  await tx.insert(outboxEvents).values({ type, payload: payload as Record<string, unknown> });
}

/**
 * Claims an effect by key inside the transaction that makes it: true the first time, false
 * when a former run of the job already made it (delivery is at least once).
 */
export async function claimEffect(tx: DbOrTx, key: string): Promise<boolean> {
  const inserted = await tx
    .insert(jobEffects)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: jobEffects.key });
  return inserted.length === 1;
}

/**
 * Makes `effect` for each item not made by a former run of the job, claiming each once made,
 * so a retried job (a mail server that stopped answering half-way) does only the rest. A crash
 * between an effect and its claim repeats that one item: delivery is at least once.
 */
export async function eachOnce<T>(
  db: DbOrTx,
  items: readonly T[],
  keyOf: (item: T) => string,
  effect: (item: T) => Promise<void>,
): Promise<void> {
  if (items.length === 0) return;
  const made = await db
    .select({ key: jobEffects.key })
    .from(jobEffects)
    .where(inArray(jobEffects.key, items.map(keyOf)));
  const done = new Set(made.map((row) => row.key));
  for (const item of items) {
    if (done.has(keyOf(item))) continue;
    await effect(item);
    await claimEffect(db, keyOf(item));
  }
}

export interface JobInfo {
  id: string;
  /** 0 on the first run, then 1, 2 ... on retries. */
  retryCount: number;
  retryLimit: number;
}

export interface QueueOptions {
  /** Runs after the first, before the job lands in the dead-letter list. */
  retryLimit?: number;
  /** How long a run may take before another process takes the job over. */
  leaseSeconds?: number;
}

export interface DeadJob {
  id: string;
  queue: string;
  data: Record<string, unknown>;
  error: string | null;
  attempts: number;
  failed_at: string;
}

const SCHEMA = 'pgboss';
const DEAD_LETTERS = 'dead_letters';
const DEFAULT_RETRY_LIMIT = 2;
/**
 * Relayed events and effect marks are kept this long, then pruned: far longer than any lease
 * and retry, so a job that runs again still finds its event and its marks.
 */
const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
/** How long a stop waits for running jobs before leaving them to their lease. */
const STOP_WAIT_MS = 5_000;

interface EventJobData {
  event_id: number;
  type: string;
  handler: string;
}

/** A stable job id per key, so relaying or scheduling the same thing twice makes one job. */
function jobId(key: string) {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Processes that start together on one database create the same queues at once: PostgreSQL
 * may pick one of them as a deadlock victim (40P01), or one may insert a queue the other has
 * just inserted (23505). That one tries again, and then finds the queue there.
 */
const START_RACES = new Set(['40P01', '23505']);
async function retryOnStartRace(work: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!START_RACES.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    }
  }
}

function queueName(type: string, handler: string) {
  return `event_${type}_${handler}`.replace(/[^\w-]/g, '_');
}

/**
 * What a query dropped after the stop answers: no rows, and a count of none for the
 * statements pg-boss reads a count from (completing or failing a job reads `rows[0].count`
 * in a promise nobody awaits, so an empty result there was an unhandled rejection).
 */
function droppedResult(text: string) {
  return { rows: /select count\(\*\)/i.test(text) ? [{ count: '0' }] : [], rowCount: 0 };
}

/**
 * Events and jobs on pg-boss (docs/decisions/events-and-jobs.md): the same queue on
 * PostgreSQL and on the embedded PGlite, in the app's own database.
 */
export function createJobs(database: DatabaseHandle, config: AppConfig, log: FastifyBaseLogger) {
  const settings = {
    /** Seconds before the first retry; each next one waits about twice as long. */
    retryDelaySeconds: config.JOBS_RETRY_DELAY_SECONDS,
    leaseSeconds: config.JOBS_LEASE_SECONDS,
    /** How often workers and the relay look for work. */
    pollSeconds: config.JOBS_POLL_SECONDS,
    /** Whether this process relays events and works jobs, or only records and sends them. */
    work: config.JOBS_WORK,
  };
  // Set once the queue has stopped: a handler still running then (its lease lapsed or it
  // outlived the stop's wait) finishes against a closing database, and pg-boss does not await
  // its completion query, so that query is dropped here; the job is taken over once its lease
  // ends, as if this process had died.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => {
        if (stopped) return Promise.resolve(droppedResult(text)) as never;
        const query = database.executeSql(text, values);
        // pg-boss 10 does not await a job's completion query (manager.js, `this.complete`): on a
        // pool that timed out, its rejection went unhandled and Node exited (found by `npm run
        // load`). Marked handled here; a caller that awaits still gets the error. An
        // unrecorded completion leaves the job active until its lease ends, then it runs
        // again, as if this process had died (handlers are idempotent).
        query.catch((error: unknown) => log.warn({ err: error }, 'job queue query failed'));
        return query as never;
      },
    },
    schema: SCHEMA,
    supervise: true,
    // A lease that ran out is only noticed by maintenance, so it runs often enough to matter.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(settings.leaseSeconds / 2))),
    schedule: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const queues = new Map<
    string,
    { handle: (data: never, job: JobInfo) => Promise<void>; options: QueueOptions }
  >();
  const subscribers = new Map<string, { handler: string; queue: string }[]>();
  let started = false;
  let relayTimer: NodeJS.Timeout | undefined;
  let relaying: Promise<void> | undefined;
  let prunedAt = 0;
  /** Runs of a job that failed in this process (each retry counts), for /metrics. */
  let failures = 0;

  async function startQueue(name: string) {
    const { handle, options } = queues.get(name)!;
    const policy = {
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: options.leaseSeconds ?? settings.leaseSeconds,
      deadLetter: DEAD_LETTERS,
    };
    await retryOnStartRace(async () => {
      await boss.createQueue(name, { name, ...policy });
      await boss.updateQueue(name, { name, ...policy });
    });
    if (!settings.work) return;
    await boss.work(
      name,
      { pollingIntervalSeconds: settings.pollSeconds, includeMetadata: true },
      async ([job]) => {
        try {
          await handle(job.data as never, {
            id: job.id,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
        } catch (error) {
          failures += 1;
          log.warn({ err: error, queue: name, job: job.id }, 'job failed');
          throw error;
        }
      },
    );
  }

  async function prune() {
    const before = new Date(Date.now() - KEEP_DAYS * 86_400_000);
    await database.db.delete(outboxEvents).where(lt(outboxEvents.relayedAt, before));
    await database.db.delete(jobEffects).where(lt(jobEffects.createdAt, before));
  }

  /** Turns committed, unrelayed events into jobs; safe to run in several processes at once. */
  async function relayOnce() {
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await prune();
    }
    const events = await database.db
      .select()
      .from(outboxEvents)
      .where(isNull(outboxEvents.relayedAt))
      .orderBy(asc(outboxEvents.id))
      .limit(200);
    if (events.length === 0) return;
    for (const event of events) {
      for (const { handler, queue } of subscribers.get(event.type) ?? []) {
        const data: EventJobData = { event_id: event.id, type: event.type, handler };
        await boss.send(queue, data as object, { id: jobId(`${event.id}:${handler}`) });
      }
    }
    await database.db
      .update(outboxEvents)
      .set({ relayedAt: new Date() })
      .where(
        inArray(
          outboxEvents.id,
          events.map((e) => e.id),
        ),
      );
  }

  function relay() {
    relaying ??= relayOnce()
      .catch((error: unknown) => log.error({ err: error }, 'event relay failed'))
      .finally(() => {
        relaying = undefined;
      });
    return relaying;
  }

  const jobs = {
    /**
     * Runs `handle` for every committed event of `type`, as its own job named `handler`.
     * Delivery is at least once: make the effect idempotent with claimEffect.
     */
    on<T extends EventType>(
      type: T,
      handler: string,
      handle: (event: RecordedEvent<T>, job: JobInfo) => Promise<void>,
      options: QueueOptions = {},
    ) {
      const queue = queueName(type, handler);
      subscribers.set(type, [...(subscribers.get(type) ?? []), { handler, queue }]);
      return jobs.define<EventJobData>(
        queue,
        async (data, job) => {
          const [row] = await database.db
            .select()
            .from(outboxEvents)
            .where(sql`${outboxEvents.id} = ${data.event_id}`);
          if (!row) return;
          await handle(
            {
              id: row.id,
              type: row.type as T,
              payload: row.payload as DomainEvents[T],
              createdAt: row.createdAt,
            },
            job,
          );
        },
        options,
      );
    },

    /**
     * A queue of its own, for scheduled or long work sent with `send`. Defined before the app
     * is ready it starts with the app; after, the returned promise says when it is working.
     */
    define<D>(
      name: string,
      handle: (data: D, job: JobInfo) => Promise<void>,
      options: QueueOptions = {},
    ) {
      if (queues.has(name)) throw new Error(`The job queue ${name} is defined twice.`);
      queues.set(name, { handle: handle as never, options });
      return started ? startQueue(name) : Promise.resolve();
    },

    /**
     * Sends a job, now or at `startAfter` (kept in the database, so it survives restarts).
     * The same `key` makes one job however often it is sent.
     */
    async send(name: string, data: object, options: { startAfter?: Date; key?: string } = {}) {
      // The queue's name travels with the job, so a dead letter says where it came from.
      await boss.send(
        name,
        { ...data, queue: name },
        {
          startAfter: options.startAfter,
          id: options.key === undefined ? undefined : jobId(`${name}:${options.key}`),
        },
      );
    },

    /**
     * A job that runs every `periodMs`, at multiples of it: each run schedules the next, and
     * the same key makes one job however many processes schedule it. Returns what schedules
     * the first run, for the app's `onReady` (nothing where this process does no jobs).
     */
    every(name: string, periodMs: number, run: () => Promise<unknown>) {
      const schedule = (after: Date) => {
        const at = new Date(Math.ceil(after.getTime() / periodMs) * periodMs);
        return jobs.send(name, { at: at.toISOString() }, { startAfter: at, key: at.toISOString() });
      };
      void jobs.define(name, async () => {
        await run();
        await schedule(new Date(Date.now() + 1000));
      });
      return async () => {
        if (!settings.work) return;
        await schedule(new Date()).catch((error: unknown) =>
          log.error({ err: error, queue: name }, 'scheduled job not scheduled'),
        );
      };
    },

    /** Relays committed events to their handlers' queues now, rather than at the next poll. */
    relay,

    /** Runs that failed in this process since it started. */
    failureCount: () => failures,

    /** Jobs by queue and state (created, retry, active, failed) in the database: /metrics. */
    async depth(): Promise<{ queue: string; state: string; count: number }[]> {
      const [queue] = await queryRows<{ exists: boolean }>(
        database.db,
        sql`select to_regclass(${`${SCHEMA}.job`}) is not null as exists`,
      );
      if (!queue.exists) return [];
      const rows = await queryRows<{ queue: string; state: string; count: string | number }>(
        database.db,
        sql`select name as queue, state::text as state, count(*) as count from pgboss.job
            where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      );
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    async start() {
      stopped = false;
      // pg-boss makes its schema with "create schema if not exists", which two processes
      // starting on a fresh database can both run at once: one of them is refused (23505).
      await retryOnStartRace(async () => {
        await database.executeSql(`create schema if not exists ${SCHEMA}`);
      });
      await boss.start();
      if (database.kind === 'pglite' && settings.work) {
        // One process owns an embedded database, so a job still active at start-up belongs to
        // a process that died: its lease ends now, not after its full length.
        await database.executeSql(
          `update ${SCHEMA}.job set started_on = now() - expire_in where state = 'active'`,
        );
      }
      await retryOnStartRace(() =>
        boss.createQueue(DEAD_LETTERS, { name: DEAD_LETTERS, retentionDays: 365 }),
      );
      for (const name of queues.keys()) await startQueue(name);
      started = true;
      if (settings.work) {
        relayTimer = setInterval(() => void relay(), settings.pollSeconds * 1000);
        relayTimer.unref();
      }
    },

    async stop() {
      if (relayTimer) clearInterval(relayTimer);
      await relaying;
      // Running jobs get a few seconds to finish; one cut off after that is taken over once
      // its lease ends, which is the same path as a process that died.
      if (started)
        await boss.stop({ graceful: true, timeout: STOP_WAIT_MS, wait: true, close: false });
      started = false;
      stopped = true;
    },

    /**
     * Waits until every event is relayed and no job is due or running (tests, scripts).
     * Jobs waiting for a later time (a retry's backoff, a reminder) do not hold it up.
     */
    async drain(timeoutMs = 20_000) {
      const giveUp = Date.now() + timeoutMs;
      for (;;) {
        await relay();
        const [{ pending }] = await queryRows<{ pending: number }>(
          database.db,
          sql`select
            (select count(*) from ${outboxEvents} where ${outboxEvents.relayedAt} is null)
            + (select count(*) from pgboss.job where name <> ${DEAD_LETTERS}
                and state in ('created', 'retry', 'active') and start_after <= now())
            as pending`,
        );
        if (Number(pending) === 0) return;
        if (Date.now() > giveUp) throw new Error(`${pending} jobs still pending after drain.`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    /** Jobs that failed every retry, newest first: what an operator looks at. */
    async deadLetters(limit = 100): Promise<DeadJob[]> {
      // A database no working process has opened yet has no queue, so nothing failed there.
      const [queue] = await queryRows<{ exists: boolean }>(
        database.db,
        sql`select to_regclass(${`${SCHEMA}.job`}) is not null as exists`,
      );
      if (!queue.exists) return [];
      const rows = await queryRows<{
        id: string;
        data: EventJobData & { queue?: string };
        output: { message?: string; value?: { message?: string } } | null;
        retry_limit: number;
        created_on: Date | string;
      }>(
        database.db,
        sql`select id, data, output, retry_limit, created_on from pgboss.job
            where name = ${DEAD_LETTERS} order by created_on desc limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        queue: row.data.handler
          ? queueName(row.data.type, row.data.handler)
          : (row.data.queue ?? ''),
        data: row.data as unknown as Record<string, unknown>,
        error: row.output?.message ?? row.output?.value?.message ?? null,
        attempts: row.retry_limit + 1,
        failed_at: new Date(row.created_on).toISOString(),
      }));
    },
  };
  return jobs;
}

export type Jobs = ReturnType<typeof createJobs>;
