import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { Notice } from './notify';
import {
  apiErrorOf,
  HIDE_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  newIdempotencyKey,
  serverMessageTimeout,
  SERVER_ERROR_TIMEOUT,
} from './http';
import { createHttpClient, type HttpEnvironment } from './http-client';

interface Answer {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/** An axios adapter answering like our API would, without a network. */
function fakeApi(answer: (url: string) => Answer | 'network-down'): AxiosAdapter {
  return async (config) => {
    const given = answer(config.url ?? '');
    if (given === 'network-down') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response: AxiosResponse = {
      data: given.data ?? {},
      status: given.status,
      statusText: '',
      headers: new AxiosHeaders(given.headers ?? {}),
      config,
    };
    if (given.status >= 400) {
      throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, undefined, response);
    }
    return response;
  };
}

function setup(answer: Parameters<typeof fakeApi>[0], token: string | null = 'old-token') {
  const notices: Notice[] = [];
  const state = { token, now: 0 };
  const env = {
    getToken: () => state.token,
    setToken: vi.fn((next: string) => {
      state.token = next;
    }),
    language: () => 'vi',
    notify: (notice: Notice) => notices.push(notice),
    translate: (key: string) => `translated ${key}`,
    sessionExpired: vi.fn(),
    now: () => state.now,
    beginLoading: vi.fn(() => vi.fn()),
    setServerReachable: vi.fn(),
    logError: vi.fn(),
    wait: vi.fn(async () => undefined),
  } satisfies HttpEnvironment;
  const client = createHttpClient(env);
  const seen: Record<string, unknown>[] = [];
  client.defaults.adapter = (config) => {
    seen.push(Object.fromEntries(Object.entries(config.headers.toJSON())));
    return fakeApi(answer)(config);
  };
  return { client, env, notices, state, seen };
}

describe('the HTTP client (spec 7 and 8)', () => {
  it('sends the bearer token and the language', async () => {
    const { client, seen } = setup(() => ({ status: 200, data: { resource: {} } }));
    await client.get('core/user');
    expect(seen[0]).toMatchObject({ Authorization: 'Bearer old-token', language: 'vi' });
  });

  it('sends no Authorization header without a token', async () => {
    const { client, seen } = setup(() => ({ status: 200 }), null);
    await client.get('core/join/oauth/providers');
    expect(seen[0]).not.toHaveProperty('Authorization');
  });

  it('replaces the token from an access-token or access_token response header', async () => {
    const headers: Record<string, Record<string, string>> = {
      one: { 'access-token': 'token-one' },
      two: { access_token: 'token-two' },
    };
    const { client, env, state, seen } = setup((url) => ({ status: 200, headers: headers[url] }));
    await client.get('one');
    expect(state.token).toBe('token-one');
    await client.get('two');
    expect(state.token).toBe('token-two');
    await client.get('three');
    expect(seen[2]).toMatchObject({ Authorization: 'Bearer token-two' });
    expect(env.setToken).toHaveBeenCalledTimes(2);
  });

  it('shows each server message for 6000 ms plus 1500 ms per position', async () => {
    expect([0, 1, 2, 3].map(serverMessageTimeout)).toEqual([6000, 7500, 9000, 10500]);
    const { client, notices } = setup(() => ({
      status: 200,
      data: { resource: {}, messages: ['Saved.', 'Mail sent.', 'Welcome.'] },
    }));
    await client.post('core/user');
    expect(notices).toEqual([
      { intent: 'success', text: 'Saved.', timeout: 6000 },
      { intent: 'success', text: 'Mail sent.', timeout: 7500 },
      { intent: 'success', text: 'Welcome.', timeout: 9000 },
    ]);
  });

  it('shows no server message for a request sent with hide-message: 1', async () => {
    const { client, notices } = setup((url) =>
      url === 'ok'
        ? { status: 200, data: { resource: {}, messages: ['Saved.'] } }
        : { status: 422, data: { messages: ['The code is not correct.'] } },
    );
    await client.post('ok', {}, HIDE_MESSAGE);
    await expect(client.post('bad', {}, HIDE_MESSAGE)).rejects.toBeInstanceOf(AxiosError);
    expect(notices).toEqual([]);
  });

  it('on 401 of a signed-in call, ends the session and shows messages at most once per 10 s', async () => {
    const { client, env, notices, state } = setup(() => ({
      status: 401,
      data: { messages: ['Please sign in to continue.'] },
    }));
    const attempt = async (at: number) => {
      state.now = at;
      state.token = 'expired';
      await expect(client.get('core/user')).rejects.toBeInstanceOf(AxiosError);
    };
    await attempt(1_000);
    await attempt(6_000);
    await attempt(10_999);
    await attempt(11_000);
    expect(env.sessionExpired).toHaveBeenCalledTimes(4);
    expect(notices).toEqual([
      { intent: 'error', text: 'Please sign in to continue.', timeout: 6000 },
      { intent: 'error', text: 'Please sign in to continue.', timeout: 6000 },
    ]);
  });

  it('treats a 401 of a signed-out call (wrong password) as a refusal, not a session end', async () => {
    const { client, env, notices } = setup(
      () => ({ status: 401, data: { messages: ['The e-mail or password is incorrect.'] } }),
      null,
    );
    await expect(client.post('core/join/login')).rejects.toBeInstanceOf(AxiosError);
    await expect(client.post('core/join/login')).rejects.toBeInstanceOf(AxiosError);
    expect(env.sessionExpired).not.toHaveBeenCalled();
    expect(notices.map((n) => n.text)).toEqual([
      'The e-mail or password is incorrect.',
      'The e-mail or password is incorrect.',
    ]);
  });

  it('on 500 shows the fixed server-error text for 7 s instead of the server messages', async () => {
    const { client, notices } = setup(() => ({ status: 500, data: { messages: ['boom'] } }));
    await expect(client.get('core/user')).rejects.toBeInstanceOf(AxiosError);
    expect(SERVER_ERROR_TIMEOUT).toBe(7000);
    expect(notices).toEqual([
      { intent: 'error', text: 'translated app:http.server_error', timeout: 7000 },
    ]);
  });

  it('on 403 and 422 shows only the messages; other 4xx also go to the console', async () => {
    const { client, env, notices } = setup((url) => ({
      status: Number(url),
      data: { messages: [`refused ${url}`] },
    }));
    for (const status of ['403', '422', '404', '409']) {
      await expect(client.get(status)).rejects.toBeInstanceOf(AxiosError);
    }
    expect(notices.map((n) => [n.intent, n.text])).toEqual([
      ['error', 'refused 403'],
      ['error', 'refused 422'],
      ['error', 'refused 404'],
      ['error', 'refused 409'],
    ]);
    expect(env.logError).toHaveBeenCalledTimes(2);
    expect(env.logError.mock.calls.map((call) => call[0])).toEqual([
      'GET 404 answered 404',
      'GET 409 answered 409',
    ]);
  });

  it('reads the refusal of a file download (a blob) as the usual error body', async () => {
    const { client, notices } = setup(() => ({
      status: 403,
      data: new Blob([JSON.stringify({ messages: ['Not yours.'], code: 'forbidden' })], {
        type: 'application/json',
      }),
    }));
    const failure = await client
      .get('core/user/export-user-data', { responseType: 'blob' })
      .catch((error: unknown) => error);
    expect(apiErrorOf(failure)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(notices.map((n) => n.text)).toEqual(['Not yours.']);
  });

  it('marks the server unreachable when no answer comes, without a toast', async () => {
    const { client, env, notices } = setup(() => 'network-down');
    await expect(client.get('core/user')).rejects.toBeInstanceOf(AxiosError);
    expect(env.setServerReachable).toHaveBeenCalledWith(false);
    expect(notices).toEqual([]);
  });

  it('ends the loading mark of every request, answered or not', async () => {
    const { client, env } = setup((url) =>
      url === 'down' ? 'network-down' : { status: Number(url) },
    );
    await client.get('200');
    await expect(client.get('404')).rejects.toBeInstanceOf(AxiosError);
    await expect(client.get('down')).rejects.toBeInstanceOf(AxiosError);
    const ends = env.beginLoading.mock.results.map((result) => result.value as () => void);
    expect(ends).toHaveLength(3);
    for (const end of ends) expect(end).toHaveBeenCalledTimes(1);
  });

  it('sends a keyed write again under the same key while its outcome is unknown', async () => {
    const answers: (Answer | 'network-down')[] = [
      { status: 503, headers: { 'retry-after': '5' } },
      'network-down',
      { status: 201, data: { resource: { id: 1 } } },
    ];
    const { client, env, seen } = setup(() => answers.shift()!);
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const answered = await client.post(
      'messaging/messages',
      {},
      {
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      },
    );
    expect(answered.status).toBe(201);
    expect(seen.map((headers) => headers[IDEMPOTENCY_KEY_HEADER])).toEqual([key, key, key]);
    // Retry-After (5 s), then a second for no answer.
    expect(env.wait.mock.calls).toEqual([[5000], [1000]]);
  });

  it('gives up after three tries, and never sends again what was answered or carries no key', async () => {
    const down = setup(() => ({ status: 503, headers: { 'retry-after': '1' } }));
    const keyed = { headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() } };
    await expect(down.client.post('okrs', {}, keyed)).rejects.toBeInstanceOf(AxiosError);
    expect(down.seen).toHaveLength(3);
    const unkeyed = setup(() => ({ status: 503 }));
    await expect(unkeyed.client.post('okrs', {})).rejects.toBeInstanceOf(AxiosError);
    expect(unkeyed.seen).toHaveLength(1);
    const refused = setup(() => ({ status: 422, data: { messages: ['No.'] } }));
    await expect(refused.client.post('okrs', {}, keyed)).rejects.toBeInstanceOf(AxiosError);
    expect(refused.seen).toHaveLength(1);
  });
});
