import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { z } from 'zod';
import { fillPath, type Endpoint, type HttpMethod, type PathParamNames } from '@contracts/endpoint';
import { loadChunk } from './chunk-reload';
import { reportClientProblem } from './client-log';
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

/** The server's clock minus this browser's, read from the first answer's `Date` header. */
let serverClockOffset: number | undefined;

/**
 * The server's time when this page started loading, once an answer has come: every answer the
 * page holds was read on the server after it. `Date` is in whole seconds and arrives a little
 * late, so this errs early, which is the safe side (the socket's first connection asks what
 * changed since then).
 */
export function serverTimeAtPageStart(): number | undefined {
  return serverClockOffset === undefined
    ? undefined
    : performance.timeOrigin + serverClockOffset - 1000;
}

/** The server's time now, a second early for the same reasons (see above). */
export function serverTimeNow(): number | undefined {
  return serverClockOffset === undefined ? undefined : Date.now() + serverClockOffset - 1000;
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
  serverDate: (date) => {
    const at = date ? Date.parse(date) : NaN;
    if (serverClockOffset === undefined && !Number.isNaN(at)) serverClockOffset = at - Date.now();
  },
  reportFailure: (requestId, description) =>
    reportClientProblem('client erorr', description, 'http', requestId),
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

interface CallOptions extends Partial<
  Pick<AxiosRequestConfig, 'signal' | 'onUploadProgress' | 'headers'>
> {
  /** The screen shows the server's messages itself (forms); no toasts. */
  hideMessages?: boolean;
  /**
   * A write the server stores once per key (chat messages, check-ins, hand-ins, answers): sent
   * with an `Idempotency-Key` (this one, or one made for the call) and sent again under it
   * while its outcome is unknown (no answer, 503), so a retry never makes a second one.
   */
  idempotent?: true | string;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key for one person's action (a UUID, as the server asks), reused on its retries. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

type Schemas<E extends Endpoint> = NonNullable<E['schemas']>;
type ParamsArg<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? object
  : { params: Record<PathParamNames<E['path']>, string | number> };
type QueryArg<E extends Endpoint> =
  Schemas<E> extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : object;
type BodyArg<E extends Endpoint> =
  Schemas<E> extends { body: 'form' }
    ? { body: FormData }
    : Schemas<E> extends { body: infer B extends z.ZodType }
      ? undefined extends z.input<B>
        ? { body?: z.input<B> }
        : { body: z.input<B> }
      : object;
/** What a call of `E` sends: its path parameters, query and body, typed by its contract. */
export type CallArgs<E extends Endpoint> = ParamsArg<E> & QueryArg<E> & BodyArg<E>;
/** What a call of `E` answers (the envelope's resource), typed by its contract. */
export type Resource<E extends Endpoint> =
  Schemas<E> extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;
type Rest<E extends Endpoint> =
  object extends CallArgs<E>
    ? [args?: CallArgs<E>, options?: CallOptions]
    : [args: CallArgs<E>, options?: CallOptions];

/** A file a download answered, under the name the server gave it (if it gave one). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | undefined;
}

type JsonEndpoint = Endpoint<HttpMethod, string, { response?: z.ZodType; [key: string]: unknown }>;
type FileEndpoint = Endpoint<HttpMethod, string, { response: 'file'; [key: string]: unknown }>;

async function send<T>(
  { method, path }: Endpoint,
  args: { params?: Record<string, string | number>; query?: unknown; body?: unknown } = {},
  { hideMessages, headers, idempotent, ...config }: CallOptions = {},
  responseType?: 'blob',
): Promise<AxiosResponse<T>> {
  const key = idempotent === true ? newIdempotencyKey() : idempotent;
  return (await loadClient()).request<T>({
    method,
    url: fillPath(path, args.params),
    params: args.query,
    data: args.body,
    responseType,
    ...config,
    headers: {
      ...headers,
      ...(hideMessages ? HIDE_MESSAGE.headers : {}),
      ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
    },
  });
}

/** The name in a Content-Disposition header: the UTF-8 form first, then the plain one. */
function filenameOf(disposition: unknown): string | undefined {
  const text = String(disposition ?? '');
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(text)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/.exec(text)?.[1];
}

/**
 * The API client every call goes through: an endpoint from the contracts, its path parameters,
 * query and body. What is sent and what comes back are typed by the endpoint's schemas.
 */
export const api = {
  /** The envelope's resource. */
  call: async <E extends JsonEndpoint>(endpoint: E, ...[args, options]: Rest<E>) =>
    (await send<Envelope<Resource<E>>>(endpoint, args, options)).data.resource,
  /** The whole envelope, for screens that show its messages themselves. */
  envelope: async <E extends JsonEndpoint>(
    endpoint: E,
    ...[args, options]: Rest<E>
  ): Promise<Envelope<Resource<E>>> =>
    (await send<Envelope<Resource<E>>>(endpoint, args, options)).data,
  /** A file, with the name the server gave it. */
  download: async <E extends FileEndpoint>(
    endpoint: E,
    ...[args, options]: Rest<E>
  ): Promise<DownloadedFile> => {
    const response = await send<Blob>(endpoint, args, options, 'blob');
    return { blob: response.data, filename: filenameOf(response.headers['content-disposition']) };
  },
};
