import { eq } from 'drizzle-orm';
import { userSkills } from '../../db/schema';
import { registerCompletionCheck } from './completion';
import { loadPersonalityRow } from './present';
import { loadProfile } from './store';

/** The profile steps of spec 2.12 beyond basic information: skills, availability, self-assessment. */
registerCompletionCheck('skills', async (db, user) => {
  const [row] = await db
    .select({ skillId: userSkills.skillId })
    .from(userSkills)
    .where(eq(userSkills.userId, user.id))
    .limit(1);
  return Boolean(row);
});
registerCompletionCheck(
  'availability',
  async (db, user) => ((await loadProfile(db, user.id))?.availability.length ?? 0) > 0,
);
registerCompletionCheck(
  'personality',
  async (db, user) => (await loadPersonalityRow(db, user.id))?.completedAt != null,
);
