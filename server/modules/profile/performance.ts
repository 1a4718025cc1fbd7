import { and, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userSkills, workspaceMembers, type UserRow } from '../../db/schema';
import { profileCompletionPercent } from './completion';
import { loadPersonalityRow } from './present';
import { answeredCount } from './personality';
import { loadProfile } from './store';

/**
 * Figures on a person's profile page ("page information / performance"). Each module that
 * knows something countable about a person's work registers it here (tasks submitted, teams).
 */
type PerformanceMetric = (db: DbOrTx, person: UserRow) => Promise<number>;

const metrics = new Map<string, PerformanceMetric>();

export function registerPerformanceMetric(key: string, metric: PerformanceMetric) {
  metrics.set(key, metric);
}

registerPerformanceMetric('profile_completion_percent', profileCompletionPercent);
registerPerformanceMetric('workspaces', async (db, person) => {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, person.id), ne(workspaceMembers.role, 'deactive')));
  return row.n;
});
registerPerformanceMetric('skills', async (db, person) => {
  const [row] = await db
    .select({ n: count() })
    .from(userSkills)
    .where(eq(userSkills.userId, person.id));
  return row.n;
});
registerPerformanceMetric(
  'availability_hours',
  async (db, person) => (await loadProfile(db, person.id))?.availability.length ?? 0,
);
registerPerformanceMetric('self_assessment_answered', async (db, person) =>
  answeredCount((await loadPersonalityRow(db, person.id))?.answers ?? {}),
);

export async function performanceOf(db: DbOrTx, person: UserRow) {
  const entries = [...metrics.entries()];
  const values = await Promise.all(entries.map(([, metric]) => metric(db, person)));
  return entries.map(([key], i) => ({ key, value: values[i] }));
}
