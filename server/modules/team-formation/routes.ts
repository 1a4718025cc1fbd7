import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { envelope } from '@contracts/common';
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
import type { AppDeps } from '../../context';
import { teamFormationRuns, type TeamFormationRunRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { scoreTeams, TeamFormationInputError } from '../../teamformation';
import { requireWorkspacePermission } from '../workspaces/access';
import { buildFormationRequest } from './cohort';
import { runEngine } from './engine';
import { nameMissingSkills, presentRun, requestOf } from './present';

/** A run nobody finished in this long died with its process; it is reported as failed. */
const STALE_AFTER_MS = 10 * 60_000;

/** Computes a run and stores the outcome, so any process can answer the poll. */
async function compute(deps: AppDeps, run: TeamFormationRunRow) {
  const { db } = deps;
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

/** Marks runs of a workspace that were left unfinished by a stopped process as failed. */
async function failStaleRuns(deps: AppDeps, workspaceId: number) {
  await deps.db
    .update(teamFormationRuns)
    .set({ status: 'failed', error: 'timed_out', finishedAt: new Date() })
    .where(
      and(
        eq(teamFormationRuns.workspaceId, workspaceId),
        inArray(teamFormationRuns.status, ['queued', 'running']),
        lt(teamFormationRuns.createdAt, new Date(Date.now() - STALE_AFTER_MS)),
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
      const [run] = await db
        .insert(teamFormationRuns)
        .values({
          workspaceId: body.workspace_id,
          options: body as unknown as Record<string, unknown>,
          request: engineRequest as unknown as Record<string, unknown>,
          createdBy: access.userId,
        })
        .returning();
      void compute(deps, run).catch((error) => request.log.error(error, 'team formation failed'));
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
      const presented = await Promise.all(runs.map((run) => presentRun(db, run, request.lang)));
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
      return ok({ run: await presentRun(db, run, request.lang) });
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
      try {
        const scored = scoreTeams(requestOf(run), request.body.teams);
        return ok({
          ...scored,
          team_metrics: await nameMissingSkills(db, scored.team_metrics, request.lang),
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
