import type { FieldGroup, PeoplePrivacy } from '../auth/privacy';
import type { DbOrTx } from '../db/client';
import type { UserRow } from '../db/schema';

/**
 * Figures on a person's profile page ("page information / performance"). Each module that
 * knows something countable about a person's work registers it here (tasks submitted, teams),
 * with the field groups the figure reads, so a viewer only gets the figures they may see.
 */
type PerformanceMetric = (db: DbOrTx, person: UserRow) => Promise<number>;

const metrics = new Map<string, { groups: () => FieldGroup[]; metric: PerformanceMetric }>();

export function registerPerformanceMetric(
  key: string,
  groups: FieldGroup | (() => FieldGroup[]),
  metric: PerformanceMetric,
) {
  metrics.set(key, { groups: typeof groups === 'string' ? () => [groups] : groups, metric });
}

/** The figures the viewer may see; a figure made of a hidden group is left out. */
export async function performanceOf(db: DbOrTx, privacy: PeoplePrivacy, person: UserRow) {
  const entries = [...metrics.entries()].filter(([, { groups }]) =>
    privacy.seesAll([person.id], groups()),
  );
  const values = await Promise.all(entries.map(([, { metric }]) => metric(db, person)));
  return entries.map(([key], i) => ({ key, value: values[i] }));
}
