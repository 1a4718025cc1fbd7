import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible endpoint: POST /v1/chat/completions answers what
 * `reply` says (a tool call, text, an error status, or nothing for as long as `delayMs`), and
 * keeps every request it saw.
 */
export interface SeenRequest {
  url: string;
  authorization?: string;
  body: {
    model: string;
    messages: { role: string; content: string | null }[];
    tools?: { type: string; function: { name: string; parameters: unknown } }[];
    tool_choice?: string;
  };
}

export type StandInReply =
  | { kind: 'tool'; name: string; arguments: Record<string, unknown> }
  | { kind: 'text'; content: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang'; delayMs: number };

export function toolCallCompletion(name: string, args: Record<string, unknown>) {
  return {
    id: 'chatcmpl-standin',
    object: 'chat.completion',
    created: 0,
    model: 'stand-in',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name, arguments: JSON.stringify(args) },
            },
          ],
        },
      },
    ],
  };
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

export async function startOpenAiStandIn() {
  const seen: SeenRequest[] = [];
  let reply: (body: SeenRequest['body']) => StandInReply = () => ({ kind: 'text', content: '' });
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await read(req)) as SeenRequest['body'];
    seen.push({ url: req.url, authorization: req.headers.authorization, body });
    const answer = reply(body);
    if (answer.kind === 'hang') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.writableEnded) res.writeHead(500).end();
      }, answer.delayMs);
      timers.add(timer);
      return;
    }
    if (answer.kind === 'status') {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'stand-in error' } }));
      return;
    }
    const json =
      answer.kind === 'tool'
        ? toolCallCompletion(answer.name, answer.arguments)
        : {
            id: 'chatcmpl-standin',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: answer.content },
              },
            ],
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    answerWith(next: typeof reply) {
      reply = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
