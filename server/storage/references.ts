import { eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  assessmentEvaluables,
  assessmentFiles,
  assessments,
  chatMessageFiles,
  taskFiles,
  tasks,
  teams,
  userProfiles,
  users,
} from '../db/schema';
import { avatarKeyOf } from '../modules/profile';

/**
 * The one place that knows which columns name stored files:
 * - `task_files.storage_key`: files handed in on tasks and tasks' own attachments;
 * - `assessment_files.storage_key`: files on assessment answers;
 * - `chat_message_files.storage_key`: files sent in chats;
 * - `user_profiles.avatar` and `user_profiles.cv` (jsonb `{ key, ... }`): a person's picture and CV;
 * - `users.avatar_url` and `teams.avatar_url`: the address a picture is served from, which holds
 *   its key (see avatarKeyOf).
 * A new column naming files must be added here, or the sweep takes its files for orphans.
 */
export async function referencedKeys(db: DbOrTx): Promise<Set<string>> {
  const [files, answerFiles, chatFiles, profiles, people, teamRows] = await Promise.all([
    db.select({ key: taskFiles.storageKey }).from(taskFiles),
    db.select({ key: assessmentFiles.storageKey }).from(assessmentFiles),
    db.select({ key: chatMessageFiles.storageKey }).from(chatMessageFiles),
    db.select({ avatar: userProfiles.avatar, cv: userProfiles.cv }).from(userProfiles),
    db.select({ url: users.avatarUrl }).from(users).where(isNotNull(users.avatarUrl)),
    db.select({ url: teams.avatarUrl }).from(teams).where(isNotNull(teams.avatarUrl)),
  ]);
  const keys = new Set<string>([...files, ...answerFiles, ...chatFiles].map((f) => f.key));
  for (const { avatar, cv } of profiles) addProfileKeys(keys, avatar, cv);
  for (const { url } of [...people, ...teamRows]) addAvatarKey(keys, url);
  return keys;
}

/** The files of a workspace: its tasks' files and its teams' pictures. */
export async function workspaceFileKeys(db: DbOrTx, workspaceId: number): Promise<string[]> {
  const [files, teamRows] = await Promise.all([
    db
      .select({ key: taskFiles.storageKey })
      .from(taskFiles)
      .where(
        inArray(
          taskFiles.taskId,
          db.select({ id: tasks.id }).from(tasks).where(eq(tasks.workspaceId, workspaceId)),
        ),
      ),
    db.select({ url: teams.avatarUrl }).from(teams).where(eq(teams.workspaceId, workspaceId)),
  ]);
  const answerFiles = await db
    .select({ key: assessmentFiles.storageKey })
    .from(assessmentFiles)
    .innerJoin(assessmentEvaluables, eq(assessmentEvaluables.id, assessmentFiles.evaluableId))
    .innerJoin(assessments, eq(assessments.id, assessmentEvaluables.assessmentId))
    .where(eq(assessments.workspaceId, workspaceId));
  const keys = new Set<string>([...files, ...answerFiles].map((f) => f.key));
  for (const { url } of teamRows) addAvatarKey(keys, url);
  return [...keys];
}

/** A person's own files: picture and CV (work handed in on tasks belongs to the workspace). */
export async function personalFileKeys(db: DbOrTx, userId: number): Promise<string[]> {
  const [profile] = await db
    .select({ avatar: userProfiles.avatar, cv: userProfiles.cv })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const [person] = await db
    .select({ url: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId));
  const keys = new Set<string>();
  addProfileKeys(keys, profile?.avatar, profile?.cv);
  addAvatarKey(keys, person?.url ?? null);
  return [...keys];
}

function addProfileKeys(
  keys: Set<string>,
  ...files: ({ key?: string } | null | undefined)[]
): void {
  for (const file of files) if (file?.key) keys.add(file.key);
}

function addAvatarKey(keys: Set<string>, url: string | null): void {
  const key = avatarKeyOf(url);
  if (key) keys.add(key);
}
