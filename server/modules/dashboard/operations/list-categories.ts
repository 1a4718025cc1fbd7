import { count, isNull } from 'drizzle-orm';
import { CATEGORY_CODES, type Category, type CategoryType } from '@contracts/dashboard';
import type { DbOrTx } from '../../../db/client';
import { skills } from '../../../db/schema';
import { translator, type Language } from '../../../i18n';

/** Where each type's names are worded. */
const NAME_KEY: Record<CategoryType, (code: string) => string> = {
  skill: (code) => `profile:skills.categories.${code}`,
  workspace: (code) => `workspaces:types.${code}`,
};

/**
 * Spec 7.14 `categories` by type: the skills catalogue's categories (with how many skills each
 * holds) or the kinds of workspace, named in the caller's language.
 */
export async function listCategories(
  db: DbOrTx,
  input: { type: CategoryType; lang: Language },
): Promise<Category[]> {
  const t = translator(input.lang);
  const counts = new Map<string, number>();
  if (input.type === 'skill') {
    const rows = await db
      .select({ category: skills.category, n: count() })
      .from(skills)
      .where(isNull(skills.workspaceId))
      .groupBy(skills.category);
    for (const row of rows) if (row.category) counts.set(row.category, row.n);
  }
  return CATEGORY_CODES[input.type].map((code) => ({
    id: code,
    name: t(NAME_KEY[input.type](code)),
    count: input.type === 'skill' ? (counts.get(code) ?? 0) : null,
  }));
}
