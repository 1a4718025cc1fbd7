import { inArray } from 'drizzle-orm';
import { FACTORS } from '@contracts/profile';
import { HOURS_PER_WEEK } from '@contracts/profile';
import type { DbOrTx } from '../../db/client';
import { personalityAnswers, userProfiles, users, type UserRow } from '../../db/schema';
import { PERSONALITY_NORMS, factorScores } from '../profile';
import { visibilityOf } from '../../auth/privacy';
import { skillNamesByUser } from '../profile';
import { presentPerson } from '../../core/people';

type Viewer = Pick<UserRow, 'id' | 'role'>;

async function loadPeople(db: DbOrTx, viewer: Viewer, userIds: readonly number[]) {
  const people =
    userIds.length > 0
      ? await db
          .select()
          .from(users)
          .where(inArray(users.id, [...userIds]))
      : [];
  return { people, visibility: await visibilityOf(db, viewer, people) };
}

/**
 * Free hours of a set of people (spec 7.3 team availability), counted over those who let the
 * viewer see their availability; the others are listed as hidden and left out of the counts.
 */
export async function availabilityOfPeople(db: DbOrTx, viewer: Viewer, userIds: readonly number[]) {
  const { people, visibility } = await loadPeople(db, viewer, userIds);
  const visible = people.filter((p) => visibility.get(p.id)!.availability).map((p) => p.id);
  const profiles =
    visible.length > 0
      ? await db.select().from(userProfiles).where(inArray(userProfiles.userId, visible))
      : [];
  const counts = new Array<number>(HOURS_PER_WEEK).fill(0);
  const withAvailability = profiles.filter((p) => p.availability.length > 0);
  for (const profile of withAvailability) for (const slot of profile.availability) counts[slot]++;
  return {
    members_count: people.length,
    members_with_availability: withAvailability.length,
    hidden_user_ids: people.filter((p) => !visibility.get(p.id)!.availability).map((p) => p.id),
    // Common hours need everyone: with anyone hidden or blank there is no honest answer.
    common_slots:
      people.length > 0 && withAvailability.length === people.length
        ? counts.flatMap((count, hour) => (count === people.length ? [hour] : []))
        : [],
    slots: counts.flatMap((count, hour) => (count > 0 ? [{ hour, count }] : [])),
  };
}

/** Skill names across the people the viewer may see the skills of, with how many hold each. */
export function countSkills(names: Iterable<string[]>) {
  const counts = new Map<string, number>();
  for (const list of names) for (const name of list) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts.entries()]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * What a set of people would bring as a team (spec 7.3 team information): skills, the
 * personality mix in standard deviations of the reference sample, and shared free hours.
 * Each part only uses the people whose privacy lets the viewer see it.
 */
export async function informationOfPeople(db: DbOrTx, viewer: Viewer, userIds: readonly number[]) {
  const { people, visibility } = await loadPeople(db, viewer, userIds);
  const shows = (section: 'skills' | 'personality') =>
    people.filter((p) => visibility.get(p.id)![section]).map((p) => p.id);
  const skillHolders = shows('skills');
  const skills = await skillNamesByUser(db, skillHolders);
  const personalityHolders = shows('personality');
  const answers =
    personalityHolders.length > 0
      ? await db
          .select()
          .from(personalityAnswers)
          .where(inArray(personalityAnswers.userId, personalityHolders))
      : [];
  const scores = answers.flatMap((row) => {
    const sums = row.completedAt ? factorScores(row.answers) : null;
    return sums ? [sums] : [];
  });
  return {
    members: people.map(presentPerson),
    skills: countSkills(skills.values()),
    personality:
      scores.length > 0
        ? {
            people: scores.length,
            mean_z: Object.fromEntries(
              FACTORS.map((f) => {
                const { mean, sd } = PERSONALITY_NORMS[f];
                const average = scores.reduce((sum, s) => sum + s[f], 0) / scores.length;
                return [f, Math.round(((average - mean) / sd) * 100) / 100];
              }),
            ),
          }
        : null,
    availability: await availabilityOfPeople(db, viewer, userIds),
    hidden: {
      skills: people.filter((p) => !skillHolders.includes(p.id)).map((p) => p.id),
      personality: people.filter((p) => !personalityHolders.includes(p.id)).map((p) => p.id),
    },
  };
}
