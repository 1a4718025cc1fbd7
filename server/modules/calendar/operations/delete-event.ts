import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { calendarEvents } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { isOccurrence, lastEnd } from '../recurrence';
import type { CalendarDeps } from './deps';
import { loadEvent } from './event-rows';

/**
 * Deletes the caller's event, or with `occurrence` (an occurrence's original start) only that
 * occurrence: it becomes an exception of the rule (EXDATE).
 */
export async function deleteEvent(
  deps: CalendarDeps,
  actor: Actor,
  input: { id: number; occurrence?: string },
) {
  const { event } = await loadEvent(deps.db, actor, input.id, { change: true });
  if (input.occurrence === undefined) {
    await deps.db.delete(calendarEvents).where(eq(calendarEvents.id, event.id));
    return;
  }
  const at = new Date(input.occurrence);
  if (!event.rrule || !isOccurrence(event, at)) {
    throw validationFailed({ occurrence: 'calendar:messages.occurrence_unknown' });
  }
  const exdates = [...new Set([...event.exdates, at.toISOString()])].sort();
  await deps.db
    .update(calendarEvents)
    .set({
      exdates,
      lastEndAt: lastEnd({ ...event, exdates }),
      sequence: sql`${calendarEvents.sequence} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(calendarEvents.id, event.id));
}
