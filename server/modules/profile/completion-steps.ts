import { sql } from 'drizzle-orm';
import { personalityAnswers, userProfiles, userSkills } from '../../db/schema';
import { registerCompletionCheck } from './completion';

/** The profile steps of spec 2.12 beyond basic information: skills, availability, self-assessment. */
registerCompletionCheck(
  'skills',
  (userId) => sql`exists (select 1 from ${userSkills} where ${userSkills.userId} = ${userId})`,
);
registerCompletionCheck(
  'availability',
  (userId) =>
    sql`exists (select 1 from ${userProfiles} where ${userProfiles.userId} = ${userId} and jsonb_array_length(${userProfiles.availability}) > 0)`,
);
registerCompletionCheck(
  'personality',
  (userId) =>
    sql`exists (select 1 from ${personalityAnswers} where ${personalityAnswers.userId} = ${userId} and ${personalityAnswers.completedAt} is not null)`,
);
