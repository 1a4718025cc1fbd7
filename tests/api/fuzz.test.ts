import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '@server/auth/access-token';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam, future, multipart, pdf } from './tasks-support';

/**
 * Every operation the OpenAPI document lists, sent hostile input as a signed-in workspace
 * owner (so authorisation passes and the real code runs): deep nesting, lone surrogates, NUL,
 * huge and fractional numbers, wrong types, and garbage as well as real ids in the path.
 * Whatever comes in, the answer is never a 5xx, and a 422 always comes from a check that names
 * the field, never from the database refusing the value.
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Case {
  name: string;
  url: string;
  body?: string;
  multipart?: ReturnType<typeof multipart>;
}

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};
/**
 * Values put in place of each field in turn. Lone surrogates and NUL go into every string at
 * once (see bodyCases): they are refused before validation wherever they are.
 */
const HOSTILE: unknown[] = [
  nested(70),
  1e308,
  2_147_483_648,
  -1,
  0.5,
  true,
  [],
  {},
  null,
  'x'.repeat(20_000),
  '2030-13-45T99:99:99Z',
];
/** Values put in place of each path parameter in turn (already URL-encoded). */
const HOSTILE_PATH = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '1e308',
  'abc',
  '%00',
  '%ED%A0%80',
  'x'.repeat(300),
];
const HOSTILE_QUERY = [
  '-1',
  '0.5',
  '2147483648',
  '1e308',
  'abc',
  '',
  '%00',
  '%ED%A0%80',
  'x'.repeat(3000),
];

/** Values for the patterns our contracts use, recognised by a telling piece of each. */
const PATTERN_EXAMPLES: [RegExp, string][] = [
  [/^\^#/, '#336699'],
  [/-02-29\|.*T\(/, future(5)],
  [/-02-29/, '2030-01-15'],
  [/@/, 'fuzz@example.com'],
  [/\[01\]\\d\|2\[0-3\]\):/, '09:30'],
  [/\[1-9\]\|\[1-4\]/, '7'],
  [/https\?/, 'https://example.com/x'],
  [/\[0-9a-fA-F\]\{8\}/, '00000000-0000-4000-8000-000000000000'],
];

/** A value the schema accepts, as far as a JSON schema without refinements can say. */
function example(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return example(choice.find((s) => s.type !== 'null') ?? choice[0], depth + 1);
  if (schema.allOf) return example(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return future(5);
      if (schema.format === 'date') return '2030-01-15';
      if (schema.format === 'uri') return 'https://example.com/x';
      if (schema.pattern)
        return PATTERN_EXAMPLES.find(([re]) => re.test(schema.pattern!))?.[1] ?? 'x';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => example(schema.items, depth + 1));
    case 'object':
    default:
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [
          key,
          example(child, depth + 1),
        ]),
      );
  }
}

/** The same value with every string, or every number, replaced. */
function replaceLeaves(value: unknown, kind: 'string' | 'number', by: unknown): unknown {
  if (typeof value === kind) return by;
  if (Array.isArray(value)) return value.map((v) => replaceLeaves(v, kind, by));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, replaceLeaves(v, kind, by)]),
    );
  }
  return value;
}

/** Written out by hand: JSON.stringify itself recurses. */
const NESTED_5000 = `${'['.repeat(5000)}${']'.repeat(5000)}`;

function bodyCases(schema: JsonSchema): [string, unknown][] {
  const base = example(schema);
  const cases: [string, unknown][] = [
    ['a plausible body', base],
    ['a string body', 'x'],
    ['an array body', [base]],
    ['every string a lone surrogate', replaceLeaves(base, 'string', '\ud800')],
    ['every string with a NUL', replaceLeaves(base, 'string', 'x\u0000')],
    ['every number 1e308', replaceLeaves(base, 'number', 1e308)],
    ['every number beyond int4', replaceLeaves(base, 'number', 2_147_483_648)],
    ['every number -1', replaceLeaves(base, 'number', -1)],
    ['every number 0.5', replaceLeaves(base, 'number', 0.5)],
  ];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const key of Object.keys(base)) {
      for (const value of HOSTILE)
        cases.push([`${key} = ${preview(value)}`, { ...base, [key]: value }]);
    }
    cases.push(['an unknown key with a NUL', { ...base, 'k\u0000': 1 }]);
  }
  return cases;
}

const preview = (value: unknown) => JSON.stringify(value)?.slice(0, 40) ?? String(value);

let t: TestApp;
let ownerToken: string;
let ownerId: number;
const realIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { workspace, owner, people } = await createWorkspace(t, {
    members: { admin: 1, member: 2 },
  });
  ownerToken = owner.token;
  ownerId = owner.user.id;
  const member = people.member[0];
  const team = await createTeam(t, workspace.id, 'Fuzzers', [member.user.id]);
  const api = call(t, ownerToken);
  const task = await api.post(`/workspaces/${workspace.id}/tasks-by-owner`, {
    name: 'Fuzz me',
    expired_at: future(3),
    user_ids: [member.user.id],
  });
  const taskId = task.json().resource.task.id as number;
  const subtask = await api.post(`/tasks/${taskId}/subtasks`, {
    name: 'Fuzz me too',
    expired_at: future(2),
    user_ids: [member.user.id],
  });
  expect(subtask.statusCode, subtask.body).toBe(201);
  await call(t, member.token).upload('POST', `/tasks/${taskId}/submit`, [pdf('work.pdf')]);
  Object.assign(realIds, {
    workspaces: workspace.id,
    teams: team.id,
    tasks: taskId,
    subtasks: subtask.json().resource.task.id as number,
    user: member.user.id,
    users: member.user.id,
    member: member.user.id,
  });
});
afterAll(() => t.close());

/** A real id for a path parameter, judged by the path segment before it. */
function realValue(path: string, param: string): string {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const before = segments[at - 1] ?? '';
  if (param === 'user' || param === 'member') return String(realIds.member);
  if (param === 'token' || param === 'x' || param === 'provider' || param === 'file') return 'abc';
  return String(realIds[before] ?? realIds[param] ?? 1);
}

function casesOf(path: string, method: string, operation: Operation): Case[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (overrides: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) => overrides[name] ?? realValue(path, name));
  const query = (values: Record<string, string>) => {
    const entries = Object.entries(values);
    return entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  };
  const baseQuery = Object.fromEntries(
    queryParams.map((p) => [p.name, encodeURIComponent(String(example(p.schema)))]),
  );
  const url = fill() + query(baseQuery);
  const cases: Case[] = [{ name: 'real ids', url }];
  for (const param of pathParams) {
    for (const value of HOSTILE_PATH) {
      cases.push({
        name: `${param.name} = ${value.slice(0, 20)}`,
        url: fill({ [param.name]: value }) + query(baseQuery),
      });
    }
  }
  for (const param of queryParams) {
    for (const value of HOSTILE_QUERY) {
      cases.push({
        name: `?${param.name} = ${value.slice(0, 20)}`,
        url: fill() + query({ ...baseQuery, [param.name]: value }),
      });
    }
    cases.push({ name: `?${param.name} twice`, url: `${url}&${param.name}=a&${param.name}=b` });
  }
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  if (jsonSchema) {
    for (const [name, body] of bodyCases(jsonSchema)) {
      cases.push({ name, url, body: JSON.stringify(body) });
    }
    cases.push({ name: '5,000 nested arrays', url, body: NESTED_5000 });
  } else if (['post', 'put', 'patch'].includes(method)) {
    // Upload routes read multipart forms by hand; their names reach the database too.
    const file = (filename: string) => pdf(filename);
    for (const [name, parts] of [
      ['a PDF', [file('ok.pdf')]],
      ['a NUL in the file name', [file('a\u0000b.pdf')]],
      ['a NUL in a field name', [{ name: 'a\u0000b', value: 'x' }, file('ok.pdf')]],
      ['a NUL in a field value', [{ name: 'comment', value: 'a\u0000b' }, file('ok.pdf')]],
      ['an overlong UTF-8 file name', [file(`${'é'.repeat(300)}.pdf`)]],
    ] as const) {
      cases.push({ name: `multipart: ${name}`, url, multipart: multipart([...parts]) });
    }
    cases.push({ name: 'JSON with 5,000 nested arrays', url, body: NESTED_5000 });
  }
  return cases;
}

/** Reads first, writes next, deletions last, so destructive calls come after the rest ran. */
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

describe('fuzz of every documented route', () => {
  it('never answers 5xx', async () => {
    const document = (
      await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' })
    ).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      )
      .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
    expect(operations.length).toBeGreaterThan(200);

    const failures: string[] = [];
    let sent = 0;
    const started = performance.now();
    for (const { path, method, operation } of operations) {
      // A fresh token per route: one of them may sign the owner out everywhere.
      const [owner] = await Promise.all([t.reloadUser(ownerId)]);
      const token = await issueAccessToken(t.app.deps, t.db, owner, 'password');
      for (const c of casesOf(path, method, operation)) {
        const headers: Record<string, string> = { ...bearer(token) };
        let payload: string | Buffer | undefined;
        if (c.multipart) {
          Object.assign(headers, c.multipart.headers);
          payload = c.multipart.payload;
        } else if (c.body !== undefined) {
          headers['content-type'] = 'application/json';
          payload = c.body;
        }
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: c.url,
          headers,
          payload,
        });
        sent += 1;
        const where = `${method.toUpperCase()} ${path} [${c.name}]`;
        if (response.statusCode >= 500) failures.push(`${where} → ${response.statusCode}`);
        // Only the error handler's safety net answers 422 without naming a field: the
        // database refused a value that no check caught first.
        if (response.statusCode === 422 && !response.json<{ errors?: object }>().errors) {
          failures.push(`${where} → 422 from the database, not from a check`);
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `fuzz: ${sent} requests to ${operations.length} operations in ${seconds.toFixed(1)} s`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
