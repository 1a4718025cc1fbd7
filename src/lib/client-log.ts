import type { ClientLogRecord } from '@contracts/client-logs';
import { getAccessToken } from './session';

/** Spec 8: the tags client problems are logged under, spelled exactly so. */
export type ClientProblem = 'client erorr' | 'client warning';

const LOG_URL = '/api/v2/_logger_/logs';
const MAX_PER_PAGE = 20;
const REPEAT_WINDOW_MS = 60_000;
const sentAt = new Map<string, number>();
let sentCount = 0;

function describe(problem: unknown): string {
  if (problem instanceof Error) {
    return `${problem.name}: ${problem.message}${problem.stack ? `\n${problem.stack}` : ''}`;
  }
  if (typeof problem === 'string') return problem;
  try {
    return JSON.stringify(problem);
  } catch {
    return String(problem);
  }
}

/**
 * Sends a client error or warning to the server log (spec 7.1). The same problem is sent at
 * most once a minute and a page sends at most 20, so a render loop cannot flood the server.
 * It goes through fetch, not the HTTP client, so a failing log call never logs itself.
 */
export function reportClientProblem(
  kind: ClientProblem,
  problem: unknown,
  action: string,
  /** The x-request-id of the call the problem is about, so the server's log lines are found. */
  requestId?: string,
): void {
  const description = describe(problem).slice(0, 10_000);
  const now = Date.now();
  const last = sentAt.get(description);
  if ((last !== undefined && now - last < REPEAT_WINDOW_MS) || sentCount >= MAX_PER_PAGE) return;
  sentAt.set(description, now);
  sentCount += 1;

  const record: ClientLogRecord = {
    platform: 'web',
    tag: kind,
    environment: import.meta.env.MODE,
    type: kind === 'client erorr' ? 'error' : 'log',
    url: window.location.href.slice(0, 2000),
    action: action.slice(0, 200),
    description,
    ...(requestId ? { request_id: requestId } : {}),
  };
  const token = getAccessToken();
  void fetch(LOG_URL, {
    method: 'POST',
    keepalive: true,
    headers: {
      'content-type': 'application/json',
      'hide-message': '1',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(record),
  }).catch(() => {
    // Logging is best effort: an unreachable server is already shown by the network banner.
  });
}

/** Uncaught errors and rejections anywhere in the page go to the log. */
export function installClientErrorReporting(): void {
  window.addEventListener('error', (event) => {
    reportClientProblem('client erorr', event.error ?? event.message, 'window.error');
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportClientProblem('client erorr', event.reason, 'unhandledrejection');
  });
}
