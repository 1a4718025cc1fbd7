import { eq } from 'drizzle-orm';
import { PERSONALITY_ITEM_COUNT, SOFT_SKILLS, type PersonalityResource } from '@contracts/profile';
import type { DbOrTx } from '../../db/client';
import { personalityAnswers, type UserProfileRow, type UserRow } from '../../db/schema';
import { answeredCount, personalityResult } from './personality';

export async function loadPersonalityRow(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(personalityAnswers)
    .where(eq(personalityAnswers.userId, userId));
  return row ?? null;
}

/** The self-assessment as the person sees it (with answers) or as others do (result only). */
export function presentPersonality(
  userId: number,
  row: typeof personalityAnswers.$inferSelect | null,
  withAnswers: boolean,
): PersonalityResource {
  const answers = row?.answers ?? {};
  return {
    user_id: userId,
    answered: answeredCount(answers),
    total: PERSONALITY_ITEM_COUNT,
    completed: row?.completedAt != null,
    completed_at: row?.completedAt?.toISOString() ?? null,
    ...(withAnswers ? { answers } : {}),
    result: row?.completedAt ? personalityResult(answers) : null,
  };
}

/** Soft skills read from a finished self-assessment (empty until it is finished). */
export function presentSoftSkills(
  userId: number,
  row: typeof personalityAnswers.$inferSelect | null,
) {
  const result = row?.completedAt ? personalityResult(row.answers) : null;
  return {
    user_id: userId,
    soft_skills: (result ?? []).map((factor) => ({
      key: SOFT_SKILLS[factor.factor],
      factor: factor.factor,
      level: factor.band,
    })),
  };
}

/** A person's free hours; their time zone is part of their profile, so it can be hidden. */
export function presentAvailability(
  user: UserRow,
  profile: UserProfileRow | null,
  showTimezone = true,
) {
  return {
    user_id: user.id,
    slots: [...(profile?.availability ?? [])].sort((a, b) => a - b),
    timezone: showTimezone ? user.timezone : null,
    updated_at: profile?.availabilityUpdatedAt?.toISOString() ?? null,
  };
}

export function presentStoredFile(file: UserProfileRow['cv']) {
  return file
    ? { name: file.name, size: file.size, mime_type: file.mime_type, uploaded_at: file.uploaded_at }
    : null;
}
