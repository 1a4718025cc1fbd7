import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameBanks } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

/**
 * okrAI: rules from name banks, past OKRs and the person's words; and the adapter to an
 * OpenAI-compatible chat-completions endpoint, against a local stand-in speaking that protocol.
 */
interface Seen {
  url: string;
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[] };
}
const seen: Seen[] = [];
let reply: (body: Seen['body']) => { status: number; json: unknown } = () => ({
  status: 200,
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'stop',
        message: {
          role: 'assistant',
          content:
            '{"suggestions": ["Delight every new member", "Reach 5000 signups", "Grow signups from 100 to 200"]}',
        },
      },
    ],
  },
});

let standIn: Server;
let plain: TestApp;
let withAi: TestApp;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    const body = JSON.parse(await read(req)) as Seen['body'];
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
    const answer = reply(body);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const port = (standIn.address() as AddressInfo).port;
  plain = await createTestApp();
  withAi = await createTestApp(
    {
      OKR_AI_URL: `http://127.0.0.1:${port}/v1`,
      OKR_AI_KEY: 'sk-test',
      OKR_AI_MODEL: 'test-model',
    },
    { sharedDatabase: plain.database },
  );
});
afterAll(async () => {
  await withAi.close();
  await plain.close();
  standIn.close();
});

async function setup(t: TestApp) {
  const { workspace, owner, people } = await createWorkspace(t, { members: { viewer: 1 } });
  await t.db.insert(nameBanks).values([
    { workspaceId: workspace.id, type: 'objective', name: 'Grow the community' },
    { workspaceId: workspace.id, type: 'objective', name: 'Ship faster' },
    { workspaceId: workspace.id, type: 'key_result', name: 'Weekly active members' },
  ]);
  return { w: workspace.id, owner: call(t, owner.token), viewer: call(t, people.viewer[0].token) };
}

describe('okrAI without an AI endpoint', () => {
  it('ranks name banks and past objectives by the words typed, and says AI is off', async () => {
    const s = await setup(plain);
    await s.owner.post(`/workspaces/${s.w}/objectives`, { name: 'Community events' });
    const res = await s.viewer.get(
      `/workspaces/okrAI/objective?workspace_id=${s.w}&text=community`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json().resource;
    expect(body.ai_configured).toBe(false);
    expect(body.suggestions.map((x: { name: string }) => x.name)).toEqual([
      'Grow the community',
      'Community events',
    ]);
  });

  it('reads a key result from the person’s words and invents no number', async () => {
    const s = await setup(plain);
    const res = await s.owner.get(
      `/workspaces/okrAI/key-result?workspace_id=${s.w}&text=${encodeURIComponent('Grow signups from 100 to 250 users')}`,
    );
    const [first] = res.json().resource.suggestions;
    expect(first).toMatchObject({
      kind: 'increase',
      start_value: 100,
      target_value: 250,
      unit: 'users',
      source: 'rule',
    });
    const none = await s.owner.get(`/workspaces/okrAI/key-result?workspace_id=${s.w}&text=members`);
    for (const suggestion of none.json().resource.suggestions) {
      expect(suggestion.target_value).toBeUndefined();
    }
  });

  it('suggests key results for an objective, and refuses outsiders', async () => {
    const s = await setup(plain);
    const objective = (
      await s.owner.post(`/workspaces/${s.w}/objectives`, { name: 'Active members' })
    ).json().resource.objective;
    const res = await s.viewer.get(`/workspaces/okrAI/${objective.id}`);
    expect(res.json().resource.suggestions[0].name).toBe('Weekly active members');
    const outsider = call(plain, (await plain.createUser()).token);
    expect((await outsider.get(`/workspaces/okrAI/${objective.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`/workspaces/okrAI/objective?workspace_id=${s.w}`)).statusCode).toBe(
      404,
    );
  });
});

describe('okrAI through an OpenAI-compatible endpoint', () => {
  it('calls chat completions with the key and model, and drops names with numbers not given', async () => {
    const s = await setup(withAi);
    seen.length = 0;
    const res = await s.owner.get(
      `/workspaces/okrAI/objective?workspace_id=${s.w}&text=${encodeURIComponent('signups from 100 to 200')}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json().resource;
    expect(body.ai_configured).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/v1/chat/completions');
    expect(seen[0].authorization).toBe('Bearer sk-test');
    expect(seen[0].body.model).toBe('test-model');
    expect(seen[0].body.messages[0].role).toBe('system');
    const ai = body.suggestions.filter((x: { source: string }) => x.source === 'ai');
    expect(ai.map((x: { name: string }) => x.name)).toEqual([
      'Delight every new member',
      'Grow signups from 100 to 200',
    ]);
  });

  it('falls back to the rules when the endpoint fails', async () => {
    const s = await setup(withAi);
    reply = () => ({ status: 500, json: { error: { message: 'down' } } });
    const res = await s.owner.get(`/workspaces/okrAI/objective?workspace_id=${s.w}&text=faster`);
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.suggestions).toEqual([{ name: 'Ship faster', source: 'name_bank' }]);
  });
});
