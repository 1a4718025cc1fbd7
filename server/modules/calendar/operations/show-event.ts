import type { Actor } from '../../../core/actor';
import type { CalendarDeps } from './deps';
import { loadEvent, presentEvent } from './event-rows';

/** One event, for its creator and its attendees. */
export async function showEvent(deps: CalendarDeps, actor: Actor, id: number) {
  const { event, attendeeIds } = await loadEvent(deps.db, actor, id);
  return presentEvent(deps.db, event, attendeeIds);
}
