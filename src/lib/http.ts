import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { loadChunk } from './chunk-reload';
import type { HttpEnvironment } from './http-client';
import { i18next } from './i18n';
import { beginLoading } from './loading';
import { navigateTo } from './navigation';
import { setServerReachable } from './network';
import { notify, type NoticeIntent } from './notify';
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

export function messagesIn(body: unknown): string[] {
  const messages = (body as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
}

/** What axios' own `isAxiosError` checks, without loading axios for it. */
function isAxiosError(error: unknown): error is { response?: AxiosResponse } {
  return (error as { isAxiosError?: unknown } | null)?.isAxiosError === true;
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

let sessionExpiredHandler = () => {
  endSessionLocally();
  navigateTo('/signin');
};

/** The app shell replaces the default so the route being left is remembered (spec 2.8). */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

const environment: HttpEnvironment = {
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
};

let client: Promise<AxiosInstance> | undefined;

/**
 * The API client, whose code (axios) loads with the first request: a page that sends none
 * before it is usable (sign-in) does not wait for it. Counted as loading from the first moment,
 * so nothing waiting for the page to load slips in before the request itself starts.
 */
async function loadClient(): Promise<AxiosInstance> {
  const loaded = beginLoading();
  try {
    client ??= loadChunk(() => import('./http-client')).then((module) =>
      module.createHttpClient(environment),
    );
    return await client;
  } catch (error) {
    client = undefined;
    throw error;
  } finally {
    loaded();
  }
}

// A signed-in visit calls the API at once: its client loads beside the page's code, not after it.
if (getAccessToken()) loadClient().catch(() => undefined);

/** The API client's calls that return the whole response (file downloads, a bare status). */
export const http = {
  request: async <T>(config: AxiosRequestConfig) => (await loadClient()).request<T>(config),
  get: async <T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadClient()).get<T>(url, config),
  post: async <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    (await loadClient()).post<T>(url, body, config),
  delete: async <T>(url: string, config?: AxiosRequestConfig) =>
    (await loadClient()).delete<T>(url, config),
};

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
