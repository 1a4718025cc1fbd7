import type { Actor } from '../../../core/actor';
import { presentRun, privacyOfRun, type RunReader } from '../present';
import type { TeamFormationDeps } from './deps';
import { requireRun, viewerOf } from './runs';

/** A run: its status, the proposed teams and every metric. */
export async function showRun(
  deps: TeamFormationDeps,
  actor: Actor,
  input: { token: string; reader: RunReader },
) {
  const run = await requireRun(deps, actor, input.token);
  const privacy = await privacyOfRun(deps.db, viewerOf(actor), run);
  return presentRun(deps.db, privacy, run, input.reader);
}
