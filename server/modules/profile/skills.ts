import { SKILL_CATEGORIES, type SkillCategory } from '@contracts/profile';
import { and, asc, count, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { skills, userSkills } from '../../db/schema';
import { SKILL_CATALOGUE } from './data/skill-catalogue';
import { workspaceIdsOf } from '../../core/workspace-ids';

type Language = 'en' | 'vi';

/** Lower case without accents (and đ as d), so "ky nang" and "Kỹ Năng" meet. */
export function skillSearchKey(...names: (string | null | undefined)[]): string {
  return names
    .filter(Boolean)
    .join(' | ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase();
}

/** The name a person reads: the Vietnamese one when they use Vietnamese and it has one. */
function localName(lang: Language): SQL<string> {
  return lang === 'vi'
    ? sql<string>`coalesce(${skills.nameVi}, ${skills.name})`
    : sql<string>`${skills.name}`;
}

/** Skills a person may see: the shared list and the skills of their workspaces. */
function visibleTo(db: DbOrTx, userId: number, workspaceId?: number) {
  return or(
    isNull(skills.workspaceId),
    inArray(skills.workspaceId, workspaceIdsOf(db, userId, workspaceId)),
  );
}

function presentCategory(category: string | null): SkillCategory | null {
  return (SKILL_CATEGORIES as readonly string[]).includes(category ?? '')
    ? (category as SkillCategory)
    : null;
}

/**
 * How well a skill's names match a search (lower is better): one of its names starts with it,
 * then a word of a name does, then a name contains it. `key` is a search key, LIKE-escaped.
 */
function matchRank(key: string): SQL<number> {
  const wordStarts = ['% ', '%/', '%(', '%-'].map((before) =>
    like(skills.searchKey, `${before}${key}%`),
  );
  return sql<number>`case
    when ${or(like(skills.searchKey, `${key}%`), like(skills.searchKey, `% | ${key}%`))} then 0
    when ${or(...wordStarts)} then 1
    else 2 end`;
}

/** The catalogue a person sees, optionally narrowed by a name fragment: best matches first, then the most used. */
export async function listSkills(
  db: DbOrTx,
  options: { userId: number; lang: Language; search?: string; workspaceId?: number; limit: number },
) {
  const usage = count(userSkills.userId);
  const name = localName(options.lang);
  const key = options.search
    ? skillSearchKey(options.search).replace(/[\\%_]/g, (c) => `\\${c}`)
    : '';
  const rows = await db
    .select({ id: skills.id, name, category: skills.category, workspace_id: skills.workspaceId })
    .from(skills)
    .leftJoin(userSkills, eq(userSkills.skillId, skills.id))
    .where(
      and(
        visibleTo(db, options.userId, options.workspaceId),
        key ? like(skills.searchKey, `%${key}%`) : undefined,
      ),
    )
    .groupBy(skills.id)
    .orderBy(...(key ? [asc(matchRank(key))] : []), desc(usage), asc(name))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, category: presentCategory(row.category) }));
}

/** Which of these skill ids the person may pick (shared, or of one of their workspaces). */
export async function visibleSkillIds(db: DbOrTx, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: skills.id })
    .from(skills)
    .where(and(inArray(skills.id, [...ids]), visibleTo(db, userId)));
  return new Set(rows.map((row) => row.id));
}

export async function userSkillsOf(db: DbOrTx, userId: number, lang: Language = 'en') {
  const name = localName(lang);
  return db
    .select({ skill_id: skills.id, name, level: userSkills.level })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(eq(userSkills.userId, userId))
    .orderBy(asc(name));
}

/** Skills (id and name) of many people at once, for team views and team formation. */
export async function skillsByUser(
  db: DbOrTx,
  userIds: readonly number[],
  lang: Language = 'en',
): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userSkills.userId, id: skills.id, name: localName(lang) })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(inArray(userSkills.userId, [...userIds]));
  for (const row of rows) {
    result.set(row.userId, [...(result.get(row.userId) ?? []), { id: row.id, name: row.name }]);
  }
  return result;
}

/**
 * Skills a workspace's team formation can ask for: ids (shared, or of this workspace) and
 * names in either language, any case. Answers the ids found and which asked-for ids are unknown.
 */
export async function resolveWorkspaceSkills(
  db: DbOrTx,
  workspaceId: number,
  ask: { ids: readonly number[]; names: readonly string[] },
): Promise<{ ids: number[]; unknownIds: number[]; unknownNames: string[] }> {
  const lowered = [...new Set(ask.names.map((n) => n.toLowerCase()))];
  if (ask.ids.length === 0 && lowered.length === 0)
    return { ids: [], unknownIds: [], unknownNames: [] };
  const rows = await db
    .select({ id: skills.id, name: skills.name, nameVi: skills.nameVi })
    .from(skills)
    .where(
      and(
        or(isNull(skills.workspaceId), eq(skills.workspaceId, workspaceId)),
        or(
          ask.ids.length > 0 ? inArray(skills.id, [...ask.ids]) : undefined,
          lowered.length > 0 ? inArray(sql`lower(${skills.name})`, lowered) : undefined,
          lowered.length > 0 ? inArray(sql`lower(${skills.nameVi})`, lowered) : undefined,
        ),
      ),
    );
  const byName = new Map<string, number>();
  for (const row of rows) {
    byName.set(row.name.toLowerCase(), row.id);
    if (row.nameVi) byName.set(row.nameVi.toLowerCase(), row.id);
  }
  const found = new Set(rows.map((row) => row.id));
  const named = lowered.flatMap((n) => (byName.has(n) ? [byName.get(n)!] : []));
  return {
    ids: [...new Set([...ask.ids.filter((id) => found.has(id)), ...named])],
    unknownIds: ask.ids.filter((id) => !found.has(id)),
    unknownNames: lowered.filter((n) => !byName.has(n)),
  };
}

/** Names of skills by id, in the reader's language. */
export async function skillNamesById(
  db: DbOrTx,
  ids: readonly number[],
  lang: Language,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: skills.id, name: localName(lang) })
    .from(skills)
    .where(inArray(skills.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Skill names of many people at once, for team views. */
export async function skillNamesByUser(
  db: DbOrTx,
  userIds: readonly number[],
  lang: Language = 'en',
): Promise<Map<number, string[]>> {
  const byUser = await skillsByUser(db, userIds, lang);
  return new Map([...byUser].map(([userId, list]) => [userId, list.map((s) => s.name)]));
}

/**
 * Finds shared skills by their English or Vietnamese name regardless of case, adding the
 * missing ones to the shared list. Returns the id of each name, keyed by its lower-case form.
 */
export async function ensureSkills(
  db: DbOrTx,
  names: readonly string[],
  createdBy: number,
): Promise<Map<string, number>> {
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  if (wanted.size === 0) return new Map();
  const find = async () =>
    db
      .select({ id: skills.id, name: skills.name, nameVi: skills.nameVi })
      .from(skills)
      .where(
        and(
          isNull(skills.workspaceId),
          or(
            inArray(sql`lower(${skills.name})`, [...wanted.keys()]),
            inArray(sql`lower(${skills.nameVi})`, [...wanted.keys()]),
          ),
        ),
      );
  const ids = new Map<string, number>();
  const remember = (rows: Awaited<ReturnType<typeof find>>) => {
    for (const row of rows) {
      ids.set(row.name.toLowerCase(), row.id);
      if (row.nameVi && !ids.has(row.nameVi.toLowerCase()))
        ids.set(row.nameVi.toLowerCase(), row.id);
    }
  };
  remember(await find());
  const missing = [...wanted].filter(([key]) => !ids.has(key)).map(([, name]) => name);
  if (missing.length > 0) {
    await db
      .insert(skills)
      .values(missing.map((name) => ({ name, createdBy, searchKey: skillSearchKey(name) })))
      .onConflictDoNothing();
    remember(await find());
  }
  return ids;
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

/** The shipped catalogue as rows. */
export function catalogueRows() {
  return Object.entries(SKILL_CATALOGUE).flatMap(([category, entries]) =>
    entries.map((entry) => {
      const [name, nameVi] = typeof entry === 'string' ? [entry, null] : entry;
      return { name, nameVi, category, searchKey: skillSearchKey(name, nameVi) };
    }),
  );
}

/**
 * Seeds the shipped catalogue; safe at every start. A shared skill someone typed before it
 * shipped (same name) gains its Vietnamese name and category.
 */
export async function seedSkillCatalogue(db: DbOrTx): Promise<void> {
  const rows = catalogueRows();
  await db.transaction(async (tx) => {
    await tx.insert(skills).values(rows).onConflictDoNothing();
    const values = sql.join(
      rows.map((row) => sql`(${row.name}, ${row.nameVi}, ${row.category}, ${row.searchKey})`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${skills} set name_vi = v.name_vi, category = v.category, search_key = v.search_key
      from (values ${values}) as v(name, name_vi, category, search_key)
      where ${skills.workspaceId} is null and ${skills.category} is null
        and lower(${skills.name}) = lower(v.name)`);
  });
}
