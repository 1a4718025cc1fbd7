import { sql } from 'drizzle-orm';
import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_KINDS } from '../../../contracts/profile';
import { personId, users } from './users';
import { workspaces } from './workspaces';
import {
  createdAt,
  jsonList,
  jsonObject,
  optionalParentRef,
  parentKey,
  parentRef,
  serialId,
  timestampTz,
  updatedAt,
  weakRef,
} from './columns';

/**
 * The skills catalogue (`core/skills`). The shipped list (seeded at start-up, with a Vietnamese
 * name and a category) is for everyone; a workspace's own skills (`workspace_id`) are seen only
 * in that workspace. A skill someone types joins the shared list. `search_key` holds both names
 * in lower case without accents, so "ky nang" finds "Kỹ năng". Names are unique per scope
 * regardless of case.
 */
export const skills = pgTable(
  'skills',
  {
    id: serialId(),
    name: text('name').notNull(),
    nameVi: text('name_vi'),
    category: text('category'),
    workspaceId: optionalParentRef('workspace_id', () => workspaces.id),
    searchKey: text('search_key').notNull().default(''),
    createdBy: weakRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('skills_scope_name_unique').on(
      sql`coalesce(${t.workspaceId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('skills_workspace_idx').on(t.workspaceId),
  ],
);

export const userSkills = pgTable(
  'user_skills',
  {
    userId: personId('user_id'),
    skillId: parentRef('skill_id', () => skills.id),
    /** Self-rated 1 (beginner) to 5 (expert); null when not rated. */
    level: smallint('level'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skillId] }),
    index('user_skills_skill_idx').on(t.skillId),
  ],
);

export interface StoredFile {
  /** The storage key the file was saved under. */
  key: string;
  name: string;
  size: number;
  mime_type: string;
  uploaded_at: string;
}

/** The parts of a profile that do not fit the users row: one row per person, made on first save. */
export const userProfiles = pgTable('user_profiles', {
  userId: parentKey('user_id', () => users.id),
  /** Free hours of the week in UTC: day * 24 + hour, Monday 00:00 UTC = 0, up to 167. */
  availability: jsonList<number>('availability'),
  availabilityUpdatedAt: timestampTz('availability_updated_at'),
  /** The uploaded picture; `users.avatar_url` is the address it is served from. */
  avatar: jsonb('avatar').$type<StoredFile | null>(),
  cv: jsonb('cv').$type<StoredFile | null>(),
  /** How a person likes to work (roles, work style, meetings), shown on the profile. */
  workPreferences: jsonObject('work_preferences'),
  updatedAt: updatedAt(),
});

/**
 * Answers to the IPIP 50-item self-assessment, keyed by item order ("1".."50"), each 1-5.
 * Partial answers are kept (save and close); `completed_at` is set once all 50 are in.
 */
export const personalityAnswers = pgTable('personality_answers', {
  userId: parentKey('user_id', () => users.id),
  answers: jsonObject<Record<string, number>>('answers'),
  completedAt: timestampTz('completed_at'),
  updatedAt: updatedAt(),
});

/** What a person lists on their profile page beyond skills: projects, work, courses, awards. */
export const userActivities = pgTable(
  'user_activities',
  {
    id: serialId(),
    userId: personId('user_id'),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    title: text('title').notNull(),
    organization: text('organization'),
    description: text('description'),
    url: text('url'),
    startedOn: date('started_on'),
    endedOn: date('ended_on'),
    createdAt: createdAt(),
  },
  (t) => [index('user_activities_user_idx').on(t.userId)],
);

export type SkillRow = typeof skills.$inferSelect;
export type UserProfileRow = typeof userProfiles.$inferSelect;
export type UserActivityRow = typeof userActivities.$inferSelect;
