import { asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { skills, userSkills } from '../../db/schema';

/** The catalogue, most used first, optionally narrowed by a name fragment. */
export async function listSkills(db: DbOrTx, options: { search?: string; limit: number }) {
  const usage = count(userSkills.userId);
  const escaped = options.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .leftJoin(userSkills, eq(userSkills.skillId, skills.id))
    .where(escaped ? ilike(skills.name, `%${escaped}%`) : undefined)
    .groupBy(skills.id)
    .orderBy(desc(usage), asc(skills.name))
    .limit(options.limit);
}

export async function userSkillsOf(db: DbOrTx, userId: number) {
  return db
    .select({ skill_id: skills.id, name: skills.name, level: userSkills.level })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(eq(userSkills.userId, userId))
    .orderBy(asc(skills.name));
}

/** Skill names of many people at once, for team views and team formation. */
export async function skillNamesByUser(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userSkills.userId, name: skills.name })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(inArray(userSkills.userId, [...userIds]));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.name]);
  return result;
}

/**
 * Finds skills by name regardless of case, adding the missing ones to the catalogue.
 * Returns the id of each name, keyed by its lower-case form.
 */
export async function ensureSkills(
  db: DbOrTx,
  names: readonly string[],
  createdBy: number,
): Promise<Map<string, number>> {
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  if (wanted.size === 0) return new Map();
  await db
    .insert(skills)
    .values([...wanted.values()].map((name) => ({ name, createdBy })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(inArray(sql`lower(${skills.name})`, [...wanted.keys()]));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/** Replaces a person's skills with the given list. */
export async function replaceUserSkills(
  db: DbOrTx,
  userId: number,
  entries: readonly { skillId: number; level: number | null }[],
) {
  await db.delete(userSkills).where(eq(userSkills.userId, userId));
  const unique = new Map(entries.map((entry) => [entry.skillId, entry]));
  if (unique.size > 0) {
    await db
      .insert(userSkills)
      .values([...unique.values()].map((e) => ({ userId, skillId: e.skillId, level: e.level })));
  }
}
