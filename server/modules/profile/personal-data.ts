import { eq, isNotNull } from 'drizzle-orm';
import type { AccountDeletion, ExportSection, FileReferences } from '../../core/area';
import { deleteRowsOfPerson, personRows, rowsOfPerson } from '../../core/export-sections';
import type { DbOrTx } from '../../db/client';
import {
  personalityAnswers,
  skills,
  userActivities,
  userProfiles,
  users,
  userSkills,
} from '../../db/schema';
import { avatarKeyOf } from './files';
import { personalityResult } from './personality';
import { loadPersonalityRow } from './present';
import { userSkillsOf } from './skills';
import { loadProfile } from './store';

/** What the profile stores about a person, for "export my data". */
export const exportSections: ExportSection[] = [
  { name: 'skills', tables: [userSkills], read: (db, userId) => userSkillsOf(db, userId) },
  {
    name: 'profile',
    tables: [userProfiles],
    read: async (db, userId) => {
      const profile = await loadProfile(db, userId);
      if (!profile) return null;
      const { avatar, cv, ...rest } = profile;
      // Storage keys are ours; the person gets what the files are.
      const describe = (file: typeof cv) =>
        file && { name: file.name, size: file.size, uploaded_at: file.uploaded_at };
      return { ...rest, avatar: describe(avatar), cv: describe(cv) };
    },
  },
  {
    name: 'self_assessment',
    tables: [personalityAnswers],
    read: async (db, userId) => {
      const row = await loadPersonalityRow(db, userId);
      return row && { ...row, result: personalityResult(row.answers) };
    },
  },
  personRows('activities', userActivities.userId),
  personRows('skills_added_to_catalogue', skills.createdBy, {
    name: skills.name,
    workspace_id: skills.workspaceId,
    created_at: skills.createdAt,
  }),
];

/** The profile is the person's own: it goes with the account. */
export const accountDeletion: AccountDeletion = {
  erases: [userProfiles, personalityAnswers, userSkills, userActivities],
  // A skill someone added to the catalogue is others' vocabulary too; only its author goes.
  keeps: [skills],
  async erase(tx, userId) {
    await deleteRowsOfPerson(
      tx,
      userId,
      userProfiles.userId,
      personalityAnswers.userId,
      userSkills.userId,
      userActivities.userId,
    );
    await tx.update(skills).set({ createdBy: null }).where(eq(skills.createdBy, userId));
  },
};

/**
 * A person's picture and CV: `user_profiles.avatar` and `.cv` (jsonb `{ key, ... }`), and
 * `users.avatar_url`, the address the picture is served from, which holds its key.
 */
export const files: FileReferences = {
  columns: [userProfiles.avatar, userProfiles.cv, users.avatarUrl],
  async all(db) {
    const [profiles, people] = await Promise.all([
      db.select({ avatar: userProfiles.avatar, cv: userProfiles.cv }).from(userProfiles),
      db.select({ url: users.avatarUrl }).from(users).where(isNotNull(users.avatarUrl)),
    ]);
    return keysOf(profiles, people);
  },
  ofPerson: (db, userId) => personalKeys(db, userId),
};

async function personalKeys(db: DbOrTx, userId: number) {
  const [profiles, people] = await Promise.all([
    rowsOfPerson(db, userProfiles.userId, userId, {
      avatar: userProfiles.avatar,
      cv: userProfiles.cv,
    }),
    db.select({ url: users.avatarUrl }).from(users).where(eq(users.id, userId)),
  ]);
  return keysOf(profiles, people);
}

function keysOf(
  profiles: { avatar: { key?: string } | null; cv: { key?: string } | null }[],
  people: { url: string | null }[],
): string[] {
  const keys: string[] = [];
  for (const { avatar, cv } of profiles) {
    for (const file of [avatar, cv]) if (file?.key) keys.push(file.key);
  }
  for (const { url } of people) {
    const key = avatarKeyOf(url);
    if (key) keys.push(key);
  }
  return keys;
}
