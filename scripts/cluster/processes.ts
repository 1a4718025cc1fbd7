import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProxy, type Backend } from './proxy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiProcess {
  index: number;
  child?: ChildProcess;
  backend?: Backend;
  /** Everything it printed (kept to the last 200 kB). */
  output: string;
}

export interface Cluster {
  /** The proxy's address: what clients use. */
  url: string;
  processes: ApiProcess[];
  /** The direct address of process `index` (tests talk to one process on purpose). */
  urlOf(index: number): string;
  /** SIGKILL one process: no shutdown, requests and transactions cut where they are. */
  kill(index: number): Promise<void>;
  /** Starts process `index` again (after kill), on a new port; resolves once it listens. */
  restart(index: number): Promise<void>;
  /** SIGTERM every process (graceful: in-flight requests and jobs finish), then the proxy. */
  stop(): Promise<void>;
}

/**
 * N API processes (server/main.ts, each on a port of its own) over the PostgreSQL and Redis
 * that `env` names, behind one small proxy on `port` (scripts/cluster/proxy.ts). Each process
 * trusts the proxy's X-Forwarded-For (TRUST_PROXY=loopback), so rate limits see the clients.
 */
export async function startCluster(options: {
  processes: number;
  port: number;
  env: Record<string, string | undefined>;
  /** Where each process's output goes besides `output` (the CLI prints it). */
  onOutput?: (index: number, text: string) => void;
}): Promise<Cluster> {
  if (!options.env.DATABASE_URL) {
    throw new Error(
      'Several API processes need PostgreSQL: set DATABASE_URL (the embedded database belongs to one process).',
    );
  }
  const processes: ApiProcess[] = Array.from({ length: options.processes }, (_, index) => ({
    index,
    output: '',
  }));

  async function launch(p: ApiProcess) {
    p.backend = undefined;
    // A restarted process's output starts afresh: its listening line is the one to read.
    p.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...options.env,
        PORT: '0',
        HOST: '127.0.0.1',
        TRUST_PROXY: options.env.TRUST_PROXY ?? 'loopback',
        // The cluster learns each process's port from its "Server listening at" line (info).
        LOG_LEVEL: ['fatal', 'error', 'warn', 'silent'].includes(options.env.LOG_LEVEL ?? '')
          ? 'info'
          : options.env.LOG_LEVEL,
      } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    p.child = child;
    const exited = once(child, 'exit');
    const listening = new Promise<number>((resolve, reject) => {
      const take = (chunk: Buffer) => {
        const text = chunk.toString();
        p.output = (p.output + text).slice(-200_000);
        options.onOutput?.(p.index, text);
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(p.output);
        if (match && !p.backend) resolve(Number(match[1]));
      };
      child.stdout!.on('data', take);
      child.stderr!.on('data', take);
      void exited.then(() => reject(new Error(`API process ${p.index} exited:\n${p.output}`)));
    });
    const port = await listening;
    p.backend = { host: '127.0.0.1', port };
    void exited.then(() => {
      if (p.child === child) p.backend = undefined;
    });
  }

  await Promise.all(processes.map(launch));
  const proxy: http.Server = await startProxy({
    port: options.port,
    backends: () => processes.flatMap((p) => (p.backend ? [p.backend] : [])),
  });
  const address = proxy.address() as { port: number };

  const stopOne = async (p: ApiProcess, signal: NodeJS.Signals) => {
    const child = p.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    p.backend = undefined;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };

  return {
    url: `http://127.0.0.1:${address.port}`,
    processes,
    urlOf: (index) => {
      const backend = processes[index].backend;
      if (!backend) throw new Error(`API process ${index} is not running`);
      return `http://${backend.host}:${backend.port}`;
    },
    kill: (index) => stopOne(processes[index], 'SIGKILL'),
    restart: (index) => launch(processes[index]),
    async stop() {
      await Promise.all(processes.map((p) => stopOne(p, 'SIGTERM')));
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      });
    },
  };
}
