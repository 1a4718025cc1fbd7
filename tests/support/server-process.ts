import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Everything it logged so far. */
  output(): string;
  /** SIGKILL: no shutdown hooks, open files and transactions cut where they are. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
}

export interface SpawnedServer extends Omit<ServerProcess, 'url'> {
  /** Its URL once it listens; rejects if it exits first. */
  listening: Promise<string>;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** The quiet test environment every child process gets under its own. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SERVE_CLIENT: 'false',
    ...env,
  };
}

/**
 * `npm start`'s server (server/main.ts, or another `script` that prints "Server listening at
 * <url>") as a real child process on an ephemeral port, with the given environment on top of
 * a quiet test one. Returns at once: `listening` resolves once it listens.
 */
export function spawnServerProcess(
  env: Record<string, string>,
  script = 'server/main.ts',
): SpawnedServer {
  // SERVER_CPU_PROF=<dir>: each server process writes a CPU profile there when it stops.
  const profile = process.env.SERVER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`The server exited before listening:\n${log}`));
    });
  });
  // A test that kills it before it listens does not wait for this.
  listening.catch(() => undefined);
  return {
    child,
    listening,
    exited,
    output: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** spawnServerProcess, resolved once the server listens. */
export async function startServerProcess(
  env: Record<string, string>,
  script = 'server/main.ts',
): Promise<ServerProcess> {
  const server = spawnServerProcess(env, script);
  return { ...server, url: await server.listening };
}

/**
 * `npm run <script> -- <args>` as the README gives it, in the given environment on top of the
 * quiet test one; resolves with its exit code and what it printed.
 */
export async function runNpmScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}
