import { z } from 'zod';
import { rowIdText } from './common';
import { colorSchema } from './workspaces';

/** Spec 3 "Tag (called criteria)": where a criterion applies, and spec 7.19's name banks. */
export const CRITERIA_TYPES = ['task', 'objective'] as const;
export const NAME_BANK_TYPES = ['team', 'objective', 'key_result'] as const;

const name = z.string().trim().min(1).max(100);

export const criterionOption = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  position: z.number().int(),
});
export const criterion = z.object({
  id: z.number(),
  workspace_id: z.number(),
  type: z.enum(CRITERIA_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  options: z.array(criterionOption),
  created_at: z.string(),
});
export type Criterion = z.infer<typeof criterion>;
export const criteriaList = z.object({ criterias: z.array(criterion) });
export const criteriaQuery = z.object({ type: z.enum(CRITERIA_TYPES).optional() });

const optionInput = z.object({ name, color: colorSchema.nullish() });
export const createCriterionBody = z.object({
  type: z.enum(CRITERIA_TYPES),
  name,
  description: z.string().trim().max(1000).nullish(),
  color: colorSchema.nullish(),
  options: z.array(optionInput).max(50).default([]),
});
export const updateCriterionBody = z
  .object({
    name,
    description: z.string().trim().max(1000).nullable(),
    color: colorSchema.nullable(),
  })
  .partial()
  .strict();
export const addOptionsBody = z.object({ options: z.array(optionInput).min(1).max(50) });
export const criterionOptionParams = z.object({
  id: rowIdText,
  option: rowIdText,
});

export const nameBankQuery = z.object({ type: z.enum(NAME_BANK_TYPES) });
export const nameBankEntry = z.object({
  id: z.number(),
  type: z.enum(NAME_BANK_TYPES),
  name: z.string(),
  created_at: z.string(),
});
export const nameBankList = z.object({ bank_names: z.array(nameBankEntry) });
export const addNamesBody = z.object({
  type: z.enum(NAME_BANK_TYPES),
  names: z.array(name).min(1).max(100),
});
