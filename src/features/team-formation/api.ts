import type { z } from 'zod';
import type {
  formationRun,
  formationScore,
  startFormationBody,
  startedFormation,
} from '@contracts/team-formation';
import type { team } from '@contracts/workspace-teams';
import { api } from '@/lib/http';

export type FormationRun = z.infer<typeof formationRun>;
export type FormationScore = z.infer<typeof formationScore>;
export type StartFormation = z.input<typeof startFormationBody>;
type History = { runs: Omit<FormationRun, 'teams'>[] };

export const formationKeys = {
  all: ['team-formation'] as const,
  run: (token: string) => ['team-formation', 'run', token] as const,
  drop: (token: string) => api.post<object>(`teamformation/${token}/drop`),
  history: (workspaceId: number) => ['team-formation', 'history', workspaceId] as const,
};

/** Spec 7.2, 7.3: start a run, poll it, score hand edits, confirm, history. */
export const formationApi = {
  /** No "Forming teams…" toast: the page shows its own progress until the result is in. */
  start: (body: StartFormation) =>
    api.post<z.infer<typeof startedFormation>>('teamformation', body, { hideMessages: true }),
  run: (token: string) =>
    api.get<{ run: FormationRun }>(`teamformation/${token}`).then((r) => r.run),
  score: (token: string, teams: number[][]) =>
    api.post<FormationScore>(`teamformation/${token}/score`, { teams }),
  confirm: (workspaceId: number, token: string, teams: number[][]) =>
    api.post<{ teams: z.infer<typeof team>[] }>(`core/workspaces/${workspaceId}/team-formation`, {
      token,
      teams,
    }),
  drop: (token: string) => api.post<object>(`teamformation/${token}/drop`),
  history: (workspaceId: number) =>
    api.get<History>(`teamformation/history/${workspaceId}`).then((r) => r.runs),
};
