import type { Actor } from '../../../../core/actor';
import type { WorkspacesDeps } from '../../deps';
import { loadSchedule } from '../load';
import { presentSchedule } from '../schedule';

/** One schedule. */
export async function showSchedule(deps: WorkspacesDeps, actor: Actor, id: number) {
  return presentSchedule(await loadSchedule(deps.db, actor, id, false));
}
