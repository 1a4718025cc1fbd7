import axios, {
  isAxiosError,
  isCancel,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { i18next } from './i18n';
import { beginLoading } from './loading';
import { navigateTo } from './navigation';
import { setServerReachable } from './network';
import { notify, type Notice, type NoticeIntent } from './notify';
import { endSessionLocally, getAccessToken, setAccessToken } from './session';

export const API_BASE_URL = '/api/v2';
/** Spec 7: a request sent with this header set to 1 shows none of the server's messages. */
export const HIDE_MESSAGE_HEADER = 'hide-message';
export const HIDE_MESSAGE = { headers: { [HIDE_MESSAGE_HEADER]: '1' } } as const;

/** Spec 8 and 9. */
export const SERVER_MESSAGE_TIMEOUT = 6000;
export const SERVER_MESSAGE_STEP = 1500;
export const SERVER_ERROR_TIMEOUT = 7000;
export const UNAUTHORIZED_MESSAGE_INTERVAL = 10_000;

/** How long the message at `position` (0 for the first) of a response stays on screen. */
export function serverMessageTimeout(position: number): number {
  return SERVER_MESSAGE_TIMEOUT + SERVER_MESSAGE_STEP * position;
}

/** The success envelope of every API answer. */
export interface Envelope<T> {
  resource: T;
  messages?: string[];
}

/** A refused or failed call, in the shape screens show: the words and the fields they are about. */
export interface ApiError {
  /** null when no answer came back (offline, server down). */
  status: number | null;
  code?: string;
  messages: string[];
  fields: Record<string, string[]>;
}

function messagesIn(body: unknown): string[] {
  const messages = (body as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
}

export function apiErrorOf(error: unknown): ApiError {
  if (!isAxiosError(error) || !error.response) {
    return { status: null, messages: [], fields: {} };
  }
  const body = error.response.data as { code?: unknown; errors?: unknown } | null;
  const fields: Record<string, string[]> = {};
  if (body?.errors && typeof body.errors === 'object') {
    for (const [field, list] of Object.entries(body.errors as Record<string, unknown>)) {
      if (Array.isArray(list)) fields[field] = list.filter((m) => typeof m === 'string');
    }
  }
  return {
    status: error.response.status,
    code: typeof body?.code === 'string' ? body.code : undefined,
    messages: messagesIn(body),
    fields,
  };
}

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
}

function headerOf(
  config: InternalAxiosRequestConfig | undefined,
  name: string,
): string | undefined {
  const value = config?.headers?.get?.(name);
  return value === undefined || value === null ? undefined : String(value);
}

/**
 * The API client (spec 7 and 8): bearer and language headers, token renewal from the
 * `access-token` response header, server messages as toasts, and the per-status rules.
 */
export function createHttpClient(env: HttpEnvironment, baseURL = API_BASE_URL): AxiosInstance {
  const client = axios.create({ baseURL, headers: { Accept: 'application/json' } });
  const finishLoading = new WeakMap<object, () => void>();
  let lastUnauthorizedNotice = Number.NEGATIVE_INFINITY;

  const showMessages = (messages: string[], intent: NoticeIntent) =>
    messages.forEach((text, position) =>
      env.notify({ intent, text, timeout: serverMessageTimeout(position) }),
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
    finishLoading.set(config, env.beginLoading());
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      finish(response.config);
      env.setServerReachable(true);
      takeToken(response);
      if (!hidesMessages(response.config)) showMessages(messagesIn(response.data), 'success');
      return response;
    },
    async (error: unknown) => {
      if (isCancel(error) || !isAxiosError(error)) throw error;
      const config = error.config;
      finish(config);
      const response = error.response;
      if (!response) {
        // No answer at all: the network banner says so; a toast per call would only repeat it.
        env.setServerReachable(false);
        throw error;
      }
      env.setServerReachable(true);
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
        env.notify({
          intent: 'error',
          text: env.translate('app:http.server_error'),
          timeout: SERVER_ERROR_TIMEOUT,
        });
      } else if (status === 403 || status === 422) {
        if (!hidden) showMessages(messages, 'error');
      } else if (status >= 400) {
        if (!hidden) showMessages(messages, 'error');
        env.logError(
          `${config?.method?.toUpperCase()} ${config?.url} answered ${status}`,
          messages,
        );
      }
      throw error;
    },
  );
  return client;
}

let sessionExpiredHandler = () => {
  endSessionLocally();
  navigateTo('/signin');
};

/** The app shell replaces the default so the route being left is remembered (spec 2.8). */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

export const http = createHttpClient({
  getToken: getAccessToken,
  setToken: setAccessToken,
  language: () => i18next.language || 'en',
  notify,
  translate: (key) => i18next.t(key),
  sessionExpired: () => sessionExpiredHandler(),
  now: () => Date.now(),
  beginLoading,
  setServerReachable,
  logError: (...details) => console.error(...details),
});

/** Shows messages of a call made with HIDE_MESSAGE, once the screen has decided to. */
export function announce(messages: string[] | undefined, intent: NoticeIntent = 'success'): void {
  (messages ?? []).forEach((text, position) =>
    notify({ intent, text, timeout: serverMessageTimeout(position) }),
  );
}

/** Runs a call and turns its failure into an ApiError, for mutations whose errors a screen shows. */
export async function withApiError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw apiErrorOf(error);
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface CallOptions extends Partial<
  Pick<AxiosRequestConfig, 'params' | 'signal' | 'onUploadProgress'>
> {
  /** The screen shows the server's messages itself (forms); no toasts. */
  hideMessages?: boolean;
}

/** The one place a response envelope is opened: the whole envelope, for screens that need its messages. */
export async function callEnvelope<T>(
  method: Method,
  url: string,
  body?: unknown,
  { hideMessages, ...config }: CallOptions = {},
): Promise<Envelope<T>> {
  const response = await http.request<Envelope<T>>({
    method,
    url,
    data: body,
    ...config,
    ...(hideMessages ? HIDE_MESSAGE : {}),
  });
  return response.data;
}

/** The typed API client every feature calls through: answers the envelope's resource. */
export const api = {
  get: async <T>(url: string, options?: CallOptions) =>
    (await callEnvelope<T>('get', url, undefined, options)).resource,
  post: async <T>(url: string, body?: unknown, options?: CallOptions) =>
    (await callEnvelope<T>('post', url, body, options)).resource,
  put: async <T>(url: string, body?: unknown, options?: CallOptions) =>
    (await callEnvelope<T>('put', url, body, options)).resource,
  patch: async <T>(url: string, body?: unknown, options?: CallOptions) =>
    (await callEnvelope<T>('patch', url, body, options)).resource,
  delete: async <T>(url: string, body?: unknown, options?: CallOptions) =>
    (await callEnvelope<T>('delete', url, body, options)).resource,
};
