import { z } from 'zod';
import { pageMeta, wholeListPageQuery, rowId, rowIdText } from './common';
import { email } from './auth';
import { objectiveBoardViewConfig } from './okrs';
import { person } from './people';

/** Spec 1 and 3: the kinds of workspace, its list statuses and its roles. */
export const WORKSPACE_TYPES = [
  'course',
  'general',
  'recruit',
  'organization',
  'generalized',
] as const;
export type WorkspaceType = (typeof WORKSPACE_TYPES)[number];
export const WORKSPACE_STATUSES = ['open', 'closed', 'archived'] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer', 'deactive'] as const;
export type WorkspaceRoleName = (typeof WORKSPACE_ROLES)[number];
/** Roles an invitation can carry; ownership is given later by changing a member's role. */
export const INVITABLE_ROLES = ['admin', 'member', 'viewer'] as const;

/** Spec 9: people per workspace. Who counts is in docs/decisions/member-cap-and-invitations.md. */
export const MEMBER_CAP = 20;

/** The plans of `pricing_rule.payment_type`; new workspaces start on free. */
export const PAYMENT_TYPES = ['free', 'premium', 'enterprise'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Switches of the member-access setting; each grants members extra permissions. */
export const MEMBER_ACCESS_KEYS = [
  'invite_members',
  'create_own_team',
  'view_task_reports',
] as const;
export type MemberAccessKey = (typeof MEMBER_ACCESS_KEYS)[number];

/** Sections of the workspace area (spec 2.6) that the secondary submenu offers. */
export const WORKSPACE_SECTIONS = [
  'dashboard',
  'my-work',
  'tasks',
  'assessments',
  'tasks-assessments',
  'objectives',
  'people',
  'teams',
  'talent-pool',
] as const;
export type WorkspaceSection = (typeof WORKSPACE_SECTIONS)[number];

export const DEFAULT_SECTIONS: Record<WorkspaceType, readonly WorkspaceSection[]> = {
  course: ['dashboard', 'my-work', 'tasks', 'assessments', 'objectives', 'people', 'teams'],
  general: ['dashboard', 'my-work', 'tasks', 'assessments', 'objectives', 'people', 'teams'],
  organization: [
    'dashboard',
    'my-work',
    'tasks-assessments',
    'tasks',
    'assessments',
    'objectives',
    'people',
    'teams',
  ],
  recruit: ['dashboard', 'talent-pool', 'people'],
  generalized: ['dashboard', 'my-work', 'tasks', 'people', 'teams'],
};

/** Spec 3: list sorts (Title, Date started, Date ended, Date created) and their direction. */
export const WORKSPACE_SORTS = ['name', 'start_date', 'end_date', 'created_at'] as const;
export type WorkspaceSort = (typeof WORKSPACE_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Spec 9: the 20 card colours offered for workspaces (and other cards). */
export const CARD_COLORS = [
  '#4f6bed',
  '#0078d4',
  '#00b7c3',
  '#038387',
  '#00a36c',
  '#498205',
  '#8cbd18',
  '#c19c00',
  '#ffaa44',
  '#ca5010',
  '#da3b01',
  '#d13438',
  '#c239b3',
  '#e43ba6',
  '#881798',
  '#5c2e91',
  '#6b69d6',
  '#8764b8',
  '#69797e',
  '#393939',
] as const;

export const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);
export const dateSchema = z.iso.date();
const workspaceName = z.string().trim().min(1).max(120);
const description = z.string().trim().max(2000);

export const workspaceIdParam = z.object({ id: rowIdText });
export const memberParams = workspaceIdParam.extend({
  user: rowIdText,
});
export const invitationParams = workspaceIdParam.extend({
  invitation: rowIdText,
});

export const abilities = z.record(z.string(), z.boolean());
export type Abilities = z.infer<typeof abilities>;

/** Spec 3 "Workspace", with the caller's role and abilities in it. */
export const workspace = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  workspace_type: z.enum(WORKSPACE_TYPES),
  status: z.enum(WORKSPACE_STATUSES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  archived_at: z.string().nullable(),
  schema: z.object({ color: z.string().nullable() }),
  member_access: z.record(z.string(), z.boolean()),
  team_formation_strategy: z.string().nullable(),
  pricing_rule: z.object({ payment_type: z.string() }),
  sections: z.array(z.enum(WORKSPACE_SECTIONS)),
  role: z.enum(WORKSPACE_ROLES).nullable(),
  members_count: z.number().int(),
  created_by: person.nullable(),
  abilities,
});
export type Workspace = z.infer<typeof workspace>;

export const workspaceListQuery = z.object({
  status: z.enum(WORKSPACE_STATUSES).default('open'),
  sort: z.enum(WORKSPACE_SORTS).default('created_at'),
  direction: z.enum(SORT_DIRECTIONS).default('desc'),
  search: z.string().trim().max(100).optional(),
  ...wholeListPageQuery.shape,
});
export const workspaceList = z.object({ workspaces: z.array(workspace), meta: pageMeta });

export const createWorkspaceBody = z.object({
  name: workspaceName,
  workspace_type: z.enum(WORKSPACE_TYPES),
  description: description.nullish(),
  start_date: dateSchema.nullish(),
  end_date: dateSchema.nullish(),
  schema: z.object({ color: colorSchema }).optional(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBody>;

export const updateWorkspaceBody = z
  .object({
    name: workspaceName,
    description: description.nullable(),
    start_date: dateSchema.nullable(),
    end_date: dateSchema.nullable(),
    /** Closing moves the workspace to the previous list; opening brings it back. */
    status: z.enum(['open', 'closed']),
  })
  .partial()
  .strict();

export const schemaBody = z.object({ schema: z.object({ color: colorSchema }) });
export const memberAccessBody = z.object({
  member_access: z
    .object(
      Object.fromEntries(MEMBER_ACCESS_KEYS.map((k) => [k, z.boolean()])) as Record<
        MemberAccessKey,
        z.ZodBoolean
      >,
    )
    .partial()
    .strict(),
});
export const commonWorkspacesQuery = z.object({ user_id: rowIdText });
export const commonWorkspace = z.object({
  id: z.number(),
  name: z.string(),
  workspace_type: z.enum(WORKSPACE_TYPES),
  schema: z.object({ color: z.string().nullable() }),
});

export const workCounts = z.object({
  open: z.number().int(),
  closed: z.number().int(),
  archived: z.number().int(),
});
/** Spec 3: tasks, objectives and assessments of a workspace by status. */
export const numberOfWorks = z.object({
  tasks: workCounts,
  objectives: workCounts,
  assessments: workCounts,
});
export type NumberOfWorks = z.infer<typeof numberOfWorks>;

export const modalInformation = z.object({
  workspace,
  owners: z.array(person),
  roles: z.record(z.string(), z.number().int()),
  pending_invitations_count: z.number().int(),
  works: numberOfWorks,
});

// Members

export const member = person.extend({
  role: z.enum(WORKSPACE_ROLES),
  joined_at: z.string(),
});
export type Member = z.infer<typeof member>;
export const memberList = z.object({ users: z.array(member) });
export const changeRoleBody = z.object({ role: z.enum(WORKSPACE_ROLES) });

/** A member's completion is null when they keep a part it is made of from the caller. */
export const profileCompletion = z.object({
  users: z.array(member.extend({ profile_completion_percent: z.number().int().nullable() })),
});
export const remindProfileBody = z.object({
  /** Only these members; all members with an incomplete profile when left out. */
  user_ids: z.array(rowId).max(100).optional(),
});
export const remindProfileResult = z.object({ reminded: z.number().int() });

export const performanceUsers = z.object({
  users: z.array(
    member.extend({
      profile_completion_percent: z.number().int().nullable(),
      tasks: z.object({
        assigned: z.number().int(),
        submitted: z.number().int(),
        completed: z.number().int(),
        overdue: z.number().int(),
      }),
    }),
  ),
});

/** Free hours of the week in UTC (spec: slots used for matching), counted over members. */
export const availability = z.object({
  members_count: z.number().int(),
  members_with_availability: z.number().int(),
  slots: z.array(z.object({ hour: z.number().int(), user_ids: z.array(z.number().int()) })),
});

// Invitations and joining

export const invitationEntry = z.object({
  email,
  role: z.enum(INVITABLE_ROLES).default('member'),
});
/** Spec 3: "the payload is a list called invitations". */
export const inviteBody = z.object({
  invitations: z.array(invitationEntry).min(1).max(MEMBER_CAP),
});

export const invitation = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invited_by: person.nullable(),
  created_at: z.string(),
  sent_at: z.string(),
  expires_at: z.string(),
  is_expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitedList = z.object({ invitations: z.array(invitation) });

export const INVITE_OUTCOMES = ['added', 'invited', 'skipped'] as const;
export const SKIP_REASONS = [
  'invalid_email',
  'invalid_role',
  'duplicate',
  'already_member',
  'already_invited',
  'member_cap',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const inviteOutcome = z.object({
  email: z.string(),
  status: z.enum(INVITE_OUTCOMES),
  reason: z.enum(SKIP_REASONS).nullable(),
  message: z.string(),
});
export const inviteResult = z.object({ results: z.array(inviteOutcome) });
export const csvInviteResult = z.object({
  results: z.array(inviteOutcome.extend({ row: z.number().int() })),
  summary: z.object({
    added: z.number().int(),
    invited: z.number().int(),
    skipped: z.number().int(),
  }),
});
export type CsvInviteResult = z.infer<typeof csvInviteResult>;

export const inviteLink = z.object({ link: z.string(), token: z.string() });

export const joinTokenParam = z.object({ token: z.string().min(1).max(200) });
export const joinBody = z.object({ token: z.string().min(1).max(200) });
/** What the join, register and sign-in pages show before the person commits. */
export const invitationPreview = z.object({
  kind: z.enum(['email', 'link']),
  workspace: z.object({
    name: z.string(),
    workspace_type: z.enum(WORKSPACE_TYPES),
    color: z.string().nullable(),
    members_count: z.number().int(),
  }),
  email: z.string().nullable(),
  invited_by: z.string().nullable(),
  account_exists: z.boolean().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;
export const joinResult = z.object({ workspace, already_member: z.boolean() });

// Menus

export const menuItem = z.object({
  id: z.number(),
  name: z.string(),
  workspace_type: z.enum(WORKSPACE_TYPES),
  status: z.enum(WORKSPACE_STATUSES),
  role: z.enum(WORKSPACE_ROLES).nullable(),
  schema: z.object({ color: z.string().nullable() }),
  member_access: z.record(z.string(), z.boolean()),
  sections: z.array(z.enum(WORKSPACE_SECTIONS)),
});
export type MenuItem = z.infer<typeof menuItem>;
export const workspacesMenu = z.object({
  workspaces: z.array(menuItem),
  last_active_workspace_id: z.number().nullable(),
  /** Spec 4: the last active one, else the first entry, else none (shown as '-'). */
  active_workspace_id: z.number().nullable(),
});
export type WorkspacesMenu = z.infer<typeof workspacesMenu>;
export const coreMenu = z.object({ new_messages_count: z.number().int().min(0) });

// Questions and board views

export const QUESTION_TYPES = ['onboarding', 'assessment', 'check_in'] as const;
export const questionsQuery = z.object({ type: z.enum(QUESTION_TYPES) });
export const questionInput = z.object({
  text: z.string().trim().min(1).max(500),
  options: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  required: z.boolean().default(false),
});
export const saveQuestionsBody = z.object({
  type: z.enum(QUESTION_TYPES),
  questions: z.array(questionInput).max(50),
});
export const question = z.object({
  id: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
});
export const questionList = z.object({ questions: z.array(question) });

/** Which shape a board view's `config` must have, by its `kind` (others are free-form). */
const BOARD_VIEW_CONFIGS: Record<string, z.ZodTypeAny> = { objectives: objectiveBoardViewConfig };

export const boardViewBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    config: z.record(z.string().max(50), z.unknown()).default({}),
  })
  .superRefine((body, ctx) => {
    const shape = BOARD_VIEW_CONFIGS[String(body.config.kind)];
    const parsed = shape?.safeParse(body.config);
    for (const issue of parsed?.success === false ? parsed.error.issues : []) {
      ctx.addIssue({ ...issue, path: ['config', ...issue.path] } as z.IssueData);
    }
  });
export const boardView = z.object({
  id: z.number(),
  workspace_id: z.number(),
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export const boardViewList = z.object({ board_views: z.array(boardView) });
