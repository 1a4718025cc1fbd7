import { and, count, eq, isNull } from 'drizzle-orm';
import { teamMembers } from '../../db/schema';
import { registerPerformanceMetric } from '../../core/performance-metrics';

registerPerformanceMetric('teams', 'profile', async (db, person) => {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, person.id), isNull(teamMembers.deletedAt)));
  return row.n;
});
