import { sql } from 'drizzle-orm';

/*
 * Pieces of the check-in queries over an objective `o`, shared by the reminder job and the
 * to-do list so both agree on when a check-in is due and who owes it.
 */

/** The last check-in on the objective or any of its key results, else its creation. */
export const lastCheckInAt = sql.raw(`greatest(
  o.created_at,
  (select max(a.created_at) from key_result_answers a
     join key_results k on k.id = a.key_result_id where k.objective_id = o.id),
  (select max(a.created_at) from objective_answers a where a.objective_id = o.id)
)`);

/** Who owes the check-in: the owners of the objective and its key results, else its creator. */
export const checkInOwnerIds = sql.raw(`coalesce(
  nullif(array(
    select user_id from objective_owners where objective_id = o.id
    union
    select ko.user_id from key_result_owners ko
      join key_results k on k.id = ko.key_result_id where k.objective_id = o.id
  ), '{}'),
  array_remove(array[o.created_by], null)
)`);
