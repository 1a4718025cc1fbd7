import { z } from 'zod';
import { rowId, rowIdText } from './common';
import { FORMATION_STRATEGIES } from './team-formation';
import {
  colorSchema,
  dateSchema,
  MEMBER_ACCESS_KEYS,
  questionInput,
  WORKSPACE_SECTIONS,
} from './workspaces';

/** Spec 3 "Schedule" (type course) and 7.6. */
export const SCHEDULE_TYPES = ['course'] as const;
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const scheduleSession = z
  .object({ weekday: z.number().int().min(0).max(6), start_time: time, end_time: time })
  .refine((s) => s.start_time < s.end_time, { path: ['end_time'] });

export const scheduleInput = z
  .object({
    type: z.enum(SCHEDULE_TYPES).default('course'),
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).nullish(),
    location: z.string().trim().max(200).nullish(),
    starts_on: dateSchema,
    ends_on: dateSchema,
    sessions: z.array(scheduleSession).max(50).default([]),
  })
  .refine((s) => s.starts_on <= s.ends_on, { path: ['ends_on'] });
export type ScheduleInput = z.infer<typeof scheduleInput>;

export const schedule = z.object({
  id: z.number(),
  workspace_id: z.number(),
  type: z.enum(SCHEDULE_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  sessions: z.array(
    z.object({ weekday: z.number(), start_time: z.string(), end_time: z.string() }),
  ),
  is_archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Schedule = z.infer<typeof schedule>;
export const scheduleList = z.object({ schedules: z.array(schedule) });
export const schedulesQuery = z.object({
  workspace_id: rowIdText.optional(),
  status: z.enum(['current', 'archived']).default('current'),
});
export const deleteSchedulesBody = z.object({
  ids: z.array(rowId).min(1).max(100),
});

// Generalized workspace creation (spec 2.5): three steps, resumable by id.

export const GENERALIZED_STEPS = ['basic-information', 'plan', 'schedule'] as const;
export type GeneralizedStep = (typeof GENERALIZED_STEPS)[number];

export const basicInformationStep = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).nullish(),
  start_date: dateSchema.nullish(),
  end_date: dateSchema.nullish(),
  color: colorSchema.nullish(),
});
export const planStep = z.object({
  sections: z.array(z.enum(WORKSPACE_SECTIONS)).min(1),
  member_access: z
    .object(
      Object.fromEntries(MEMBER_ACCESS_KEYS.map((k) => [k, z.boolean()])) as Record<
        (typeof MEMBER_ACCESS_KEYS)[number],
        z.ZodBoolean
      >,
    )
    .partial()
    .default({}),
  team_formation_strategy: z.enum(FORMATION_STRATEGIES).nullish(),
  /** Questions asked of people when they join (type onboarding). */
  questions: z.array(questionInput).max(50).default([]),
});
/** The schedule step can be skipped (null). */
export const scheduleStep = z.object({ schedule: scheduleInput.nullable() });

export const workspaceDraft = z.object({
  id: z.number(),
  step: z.enum(GENERALIZED_STEPS),
  basic_information: basicInformationStep.nullable(),
  plan: planStep.nullable(),
  schedule: scheduleInput.nullable(),
  workspace_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkspaceDraft = z.infer<typeof workspaceDraft>;
export const workspaceDraftList = z.object({ drafts: z.array(workspaceDraft) });
export const draftIdParam = z.object({ id: rowIdText });
