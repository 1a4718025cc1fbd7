import { eq } from 'drizzle-orm';
import { userActivities } from '../../db/schema';
import { registerExportSection } from '../../core/export-sections';
import { personalityResult } from './personality';
import { loadPersonalityRow } from './present';
import { userSkillsOf } from './skills';
import { loadProfile } from './store';

/** What the profile stores about a person, for "export my data". */
registerExportSection('skills', (db, userId) => userSkillsOf(db, userId));
registerExportSection('profile', async (db, userId) => {
  const profile = await loadProfile(db, userId);
  if (!profile) return null;
  const { avatar, cv, ...rest } = profile;
  // Storage keys are ours; the person gets what the files are.
  const describe = (file: typeof cv) =>
    file && { name: file.name, size: file.size, uploaded_at: file.uploaded_at };
  return { ...rest, avatar: describe(avatar), cv: describe(cv) };
});
registerExportSection('self_assessment', async (db, userId) => {
  const row = await loadPersonalityRow(db, userId);
  return row && { ...row, result: personalityResult(row.answers) };
});
registerExportSection('activities', (db, userId) =>
  db.select().from(userActivities).where(eq(userActivities.userId, userId)),
);
