import type { TaskPerson, TaskTeam } from '@contracts/tasks';
import type { TaskAssignmentRow } from '../../db/schema';
import { isHandedIn } from './policy';

export interface PersonUnit {
  person: TaskPerson;
  team: { id: number; name: string } | null;
  unit: TaskAssignmentRow;
}

/**
 * One row per assigned person and unit: a person assigned on their own, and every current
 * member of an assigned team (with the team's unit).
 */
export function peopleOfUnits(
  units: readonly TaskAssignmentRow[],
  people: ReadonlyMap<number, TaskPerson>,
  teamsById: ReadonlyMap<number, TaskTeam>,
): PersonUnit[] {
  const rows: PersonUnit[] = [];
  for (const unit of units) {
    if (unit.userId !== null) {
      const person = people.get(unit.userId);
      if (person) rows.push({ person, team: null, unit });
    } else if (unit.teamId !== null) {
      const team = teamsById.get(unit.teamId);
      for (const person of team?.members ?? []) {
        rows.push({ person, team: { id: team!.id, name: team!.name }, unit });
      }
    }
  }
  return rows;
}

/**
 * The share of assigned people (each counted once) whose work is handed in, through any of
 * their units, in whole percent. Nobody assigned is 0%.
 */
export function submittedPercentage(rows: readonly PersonUnit[]): number {
  const done = new Map<number, boolean>();
  for (const row of rows) {
    done.set(row.person.id, (done.get(row.person.id) ?? false) || isHandedIn(row.unit.status));
  }
  if (done.size === 0) return 0;
  const handedIn = [...done.values()].filter(Boolean).length;
  return Math.round((handedIn * 100) / done.size);
}
