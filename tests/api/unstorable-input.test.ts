import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call, future, multipart, pdf, storedFiles } from './tasks-support';

/**
 * What PostgreSQL cannot store (NUL, lone surrogates, absurd nesting, ids past `integer`) is a
 * 422 in the caller's language before it reaches the database, in JSON and multipart alike.
 */
let t: TestApp;
let token: string;
let workspaceId: number;
let taskId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
  token = owner.token;
  workspaceId = workspace.id;
  const task = await call(t, token).post(`/workspaces/${workspace.id}/tasks-by-owner`, {
    name: 'Upload here',
    expired_at: future(3),
    user_ids: [people.member[0].user.id],
  });
  taskId = task.json().resource.task.id;
  // The task's notices are written by jobs: done before any test counts rows.
  await t.app.deps.jobs.drain();
});
afterAll(() => t.close());

/** Sends raw JSON text, so escapes such as \ud800 arrive as written. */
function sendJson(method: 'POST' | 'PUT' | 'PATCH', url: string, json: string, language = 'en') {
  return t.app.inject({
    method,
    url: `/api/v2/core${url}`,
    headers: { ...bearer(token), 'content-type': 'application/json', language },
    payload: json,
  });
}

async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): { messages: string[]; errors?: object } }>,
  field: string | RegExp,
  message: RegExp,
) {
  const before = await rowCounts(t.db);
  const response = await send();
  expect(response.statusCode).toBe(422);
  const body = response.json();
  expect(body.messages[0]).toMatch(message);
  const fields = Object.keys(body.errors ?? {});
  expect(
    fields.some((name) => (typeof field === 'string' ? name === field : field.test(name))),
  ).toBe(true);
  expect(await rowCounts(t.db)).toEqual(before);
}

describe('JSON bodies', () => {
  it('refuses a lone surrogate in every kind of field that used to reach the database', async () => {
    const cases: [string, 'POST' | 'PUT' | 'PATCH', string, string][] = [
      [
        'board view config',
        'POST',
        `/workspaces/${workspaceId}/board_views`,
        '{"name":"View","config":{"columns":["\\ud800"]}}',
      ],
      ['skills', 'POST', '/user/skills', '{"skills":[{"name":"Go\\udc00"}]}'],
      ['preferences', 'POST', '/user/preferences', '{"preferences":{"theme":"\\ud800"}}'],
      ['configs', 'POST', '/user/configs', '{"key":"theme","value":{"x":"\\ud800"}}'],
      ['social media', 'POST', '/user/social-media', '{"social_media":{"github":"\\ud800"}}'],
      ['generalized name', 'POST', '/workspaces/generalized', '{"name":"Draft \\ud800"}'],
      ['profile name', 'PATCH', '/user', '{"first_name":"A\\ud800"}'],
    ];
    for (const [what, method, url, json] of cases) {
      const response = await sendJson(method, url, json);
      expect(response.statusCode, what).toBe(422);
      expect(response.json().messages[0], what).toMatch(/characters that are not allowed/);
    }
  });

  it('names the field and answers in the caller’s language', async () => {
    await expectRefused(
      () => sendJson('PATCH', '/user', '{"first_name":"A\\u0000"}'),
      'first_name',
      /characters that are not allowed/,
    );
    await expectRefused(
      () => sendJson('PATCH', '/user', '{"first_name":"A\\ud800"}', 'vi'),
      'first_name',
      /ký tự không được phép/,
    );
  });

  it('refuses 5,000 nested arrays with 422 instead of overflowing the stack', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    await expectRefused(
      () => sendJson('POST', '/user/configs', deep),
      /^0(\.0){63}$/,
      /nested too deeply/,
    );
    await expectRefused(
      () => sendJson('POST', '/user/configs', `{"key":"k","value":${deep}}`, 'vi'),
      /^value(\.0){63}$/,
      /lồng nhau quá sâu/,
    );
  });

  it('refuses ids past PostgreSQL integer in paths, queries and bodies, naming the field', async () => {
    const api = call(t, token);
    const inPath = await api.get('/workspaces/99999999999');
    expect(inPath.statusCode).toBe(422);
    expect(inPath.json().errors).toHaveProperty('id');
    const inQuery = await api.get('/pins?workspace_id=2147483648');
    expect(inQuery.statusCode).toBe(422);
    expect(inQuery.json().errors).toHaveProperty('workspace_id');
    const inBody = await api.post(`/tasks/${taskId}/send-reminder`, { user_id: 1e308 });
    expect(inBody.statusCode).toBe(422);
    expect(inBody.json().errors).toHaveProperty('user_id');
  });
});

describe('multipart forms', () => {
  const upload = (parts: Parameters<typeof multipart>[0]) => () =>
    call(t, token).upload('PATCH', `/tasks/${taskId}/files`, parts);

  it('refuses a NUL in a file name and keeps nothing', async () => {
    await expectRefused(upload([pdf('a\u0000b.pdf')]), 'files', /characters that are not allowed/);
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a NUL in a field name or value', async () => {
    await expectRefused(
      upload([{ name: 'remove_file_ids', value: '1\u0000' }, pdf('ok.pdf')]),
      'remove_file_ids',
      /characters that are not allowed/,
    );
    await expectRefused(
      upload([pdf('ok.pdf'), { name: 'x\u0000', value: '1' }]),
      'body',
      /characters that are not allowed/,
    );
    expect(storedFiles(t)).toEqual([]);
  });
});
