import axios, {
  isAxiosError,
  isCancel,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  API_BASE_URL,
  HIDE_MESSAGE_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  messagesIn,
  SERVER_ERROR_TIMEOUT,
  serverMessageTimeout,
  UNAUTHORIZED_MESSAGE_INTERVAL,
} from './http';
import type { Notice, NoticeIntent } from './notify';
import { bodyNamesPlan, PLANS_PATH } from './plan-gate';

async function errorBodyOf(blob: Blob): Promise<unknown> {
  if (!blob.type.includes('json')) return null;
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

/** What the client needs from the page around it; tests pass their own. */
export interface HttpEnvironment {
  getToken(): string | null;
  setToken(token: string): void;
  language(): string;
  notify(notice: Notice): void;
  translate(key: string): string;
  /** A signed-in call was refused with 401: forget the session and go to sign-in. */
  sessionExpired(): void;
  now(): number;
  beginLoading(): () => void;
  setServerReachable(reachable: boolean): void;
  logError(...details: unknown[]): void;
  /** A failed call (5xx, or none at all): to the server's client log with its request id. */
  reportFailure?(requestId: string, description: string): void;
  /** Waits before a retry (tests pass one that does not). */
  wait?(ms: number): Promise<void>;
  /** Each answer's `Date` header, for reading the server's clock. */
  serverDate?(date: string | undefined): void;
}

/** Each call's id, sent as x-request-id: the server logs it, and client log entries name it. */
export function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

function headerOf(
  config: InternalAxiosRequestConfig | undefined,
  name: string,
): string | undefined {
  const value = config?.headers?.get?.(name);
  return value === undefined || value === null ? undefined : String(value);
}

/** How often a keyed write whose outcome is unknown is sent, in all. */
export const KEYED_WRITE_TRIES = 3;
/** The longest wait before such a retry, whatever Retry-After says (ms). */
const LONGEST_RETRY_WAIT_MS = 10_000;

/**
 * How long to wait before sending a keyed write again, or null to give up: only while its
 * outcome is unknown (no answer, or a 503 that says when to try again), never after it was
 * answered otherwise, and at most KEYED_WRITE_TRIES times in all.
 */
function retryDelay(
  config: InternalAxiosRequestConfig | undefined,
  response: AxiosResponse | undefined,
  tries: number,
): number | null {
  if (!config || !headerOf(config, IDEMPOTENCY_KEY_HEADER) || tries >= KEYED_WRITE_TRIES) {
    return null;
  }
  if (!response) return 1000;
  if (response.status !== 503) return null;
  const seconds = Number(response.headers['retry-after']);
  return Math.min(Number.isFinite(seconds) ? seconds * 1000 : 1000, LONGEST_RETRY_WAIT_MS);
}

/**
 * The API client (spec 7 and 8): bearer and language headers, token renewal from the
 * `access-token` response header, server messages as toasts, and the per-status rules.
 */
export function createHttpClient(env: HttpEnvironment, baseURL = API_BASE_URL): AxiosInstance {
  const client = axios.create({ baseURL, headers: { Accept: 'application/json' } });
  const finishLoading = new WeakMap<object, () => void>();
  // Tries of each keyed write so far, by its key (a retry is a new request with the same key).
  const triesOf = new Map<string, number>();
  const wait = env.wait ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  let lastUnauthorizedNotice = Number.NEGATIVE_INFINITY;

  const showMessages = (messages: string[], intent: NoticeIntent, link?: Notice['link']) =>
    messages.forEach((text, position) =>
      env.notify({ intent, text, timeout: serverMessageTimeout(position), ...(link && { link }) }),
    );
  const hidesMessages = (config?: InternalAxiosRequestConfig) =>
    headerOf(config, HIDE_MESSAGE_HEADER) === '1';
  const finish = (config?: InternalAxiosRequestConfig) => {
    if (config) finishLoading.get(config)?.();
  };
  const takeToken = (response: AxiosResponse) => {
    const token = response.headers['access-token'] ?? response.headers['access_token'];
    if (typeof token === 'string' && token.length > 0) env.setToken(token);
  };

  client.interceptors.request.use((config) => {
    const token = env.getToken();
    if (token && !config.headers.has('Authorization')) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    config.headers.set('language', env.language());
    if (!config.headers.has('x-request-id')) config.headers.set('x-request-id', newRequestId());
    finishLoading.set(config, env.beginLoading());
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      finish(response.config);
      const key = headerOf(response.config, IDEMPOTENCY_KEY_HEADER);
      if (key) triesOf.delete(key);
      env.setServerReachable(true);
      env.serverDate?.(response.headers['date'] as string | undefined);
      takeToken(response);
      if (!hidesMessages(response.config)) showMessages(messagesIn(response.data), 'success');
      return response;
    },
    async (error: unknown) => {
      if (isCancel(error) || !isAxiosError(error)) throw error;
      const config = error.config;
      finish(config);
      const response = error.response;
      const key = headerOf(config, IDEMPOTENCY_KEY_HEADER);
      const tries = (key && triesOf.get(key)) || 1;
      const delay = retryDelay(config, response, tries);
      if (key && config && delay !== null) {
        // The write may have been stored: the same key again, so it is stored once.
        triesOf.set(key, tries + 1);
        await wait(delay);
        return client.request(config);
      }
      if (key) triesOf.delete(key);
      if (!response) {
        // No answer at all: the network banner says so; a toast per call would only repeat it.
        env.setServerReachable(false);
        throw error;
      }
      env.setServerReachable(true);
      env.serverDate?.(response.headers['date'] as string | undefined);
      takeToken(response);
      // A file download (responseType blob) still gets its refusal as our JSON error body.
      if (typeof Blob !== 'undefined' && response.data instanceof Blob) {
        response.data = await errorBodyOf(response.data);
      }
      const status = response.status;
      const messages = messagesIn(response.data);
      const hidden = hidesMessages(config);

      if (status === 401 && headerOf(config, 'Authorization')) {
        // The session ended (signed out elsewhere, expired, deactivated).
        env.sessionExpired();
        const now = env.now();
        if (!hidden && now - lastUnauthorizedNotice >= UNAUTHORIZED_MESSAGE_INTERVAL) {
          lastUnauthorizedNotice = now;
          showMessages(messages, 'error');
        }
      } else if (status >= 500) {
        const requestId = headerOf(config, 'x-request-id');
        if (requestId && status !== 503) {
          env.reportFailure?.(
            requestId,
            `${config?.method?.toUpperCase()} ${config?.url} answered ${status}`,
          );
        }
        env.notify({
          intent: 'error',
          text: env.translate('app:http.server_error'),
          timeout: SERVER_ERROR_TIMEOUT,
        });
      } else if (status === 403 || status === 422) {
        // A feature the plan lacks: the words name the plan, the toast leads to the plans.
        const link = bodyNamesPlan(response.data)
          ? { to: PLANS_PATH, label: env.translate('app:plan_gate.see_plans') }
          : undefined;
        if (!hidden) showMessages(messages, 'error', link);
      } else if (status >= 400) {
        if (!hidden) showMessages(messages, 'error');
        env.logError(
          `${config?.method?.toUpperCase()} ${config?.url} answered ${status}`,
          messages,
          { request_id: headerOf(config, 'x-request-id') },
        );
      }
      throw error;
    },
  );
  return client;
}
