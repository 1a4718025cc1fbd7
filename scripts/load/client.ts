/**
 * The load's HTTP client: one call per request, timed and counted per kind of request, and
 * for every write the outcome a client can know (acknowledged, refused, or unknown). A write
 * whose outcome is unknown is sent again, as a client would, under the same Idempotency-Key:
 * the server stores it once however often it is sent.
 */
import { randomUUID } from 'node:crypto';

export const READ_KINDS = [
  'sign_in',
  'read_user',
  'read_menu',
  'read_dashboard',
  'read_my_work',
  'read_chats',
  'read_tasks',
  'read_objectives',
  'read_assessments',
  'read_questions',
] as const;
export const WRITE_KINDS = [
  'chat_send',
  'task_submit',
  'task_resubmit',
  'okr_check_in',
  'assessment_answer',
] as const;
export type ReadKind = (typeof READ_KINDS)[number];
export type WriteKind = (typeof WRITE_KINDS)[number];
export type Kind = ReadKind | WriteKind;

/**
 * What the client learnt about a write: `ok` (2xx: it happened), `refused` (4xx: it did not),
 * `unknown` (no answer, a cut connection, any 5xx: it may or may not have been committed).
 */
export type Outcome = 'ok' | 'refused' | 'unknown';
export const outcomeOf = (status: number): Outcome =>
  status >= 200 && status < 300 ? 'ok' : status >= 400 && status < 500 ? 'refused' : 'unknown';

/** A 5xx other than the balancer's 502 and the app's degraded 503: a bug to look at. */
export interface Unexpected {
  kind: Kind;
  method: string;
  url: string;
  status: string;
  requestId?: string;
  body: string;
}

export class Recorder {
  readonly samples = new Map<Kind, number[]>();
  readonly failures = new Map<Kind, Map<string, number>>();
  readonly writes = new Map<WriteKind, Record<Outcome, number>>();
  readonly unexpected: Unexpected[] = [];
  /** Writes answered with a 5xx: their request ids, to find in the processes' logs. */
  readonly unknownWrites: { kind: WriteKind; status: string; requestId?: string }[] = [];

  /** One request's answer (every try of a write counts here). */
  note(kind: Kind, ms: number, status: string) {
    if (status.startsWith('2')) {
      let list = this.samples.get(kind);
      if (!list) this.samples.set(kind, (list = []));
      list.push(ms);
    } else {
      let map = this.failures.get(kind);
      if (!map) this.failures.set(kind, (map = new Map()));
      map.set(status, (map.get(status) ?? 0) + 1);
    }
  }

  /** What the client learnt of one write in the end, after its tries (0: no answer). */
  noteWrite(kind: WriteKind, status: number) {
    let counts = this.writes.get(kind);
    if (!counts) this.writes.set(kind, (counts = { ok: 0, refused: 0, unknown: 0 }));
    counts[outcomeOf(status)] += 1;
  }

  /** Non-2xx answers by class, over every kind: 502/503 degraded, other 5xx, 4xx, no answer. */
  errorClasses() {
    const classes = { degraded: 0, other5xx: 0, client4xx: 0, network: 0 };
    for (const map of this.failures.values()) {
      for (const [status, n] of map) {
        if (status === 'network') classes.network += n;
        else if (status === '502' || status === '503') classes.degraded += n;
        else if (status.startsWith('5')) classes.other5xx += n;
        else classes.client4xx += n;
      }
    }
    return classes;
  }
}

export interface Answer {
  status: number;
  token?: string;
  /** Retry-After, in seconds, when the answer gave one. */
  retryAfter?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the load reads a few fields of many answers
  body: any;
}

/** One request to `${base}/api/v2/${url}`: JSON (`json`) or multipart (`form`). */
export async function call(
  recorder: Recorder,
  base: string,
  kind: Kind,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/v2/${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.json ? { 'content-type': 'application/json' } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: options.json ? JSON.stringify(options.json) : options.form,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const status = response.status;
    recorder.note(kind, performance.now() - started, String(status));
    if (status >= 500 && (WRITE_KINDS as readonly string[]).includes(kind)) {
      recorder.unknownWrites.push({
        kind: kind as WriteKind,
        status: String(status),
        requestId: response.headers.get('x-request-id') ?? undefined,
      });
    }
    if (status >= 500 && status !== 502 && status !== 503) {
      recorder.unexpected.push({
        kind,
        method,
        url,
        status: String(status),
        requestId: response.headers.get('x-request-id') ?? undefined,
        body: text.slice(0, 300),
      });
    }
    let body: unknown = null;
    if (text.startsWith('{')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    return {
      status,
      token: response.headers.get('access-token') ?? undefined,
      body,
      ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
    };
  } catch {
    recorder.note(kind, performance.now() - started, 'network');
    return { status: 0, token: undefined, body: null };
  }
}

interface CallOptions {
  token?: string;
  json?: object;
  form?: FormData;
  idempotencyKey?: string;
}

/** How often a write whose outcome is unknown is sent, in all. */
const WRITE_TRIES = 3;
/** The longest wait before a retry, whatever Retry-After says (s). */
const LONGEST_RETRY_WAIT_S = 5;

/**
 * A write, with one Idempotency-Key made for it: sent again while its outcome is unknown (no
 * answer, a 5xx), after Retry-After (1 s when the answer gave none), at most WRITE_TRIES times.
 * Counted once, by what the client learnt in the end.
 */
export async function write(
  recorder: Recorder,
  base: string,
  kind: WriteKind,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Answer> {
  const idempotencyKey = randomUUID();
  let answer: Answer;
  for (let tries = 1; ; tries += 1) {
    answer = await call(recorder, base, kind, method, url, { ...options, idempotencyKey });
    if (outcomeOf(answer.status) !== 'unknown' || tries === WRITE_TRIES) break;
    const wait = Math.min(answer.retryAfter ?? 1, LONGEST_RETRY_WAIT_S);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  recorder.noteWrite(kind, answer.status);
  return answer;
}
