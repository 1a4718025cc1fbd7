import { z } from 'zod';
import { LANGUAGES } from './constants';

export { LANGUAGES };

/** The success envelope every route answers with. */
export function envelope<T extends z.ZodType>(resource: T) {
  return z.object({
    resource,
    messages: z.array(z.string()).optional(),
  });
}

export const errorBody = z.object({
  messages: z.array(z.string()),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The largest id a PostgreSQL `integer` (serial) column holds. */
export const MAX_ID = 2_147_483_647;
/** A row id in a JSON body: a larger number could never match and the database refuses it. */
export const rowId = z.number().int().positive().max(MAX_ID);
/** A row id in a path or query string. */
export const rowIdText = z.coerce.number().int().positive().max(MAX_ID);

export const idParam = z.object({ id: rowIdText });

export const emptyResource = z.object({}).strict();

/** Page meta of a paged list: `resource.<name>.data` plus `meta`. */
export const pageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMeta });

export const MAX_PER_PAGE = 100;
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(20),
});
/**
 * Paging for lists clients used to get whole (tasks, workspaces): without `per_page` they
 * get the largest page, so a client that does not page yet misses nothing below 100 rows.
 */
export const wholeListPageQuery = pageQuery.extend({
  per_page: pageQuery.shape.per_page.unwrap().default(MAX_PER_PAGE),
});

export const languageSchema = z.enum(LANGUAGES);
