import type { z } from 'zod';
import type {
  formationRun,
  formationScore,
  startFormationBody,
  startedFormation,
} from '@contracts/team-formation';
import type { team } from '@contracts/workspace-teams';
import { HIDE_MESSAGE, http, type Envelope } from '@/lib/http';

export type FormationRun = z.infer<typeof formationRun>;
export type FormationScore = z.infer<typeof formationScore>;
export type StartFormation = z.input<typeof startFormationBody>;
type History = { runs: Omit<FormationRun, 'teams'>[] };

export const formationKeys = {
  all: ['team-formation'] as const,
  run: (token: string) => ['team-formation', 'run', token] as const,
  history: (workspaceId: number) => ['team-formation', 'history', workspaceId] as const,
};

const resource = async <T>(call: Promise<{ data: Envelope<T> }>) => (await call).data.resource;

/** Spec 7.2, 7.3: start a run, poll it, score hand edits, confirm, history. */
export const formationApi = {
  /** No "Forming teams…" toast: the page shows its own progress until the result is in. */
  start: (body: StartFormation) =>
    resource<z.infer<typeof startedFormation>>(http.post('teamformation', body, HIDE_MESSAGE)),
  run: (token: string) =>
    resource<{ run: FormationRun }>(http.get(`teamformation/${token}`)).then((r) => r.run),
  score: (token: string, teams: number[][]) =>
    resource<FormationScore>(http.post(`teamformation/${token}/score`, { teams })),
  confirm: (workspaceId: number, token: string, teams: number[][]) =>
    resource<{ teams: z.infer<typeof team>[] }>(
      http.post(`core/workspaces/${workspaceId}/team-formation`, { token, teams }),
    ),
  history: (workspaceId: number) =>
    resource<History>(http.get(`teamformation/history/${workspaceId}`)).then((r) => r.runs),
};
