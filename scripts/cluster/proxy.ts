import http from 'node:http';
import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

/**
 * A small HTTP and WebSocket proxy in front of several API processes: each request and each
 * socket goes to the next backend in turn (round robin). No stickiness is needed: sessions,
 * rooms and limits live in PostgreSQL and Redis, and socket.io uses the WebSocket transport
 * only, so a socket is one connection to one process. A backend that refuses the connection
 * (stopped, restarting) is skipped and the request goes to the next one; it was never sent,
 * so that is safe for writes too. A request cut after it was sent is a 502: the client does
 * not know whether it happened, and retries or not as it would after any network error.
 */
export function startProxy(options: {
  port: number;
  host?: string;
  backends: () => Backend[];
}): Promise<http.Server> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let turn = 0;
  const pick = (skip: Set<number>) => {
    const backends = options.backends();
    for (let i = 0; i < backends.length; i += 1) {
      turn = (turn + 1) % backends.length;
      if (!skip.has(turn)) return { index: turn, backend: backends[turn] };
    }
    return undefined;
  };
  const forwardedFor = (req: http.IncomingMessage) =>
    [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  const server = http.createServer((req, res) => {
    const tried = new Set<number>();
    const attempt = () => {
      const chosen = pick(tried);
      if (!chosen) {
        res.writeHead(502, { 'content-type': 'application/json', 'retry-after': '5' });
        res.end(JSON.stringify({ messages: ['No API process answers.'], code: 'bad_gateway' }));
        return;
      }
      tried.add(chosen.index);
      let sent = false;
      const upstream = http.request(
        {
          host: chosen.backend.host,
          port: chosen.backend.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('socket', (socket) => {
        const send = () => {
          sent = true;
          req.pipe(upstream);
        };
        if ((socket as net.Socket).connecting) socket.once('connect', send);
        else send();
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!sent && error.code === 'ECONNREFUSED') return attempt();
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ messages: ['The API process stopped.'], code: 'bad_gateway' }));
        } else {
          res.destroy();
        }
      });
      req.on('aborted', () => upstream.destroy());
    };
    attempt();
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const tried = new Set<number>();
    const attempt = () => {
      const chosen = pick(tried);
      if (!chosen) return client.destroy();
      tried.add(chosen.index);
      let connected = false;
      const upstream = net.connect(chosen.backend.port, chosen.backend.host, () => {
        connected = true;
        const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (const [name, value] of Object.entries(headers)) {
          for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && error.code === 'ECONNREFUSED') return attempt();
        client.destroy();
      });
      upstream.on('close', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
    };
    attempt();
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server));
  });
}
