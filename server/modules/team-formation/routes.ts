import type { FastifyRequest } from 'fastify';
import {
  formationHistory as formationHistorySchema,
  formationRunResource,
  formationScore,
  formationTokenParam,
  scoreFormationBody,
  startedFormation,
  startFormationBody,
} from '@contracts/team-formation';
import { workspaceIdParam } from '@contracts/workspaces';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { computeRun } from './operations/compute-run';
import { dropRun } from './operations/drop-run';
import { formationHistory } from './operations/formation-history';
import { scoreSplit } from './operations/score-split';
import { showRun } from './operations/show-run';
import { startFormation } from './operations/start-formation';

/** Who reads a run's words: its texts and numbers come in the caller's language. */
const readerOf = (request: FastifyRequest) => ({ t: request.t, lang: request.lang });

/** The `teamformation` service (spec 7.3): start a run, poll it, score hand edits, history. */
export default async function teamFormationRoutes(app: App) {
  const { deps } = app;
  const tags = ['team formation'];
  const route = operationRoutes(app, tags);
  deps.jobs.on('team_formation.requested', 'compute', (event) =>
    computeRun(deps, event.payload.run_id),
  );

  route.post(
    '/',
    {
      summary: 'Start forming teams; answers at once with a token to poll',
      body: startFormationBody,
      answer: startedFormation,
      message: 'team-formation:messages.started',
    },
    (actor, request) => startFormation(deps, actor, request.body),
  );

  route.get(
    '/history/:id',
    {
      summary: "A workspace's past team-formation runs, newest first",
      params: workspaceIdParam,
      answer: formationHistorySchema,
    },
    (actor, request) =>
      answerAs(
        'runs',
        formationHistory(deps, actor, {
          workspaceId: request.params.id,
          reader: readerOf(request),
        }),
      ),
  );

  route.get(
    '/:token',
    {
      summary: 'A run: its status, the proposed teams and every metric',
      params: formationTokenParam,
      answer: formationRunResource,
    },
    (actor, request) =>
      answerAs(
        'run',
        showRun(deps, actor, { token: request.params.token, reader: readerOf(request) }),
      ),
  );

  route.post(
    '/:token/drop',
    {
      summary:
        'Drops a proposal nobody will confirm; it stays in the history, no longer offered to confirm',
      params: formationTokenParam,
      message: 'team-formation:messages.dropped_done',
    },
    (actor, request) => dropRun(deps, actor, request.params.token),
  );

  route.post(
    '/:token/score',
    {
      summary: "Every metric of the run's people split another way (e.g. two swapped)",
      params: formationTokenParam,
      body: scoreFormationBody,
      answer: formationScore,
    },
    (actor, request) =>
      scoreSplit(deps, actor, {
        token: request.params.token,
        teams: request.body.teams,
        lang: request.lang,
      }),
  );
}
