import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { emptyResource, envelope } from '@contracts/common';
import {
  formationHistory,
  formationRunResource,
  formationScore,
  formationTokenParam,
  scoreFormationBody,
  startedFormation,
  startFormationBody,
} from '@contracts/team-formation';
import { workspaceIdParam } from '@contracts/workspaces';
import { requireAuth } from '../../auth/guard';
import type { AppDeps } from '../../context';
import { teamFormationRuns } from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { recordEvent } from '../../jobs';
import { scoreTeams, TeamFormationInputError } from '../../teamformation';
import { requireWorkspacePermission } from '../../core/workspace-access';
import { buildFormationRequest } from './cohort';
import { runEngine } from './engine';
import {
  nameMissingSkills,
  presentEvaluation,
  presentRun,
  privacyOfRun,
  requestOf,
  RUN_INTERRUPTED,
} from './present';

declare module '../../jobs' {
  interface DomainEvents {
    'team_formation.requested': { run_id: number };
  }
}

/**
 * Computes a run as a job and stores the outcome, so any process can answer the poll. A run
 * whose process died is taken up again once its job's lease ends (docs/decisions/events-and-jobs.md);
 * one already finished is left as it is.
 */
async function compute(deps: AppDeps, runId: number) {
  const { db } = deps;
  const [run] = await db.select().from(teamFormationRuns).where(eq(teamFormationRuns.id, runId));
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  try {
    await db
      .update(teamFormationRuns)
      .set({ status: 'running', startedAt: new Date() })
      .where(eq(teamFormationRuns.id, run.id));
    const result = await runEngine(requestOf(run));
    await db
      .update(teamFormationRuns)
      .set({
        status: 'done',
        result: result as unknown as Record<string, unknown>,
        finishedAt: new Date(),
      })
      .where(eq(teamFormationRuns.id, run.id));
  } catch (error) {
    await db
      .update(teamFormationRuns)
      .set({ status: 'failed', error: (error as Error).message, finishedAt: new Date() })
      .where(eq(teamFormationRuns.id, run.id));
  }
}

/**
 * Marks runs of a workspace as failed that even the job's retries did not finish: each try
 * holds a lease, and after three a run still unfinished is not going to be.
 */
async function failStaleRuns(deps: AppDeps, workspaceId: number) {
  const staleAfterMs = Math.max(10 * 60_000, 4 * deps.config.JOBS_LEASE_SECONDS * 1000);
  await deps.db
    .update(teamFormationRuns)
    .set({ status: 'failed', error: RUN_INTERRUPTED, finishedAt: new Date() })
    .where(
      and(
        eq(teamFormationRuns.workspaceId, workspaceId),
        inArray(teamFormationRuns.status, ['queued', 'running']),
        lt(teamFormationRuns.createdAt, new Date(Date.now() - staleAfterMs)),
      ),
    );
}

/** The run behind a token, for someone who may form teams in its workspace. */
export async function requireRun(request: FastifyRequest, deps: AppDeps, token: string) {
  const [run] = await deps.db
    .select()
    .from(teamFormationRuns)
    .where(eq(teamFormationRuns.token, token));
  if (!run) throw notFound('team-formation:messages.run_not_found');
  await requireWorkspacePermission(request, deps.db, run.workspaceId, 'form_teams');
  await failStaleRuns(deps, run.workspaceId);
  const [fresh] = await deps.db
    .select()
    .from(teamFormationRuns)
    .where(eq(teamFormationRuns.id, run.id));
  return fresh;
}

/** The `teamformation` service (spec 7.3): start a run, poll it, score hand edits, history. */
export default async function teamFormationRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;
  const tags = ['team formation'];
  deps.jobs.on('team_formation.requested', 'compute', (event) =>
    compute(deps, event.payload.run_id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Start forming teams; answers at once with a token to poll',
        body: startFormationBody,
        response: { 200: envelope(startedFormation) },
      },
    },
    async (request) => {
      const body = request.body;
      const access = await requireWorkspacePermission(request, db, body.workspace_id, 'form_teams');
      const engineRequest = await buildFormationRequest(db, body);
      const run = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(teamFormationRuns)
          .values({
            workspaceId: body.workspace_id,
            options: body as unknown as Record<string, unknown>,
            request: engineRequest as unknown as Record<string, unknown>,
            createdBy: access.userId,
          })
          .returning();
        await recordEvent(tx, 'team_formation.requested', { run_id: row.id });
        return row;
      });
      return ok({ token: run.token, status: run.status }, 'team-formation:messages.started');
    },
  );

  app.get(
    '/history/:id',
    {
      schema: {
        tags,
        summary: "A workspace's past team-formation runs, newest first",
        params: workspaceIdParam,
        response: { 200: envelope(formationHistory) },
      },
    },
    async (request) => {
      await requireWorkspacePermission(request, db, request.params.id, 'form_teams');
      await failStaleRuns(deps, request.params.id);
      const runs = await db
        .select()
        .from(teamFormationRuns)
        .where(eq(teamFormationRuns.workspaceId, request.params.id))
        .orderBy(desc(teamFormationRuns.createdAt), desc(teamFormationRuns.id))
        .limit(50);
      const viewer = requireAuth(request).user;
      const presented = await Promise.all(
        runs.map(async (run) => presentRun(db, await privacyOfRun(db, viewer, run), run, request)),
      );
      return ok({ runs: presented.map(({ teams: _teams, ...summary }) => summary) });
    },
  );

  app.get(
    '/:token',
    {
      schema: {
        tags,
        summary: 'A run: its status, the proposed teams and every metric',
        params: formationTokenParam,
        response: { 200: envelope(formationRunResource) },
      },
    },
    async (request) => {
      const run = await requireRun(request, deps, request.params.token);
      const privacy = await privacyOfRun(db, requireAuth(request).user, run);
      return ok({ run: await presentRun(db, privacy, run, request) });
    },
  );

  app.post(
    '/:token/drop',
    {
      schema: {
        tags,
        summary:
          'Drops a proposal nobody will confirm; it stays in the history, no longer offered to confirm',
        params: formationTokenParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const run = await requireRun(request, deps, request.params.token);
      if (run.status === 'confirmed') throw conflict('team-formation:messages.already_confirmed');
      if (run.status === 'queued' || run.status === 'running') {
        throw conflict('team-formation:messages.not_ready');
      }
      // Only a proposal still open (or one that failed) is dropped; a confirmation that won
      // meanwhile stands.
      const dropped = await db
        .update(teamFormationRuns)
        .set({ status: 'dropped' })
        .where(
          and(
            eq(teamFormationRuns.id, run.id),
            inArray(teamFormationRuns.status, ['done', 'failed', 'dropped']),
          ),
        )
        .returning({ id: teamFormationRuns.id });
      if (dropped.length === 0) throw conflict('team-formation:messages.already_confirmed');
      return ok({}, 'team-formation:messages.dropped_done');
    },
  );

  app.post(
    '/:token/score',
    {
      schema: {
        tags,
        summary: "Every metric of the run's people split another way (e.g. two swapped)",
        params: formationTokenParam,
        body: scoreFormationBody,
        response: { 200: envelope(formationScore) },
      },
    },
    async (request) => {
      const run = await requireRun(request, deps, request.params.token);
      const split = request.body.teams;
      try {
        const evaluation = scoreTeams(requestOf(run), split);
        const privacy = await privacyOfRun(db, requireAuth(request).user, run);
        const shown = presentEvaluation(privacy, requestOf(run), split, evaluation);
        return ok({
          ...shown,
          team_metrics: await nameMissingSkills(db, shown.team_metrics, request.lang),
        });
      } catch (error) {
        if (error instanceof TeamFormationInputError) {
          throw validationFailed({ teams: 'team-formation:messages.not_a_split' });
        }
        throw error;
      }
    },
  );
}
