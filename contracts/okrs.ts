import { z } from 'zod';
import { pageMeta, rowId, rowIdText, wholeListPageQuery } from './common';
import { person } from './people';

/**
 * Objectives, key results, check-ins, alignments and the org chart (spec 3 "Objective",
 * "Key result", "Org chart node", 4, 7.2 OKRs and org chart). docs/decisions/okrs.md.
 */
export const OBJECTIVE_STATUSES = ['open', 'closed', 'archived'] as const;
export type ObjectiveStatus = (typeof OBJECTIVE_STATUSES)[number];

/** Spelled as the spec has them (spec 3 "Key result"). */
export const CHECK_IN_STATUSES = ['on trace', 'at risk', 'has issue'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

/** Reach a value, increase to, decrease to, stay above, stay below, done or not. */
export const KEY_RESULT_KINDS = [
  'reach',
  'increase',
  'decrease',
  'stay_above',
  'stay_below',
  'done',
] as const;
export type KeyResultKind = (typeof KEY_RESULT_KINDS)[number];

export const OBJECTIVE_SORTS = ['name', 'created_at', 'started_at', 'ended_at'] as const;

const id = z.number().int();
const timestamp = z.string();
const name = z.string().trim().min(1).max(200);
const note = z.string().trim().max(2000);
/** A measured value: finite, and small enough to keep its digits in a double. */
const value = z.number().finite().min(-1e12).max(1e12);
const weight = z.number().finite().min(0.1).max(100);
const confidence = z.number().int().min(1).max(10);
const day = z.iso.datetime({ offset: true }).or(z.iso.date());
const ids = z.array(rowId).max(100);

export const objectiveAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  open: z.boolean(),
  close: z.boolean(),
  archive: z.boolean(),
  restore: z.boolean(),
  align: z.boolean(),
  add_key_result: z.boolean(),
  check_in: z.boolean(),
});
export type ObjectiveAbilities = z.infer<typeof objectiveAbilities>;

export const keyResultAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  check_in: z.boolean(),
});
export type KeyResultAbilities = z.infer<typeof keyResultAbilities>;

export const answerAbilities = z.object({ update: z.boolean(), delete: z.boolean() });

export const orgPositionRef = z.object({ id, name: z.string() });
export const objectiveTag = z.object({ id, name: z.string(), color: z.string().nullable() });

export const keyResultAnswer = z.object({
  /** The report id (spec 3: answers, each with a report id). */
  id,
  report: id,
  key_result_id: id,
  value: z.number(),
  status: z.enum(CHECK_IN_STATUSES).nullable(),
  confidence: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The key result's progress right after this check-in, 0 to 100. */
  progress: z.number(),
  /** Made by Teamloop as linked tasks were done or undone (created_by is then null). */
  from_tasks: z.boolean(),
  created_by: person.nullable(),
  created_at: timestamp,
  abilities: answerAbilities,
});
export type KeyResultAnswer = z.infer<typeof keyResultAnswer>;

export const keyResult = z.object({
  id,
  objective_id: id,
  objective: z.object({ id, name: z.string() }),
  workspace_id: id,
  name: z.string(),
  kind: z.enum(KEY_RESULT_KINDS),
  start_value: z.number(),
  target_value: z.number(),
  current_value: z.number(),
  unit: z.string().nullable(),
  weight: z.number(),
  /** The status of the latest check-in; null before the first. */
  status: z.enum(CHECK_IN_STATUSES).nullable(),
  confidence: z.number().int().nullable(),
  /** 0 to 100: from the kind and values, and objectives aligned under it. */
  progress: z.number(),
  owners: z.array(person),
  org_position: orgPositionRef.nullable(),
  answers_count: z.number().int(),
  /** Tasks that contribute to it (linked when the task is made or edited). */
  tasks: z.array(
    z.object({ id, name: z.string(), status: z.enum(['open', 'closed', 'archived']) }),
  ),
  /** Its value follows its linked tasks: the share of them done (all of them for done-or-not). */
  progress_from_tasks: z.boolean(),
  last_check_in_at: timestamp.nullable(),
  created_at: timestamp,
  abilities: keyResultAbilities,
});
export type KeyResult = z.infer<typeof keyResult>;

export const alignment = z.object({
  id,
  objective_id: id,
  objective: z.object({ id, name: z.string() }),
  parent_objective: z.object({ id, name: z.string() }).nullable(),
  parent_key_result: z.object({ id, name: z.string(), objective_id: id }).nullable(),
  weight: z.number(),
  created_at: timestamp,
});
export type Alignment = z.infer<typeof alignment>;

export const objectiveAnswer = z.object({
  id,
  status: z.enum(CHECK_IN_STATUSES).nullable(),
  confidence: z.number().int().nullable(),
  note: z.string().nullable(),
  created_by: person.nullable(),
  created_at: timestamp,
});

export const objective = z.object({
  id,
  workspace_id: id,
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(OBJECTIVE_STATUSES),
  /** Spec 4's status derived from the key results; null when no rule holds. */
  derived_status: z.enum(CHECK_IN_STATUSES).nullable(),
  /** 0 to 100: weighted mean of key results and objectives aligned under it. */
  progress: z.number(),
  started_at: timestamp.nullable(),
  ended_at: timestamp.nullable(),
  check_in_every_days: z.number().int().nullable(),
  owners: z.array(person),
  org_position: orgPositionRef.nullable(),
  tags: z.array(objectiveTag),
  key_results: z.array(keyResult),
  key_result_count: z.number().int(),
  /** Where this objective aligns upwards. */
  alignments: z.array(alignment),
  /** Objectives aligned under this one or its key results. */
  aligned_children: z.array(alignment),
  answers: z.array(objectiveAnswer),
  created_by: person.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  abilities: objectiveAbilities,
});
export type Objective = z.infer<typeof objective>;

export const objectiveCounts = z.object({
  open: z.number().int(),
  closed: z.number().int(),
  archived: z.number().int(),
});

/** The ways the objectives section shows its list (the section card's views). */
export const OBJECTIVE_VIEWS = ['list', 'grid', 'board', 'tree'] as const;

/**
 * A saved board view of objectives (`config` of workspaces/:id/board_views with kind
 * `objectives`): the view, the board grouped by derived status, the list and its filters.
 */
export const objectiveBoardViewConfig = z
  .object({
    kind: z.literal('objectives'),
    view: z.enum(OBJECTIVE_VIEWS),
    group_by: z.literal('status').optional(),
    status: z.enum(OBJECTIVE_STATUSES).optional(),
    sort: z.enum(OBJECTIVE_SORTS).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    tag_id: rowId.nullable().optional(),
  })
  .strict();
export type ObjectiveBoardViewConfig = z.infer<typeof objectiveBoardViewConfig>;

export const objectiveListQuery = z.object({
  status: z.enum(OBJECTIVE_STATUSES).default('open'),
  sort: z.enum(OBJECTIVE_SORTS).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  tag_id: rowIdText.optional(),
  org_position_id: rowIdText.optional(),
  ...wholeListPageQuery.shape,
});
export const objectiveList = z.object({
  objectives: z.array(objective),
  counts: objectiveCounts,
  meta: pageMeta,
});
export const objectiveResource = z.object({ objective });
export const objectiveItems = z.object({ objectives: z.array(objective) });

const keyResultFields = {
  name,
  kind: z.enum(KEY_RESULT_KINDS),
  start_value: value.optional(),
  target_value: value.optional(),
  unit: z.string().trim().max(30).nullable().optional(),
  weight: weight.optional(),
  owner_ids: ids.optional(),
  org_position_id: rowId.nullable().optional(),
  progress_from_tasks: z.boolean().optional(),
};

export const newKeyResult = z.object(keyResultFields).strict();
export type NewKeyResult = z.infer<typeof newKeyResult>;

const objectiveFields = {
  name,
  description: z.string().trim().max(5000).nullable().optional(),
  owner_ids: ids.optional(),
  org_position_id: rowId.nullable().optional(),
  tag_ids: ids.optional(),
  started_at: day.nullable().optional(),
  ended_at: day.nullable().optional(),
  check_in_every_days: z.number().int().min(1).max(90).nullable().optional(),
};

export const createObjectiveBody = z
  .object({ ...objectiveFields, key_results: z.array(newKeyResult).max(20).optional() })
  .strict();
export const updateObjectiveBody = z
  .object({
    ...objectiveFields,
    name: name.optional(),
    /** Spec 7.2: updates carry the workspace; it must be the objective's own. */
    workspace_id: rowId.optional(),
  })
  .strict();
export const workspaceIdQuery = z.object({ workspace_id: rowIdText.optional() });

export const createKeyResultBody = z.object({ ...keyResultFields, objective_id: rowId }).strict();
export const updateKeyResultBody = z
  .object({ ...keyResultFields, name: name.optional(), kind: keyResultFields.kind.optional() })
  .strict();
export const keyResultResource = z.object({ key_result: keyResult });
export const keyResultItems = z.object({ key_results: z.array(keyResult) });

export const checkInBody = z
  .object({
    value,
    status: z.enum(CHECK_IN_STATUSES),
    confidence: confidence.optional(),
    note: note.optional(),
  })
  .strict();
export const updateCheckInBody = z
  .object({
    value: value.optional(),
    status: z.enum(CHECK_IN_STATUSES).optional(),
    confidence: confidence.nullable().optional(),
    note: note.nullable().optional(),
  })
  .strict();
export const objectiveCheckInBody = z
  .object({
    status: z.enum(CHECK_IN_STATUSES),
    confidence: confidence.optional(),
    note: note.optional(),
  })
  .strict();
export const answerParams = z.object({ id: rowIdText, report: rowIdText });

export const tracking = z.object({
  key_result: keyResult,
  /** Oldest first: each check-in with the progress it left. */
  tracking: z.array(keyResultAnswer),
});

export const alignBody = z
  .object({
    parent_objective_id: rowId.optional(),
    parent_key_result_id: rowId.optional(),
    weight: weight.optional(),
  })
  .strict();
export const alignmentList = z.object({
  alignments: z.array(alignment),
  aligned_children: z.array(alignment),
});
export const alignmentParams = z.object({ alignment: rowIdText });

/** One objective in the alignment tree of a workspace. */
export interface ObjectiveTreeNode {
  id: number;
  name: string;
  status: ObjectiveStatus;
  derived_status: CheckInStatus | null;
  progress: number;
  /** The alignment that puts it here (its weight); null at the roots. */
  alignment: {
    id: number;
    weight: number;
    via_key_result: { id: number; name: string } | null;
  } | null;
  children: ObjectiveTreeNode[];
}
/**
 * A tree refers to itself, which JSON Schema can say only by name: the id names it among the
 * OpenAPI document's components (server/app.ts).
 */
export const objectiveTreeNode: z.ZodType<ObjectiveTreeNode> = z
  .lazy(() =>
    z.object({
      id,
      name: z.string(),
      status: z.enum(OBJECTIVE_STATUSES),
      derived_status: z.enum(CHECK_IN_STATUSES).nullable(),
      progress: z.number(),
      alignment: z
        .object({
          id,
          weight: z.number(),
          via_key_result: z.object({ id, name: z.string() }).nullable(),
        })
        .nullable(),
      children: z.array(objectiveTreeNode),
    }),
  )
  .meta({ id: 'ObjectiveTreeNode' });
export const objectiveTree = z.object({ nodes: z.array(objectiveTreeNode) });

/** Org chart (spec 3 "Org chart node"). */
export interface OrgChartNode {
  id: number;
  org_position: { id: number; name: string };
  objective_count: number;
  children: OrgChartNode[];
}
/** Named among the OpenAPI components, like objectiveTreeNode. */
export const orgChartNode: z.ZodType<OrgChartNode> = z
  .lazy(() =>
    z.object({
      id,
      org_position: orgPositionRef,
      objective_count: z.number().int(),
      children: z.array(orgChartNode),
    }),
  )
  .meta({ id: 'OrgChartNode' });
export const orgChart = z.object({ nodes: z.array(orgChartNode) });
export const orgPositionBody = z
  .object({ name: z.string().trim().min(1).max(100), parent_id: rowId.nullable().optional() })
  .strict();
export const orgPositionUpdateBody = z.object({ name: z.string().trim().min(1).max(100) }).strict();
export const orgNodeParams = z.object({ id: rowIdText, node: rowIdText });
export const orgPositionResource = z.object({ org_position: orgPositionRef });

/** okrAI (spec 7.2). */
export const okrSuggestion = z.object({
  name: z.string(),
  /** Where it came from: the name bank, a past objective or key result, the AI, or a rule. */
  source: z.enum(['name_bank', 'past', 'ai', 'rule']),
  kind: z.enum(KEY_RESULT_KINDS).optional(),
  /** Only numbers the user gave; never made up. */
  start_value: z.number().optional(),
  target_value: z.number().optional(),
  unit: z.string().optional(),
});
export type OkrSuggestion = z.infer<typeof okrSuggestion>;
export const okrAiQuery = z.object({
  workspace_id: rowIdText,
  text: z.string().trim().max(500).optional(),
});
export const okrAiIdQuery = z.object({ text: z.string().trim().max(500).optional() });
export const okrSuggestions = z.object({
  suggestions: z.array(okrSuggestion),
  /** Whether an AI endpoint is configured (OKR_AI_URL); the UI says so when it is not. */
  ai_configured: z.boolean(),
});
