import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ADMIN_TOKEN_HEADER, backupTaken, supervisorBody, supervisorMade } from '@contracts/admin';
import { envelope } from '@contracts/common';
import { deadJobs, deadJobsQuery } from '@contracts/jobs';
import { ok } from '../../http/envelope';
import { notFound, refusal } from '../../http/errors';
import type { App } from '../../http/types';
import { makeSupervisor } from './operations/make-supervisor';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket reports those). */
const LOOPBACK = /^(?:(?:::ffff:)?127(?:\.\d{1,3}){3}|::1)$/i;
/** A proxy on this machine makes every caller look local; the headers it adds give it away. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'];

/**
 * The operator's scripts while the server owns the embedded database (they cannot open it
 * beside the server: issue 27). Open to no one but a process on this machine showing the token
 * the server wrote into DATA_DIR's lock, readable by the same OS user only: the peer address
 * must be loopback (the socket's, never X-Forwarded-For's), and a loopback request that came
 * through a proxy is refused even with the token.
 */
export default async function adminRoutes(app: App) {
  app.addHook('onRequest', async (request) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    if (!LOOPBACK.test(peer) || PROXY_HEADERS.some((name) => name in request.headers)) {
      throw refusal(403, 'admin_local_only', 'admin:errors.local_only');
    }
    if (!tokenMatches(request, app.deps.adminToken)) {
      throw refusal(403, 'admin_token_refused', 'admin:errors.token_refused');
    }
  });

  app.post(
    '/supervisors',
    {
      schema: {
        tags: ['operations'],
        summary: 'Make an account a supervisor (npm run user:supervisor; this machine only)',
        body: supervisorBody,
        response: { 200: envelope(supervisorMade) },
      },
      config: { public: true },
    },
    async (request) => {
      if (!(await makeSupervisor(app.deps.db, request.body))) {
        throw notFound('admin:errors.no_account', { email: request.body.email });
      }
      return ok(
        { email: request.body.email },
        { key: 'admin:supervisor_made', params: { email: request.body.email } },
      );
    },
  );

  app.get(
    '/jobs/dead',
    {
      schema: {
        tags: ['operations'],
        summary: 'Jobs that failed every retry (npm run jobs:dead; this machine only)',
        querystring: deadJobsQuery,
        response: { 200: envelope(deadJobs) },
      },
      config: { public: true },
    },
    async (request) => ok({ jobs: await app.deps.jobs.deadLetters(request.query.limit) }),
  );

  app.post(
    '/backups',
    {
      schema: {
        tags: ['operations'],
        summary: 'Back up the embedded database now (npm run db:backup; this machine only)',
        response: { 201: envelope(backupTaken) },
      },
      config: { public: true },
    },
    async (_request, reply) => {
      const embedded = app.deps.database.embedded;
      if (!embedded) throw refusal(409, 'not_embedded', 'admin:errors.not_embedded');
      const backup = await embedded.backup('manual');
      return reply
        .status(201)
        .send(
          ok({ file: backup.file, taken_at: backup.takenAt.toISOString(), reason: backup.reason }),
        );
    },
  );
}

/** Compared by digest, so neither the length nor the content leaks through timing. */
function tokenMatches(request: FastifyRequest, expected: string | undefined): boolean {
  const given = request.headers[ADMIN_TOKEN_HEADER];
  if (!expected || typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
