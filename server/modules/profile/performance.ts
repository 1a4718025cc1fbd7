import { and, count, eq, ne } from 'drizzle-orm';
import { registerPerformanceMetric } from '../../core/performance-metrics';
import { userSkills, workspaceMembers } from '../../db/schema';
import { completionGroups, profileCompletionPercent } from './completion';
import { loadPersonalityRow } from './present';
import { answeredCount } from './personality';
import { loadProfile } from './store';

registerPerformanceMetric('profile_completion_percent', completionGroups, profileCompletionPercent);
registerPerformanceMetric('workspaces', 'profile', async (db, person) => {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, person.id), ne(workspaceMembers.role, 'deactive')));
  return row.n;
});
registerPerformanceMetric('skills', 'skills', async (db, person) => {
  const [row] = await db
    .select({ n: count() })
    .from(userSkills)
    .where(eq(userSkills.userId, person.id));
  return row.n;
});
registerPerformanceMetric(
  'availability_hours',
  'availability',
  async (db, person) => (await loadProfile(db, person.id))?.availability.length ?? 0,
);
registerPerformanceMetric('self_assessment_answered', 'personality', async (db, person) =>
  answeredCount((await loadPersonalityRow(db, person.id))?.answers ?? {}),
);
