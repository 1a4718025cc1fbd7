import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppDeps } from '../context';
import { notFound, unauthorized } from './errors';
import type { App } from './types';

/**
 * Prometheus metrics at `/metrics` (docs/decisions/scale-out.md): requests by route, method and
 * status, their latency, errors; the job queue's depth and failures; sockets; the database
 * pool; Node's own (memory, event loop, GC). Each app has its own registry. Served only to
 * `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN the route answers 404.
 */
export function registerMetrics(app: App, deps: AppDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'teamloop_' });
  const requests = new Counter({
    name: 'teamloop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'teamloop_http_request_errors_total',
    help: 'HTTP requests answered with a 5xx, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'teamloop_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'teamloop_sockets',
    help: 'Sockets connected to this process',
    registers: [registry],
    collect() {
      this.set(deps.realtime.socketCount());
    },
  });
  new Gauge({
    name: 'teamloop_db_pool_connections',
    help: 'PostgreSQL pool of this process: total, idle, waiting clients, max',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.database.pool?.stats();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'teamloop_jobs',
    help: 'Jobs in the database by queue and state (created, retry, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await deps.jobs.depth()) {
          this.set({ queue: row.queue, state: row.state }, row.count);
        }
      } catch {
        // The database is away: teamloop_up says so, the rest keeps answering.
      }
    },
  });
  new Counter({
    name: 'teamloop_job_failures_total',
    help: 'Job runs that failed in this process (each retry counts)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.jobs.failureCount());
    },
  });
  new Gauge({
    name: 'teamloop_database_up',
    help: '1 when the database answers',
    registers: [registry],
    async collect() {
      this.set((await deps.database.ping()) ? 1 : 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route };
    const status = String(reply.statusCode);
    requests.inc({ ...labels, status });
    if (reply.statusCode >= 500) errors.inc({ ...labels, status });
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const token = deps.config.METRICS_TOKEN;
  app.get(
    '/metrics',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!token) throw notFound();
      const given = Buffer.from(request.headers.authorization ?? '');
      const expected = Buffer.from(`Bearer ${token}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw unauthorized();
      const body = await registry.metrics();
      return reply.header('content-type', registry.contentType).send(body);
    },
  );
}
