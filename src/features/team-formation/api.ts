import type { z } from 'zod';
import type { formationRun, formationScore, startFormationBody } from '@contracts/team-formation';
import { teamFormationEndpoints as endpoints } from '@contracts/endpoints/team-formation';
import { api } from '@/lib/http';

export type FormationRun = z.infer<typeof formationRun>;
export type FormationScore = z.infer<typeof formationScore>;
export type StartFormation = z.input<typeof startFormationBody>;

export const formationKeys = {
  all: ['team-formation'] as const,
  run: (token: string) => ['team-formation', 'run', token] as const,
  history: (workspaceId: number) => ['team-formation', 'history', workspaceId] as const,
  /** Public workspaces of the team generator (spec 7.8), by what was searched. */
  publicWorkspaces: (search: string) => ['team-generator', 'public', search] as const,
};

/** Spec 7.2, 7.3: start a run, poll it, score hand edits, confirm, history. */
export const formationApi = {
  /** No "Forming teams…" toast: the page shows its own progress until the result is in. */
  start: (body: StartFormation) => api.call(endpoints.start, { body }, { hideMessages: true }),
  run: (token: string) => api.call(endpoints.run, { params: { token } }).then((r) => r.run),
  score: (token: string, teams: number[][]) =>
    api.call(endpoints.score, { params: { token }, body: { teams } }),
  confirm: (workspaceId: number, token: string, teams: number[][]) =>
    api.call(endpoints.confirm, { params: { id: workspaceId }, body: { token, teams } }),
  drop: (token: string) => api.call(endpoints.drop, { params: { token } }),
  history: (workspaceId: number) =>
    api.call(endpoints.history, { params: { id: workspaceId } }).then((r) => r.runs),
};
