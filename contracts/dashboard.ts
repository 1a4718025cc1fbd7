import { z } from 'zod';
import { idParam, rowIdText } from './common';
import { MIN_ANONYMITY_THRESHOLD } from './assessments';
import { notificationItem } from './notifications';
import { CHECK_IN_STATUSES } from './okrs';
import { SKILL_CATEGORIES } from './profile';
import { todoItem } from './tasks';
import { WORKSPACE_TYPES } from './workspaces';

/**
 * Dashboards (issue 34, spec 2.1 /dashboard, 2.6 workspace dashboard, 7.16): a person's own
 * page, and a workspace's figures for its owners and admins. Every figure about people comes
 * through the anonymity rules of server/modules/dashboard/anonymity.ts: a figure over fewer
 * people than the threshold is null, never a number.
 */

/** The fewest people any workspace figure is about: the assessments' smallest threshold. */
export const DASHBOARD_THRESHOLD = MIN_ANONYMITY_THRESHOLD;

// ---------------------------------------------------------------- a person's dashboard

export const myWorkspaceWork = z.object({
  workspace_id: z.number().int(),
  workspace_name: z.string(),
  /** Everything the person has to do there, and how much of it is overdue. */
  to_do: z.number().int(),
  overdue: z.number().int(),
  link: z.string(),
});
export const myObjective = z.object({
  id: z.number().int(),
  name: z.string(),
  workspace_id: z.number().int(),
  workspace_name: z.string(),
  /** Percent, 0 to 100, rolled up the alignment tree as the OKR page shows it. */
  progress: z.number(),
  status: z.enum(CHECK_IN_STATUSES).nullable(),
  link: z.string(),
});
export const personalDashboard = z.object({
  /** Work with a due date: overdue first, then the soonest (at most 10). */
  due: z.array(todoItem),
  due_total: z.number().int(),
  my_work: z.array(myWorkspaceWork),
  objectives: z.array(myObjective),
  /** 360s the person is asked to answer. */
  assessments: z.array(todoItem),
  unread_messages: z.number().int(),
  notifications: z.array(notificationItem),
  unread_notifications: z.number().int(),
});
export type PersonalDashboard = z.infer<typeof personalDashboard>;
export type MyObjective = z.infer<typeof myObjective>;

// ---------------------------------------------------------------- a workspace's dashboard

/** How far back the figures look, in weeks. */
export const DASHBOARD_PERIODS = ['4w', '12w', '26w'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const PERIOD_WEEKS: Record<DashboardPeriod, number> = { '4w': 4, '12w': 12, '26w': 26 };

export const workspaceDashboardQuery = z
  .object({
    period: z.enum(DASHBOARD_PERIODS).default('12w'),
    team_id: rowIdText.optional(),
  })
  .strict();
export type WorkspaceDashboardQuery = z.input<typeof workspaceDashboardQuery>;
export const workspaceDashboardParams = idParam;

/** A count or a share that is null when too few people are behind it. */
const shown = z.number().nullable();

export const taskWeek = z.object({
  /** Monday of the week (UTC), YYYY-MM-DD. */
  week: z.string(),
  /** Units of work due that week, handed in, and answered by a reviewer (or closed). */
  due: shown,
  submitted: shown,
  reviewed: shown,
  /** Percent of due units handed in; percent of handed-in units reviewed. */
  submission_rate: shown,
  review_rate: shown,
});
export const teamOverdue = z.object({
  /** Null: the people without a team. */
  team_id: z.number().int().nullable(),
  name: z.string().nullable(),
  people: z.number().int(),
  overdue: shown,
});
export const assessmentCompletion = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  /** Null when fewer raters than the assessment's threshold (and the dashboard's) are in view. */
  raters: shown,
  answers_due: shown,
  answered: shown,
  completion: shown,
});
export const teamBalance = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  /** From the team-formation measures; null for a team smaller than the threshold. */
  skills_coverage: shown,
  common_hours: shown,
  /** Largest distance of the team's personality mean from the cohort's, in standard deviations. */
  personality_gap: shown,
});
export const activityWeek = z.object({ week: z.string(), active: shown, share: shown });

export const workspaceDashboard = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  team_id: z.number().int().nullable(),
  threshold: z.number().int(),
  /** People the figures are about (members in the workspace, or in the team). */
  people: z.number().int(),
  /** True when the selection holds too few people (or leaves too few out) to show anything. */
  suppressed: z.boolean(),
  tasks: z.object({
    weeks: z.array(taskWeek),
    due: shown,
    submitted: shown,
    reviewed: shown,
    submission_rate: shown,
    review_rate: shown,
  }),
  overdue: z.object({
    /** Overdue units (not handed in after the due date) of the people in view. */
    units: shown,
    /** People with overdue work and people without: each null below the threshold. */
    people_with: shown,
    people_without: shown,
    by_team: z.array(teamOverdue),
  }),
  okrs: z.object({
    objectives: z.number().int(),
    mean_progress: z.number().nullable(),
    status_mix: z.object({
      'on trace': z.number().int(),
      'at risk': z.number().int(),
      'has issue': z.number().int(),
      none: z.number().int(),
    }),
  }),
  assessments: z.array(assessmentCompletion),
  teams: z.object({
    teams: z.number().int(),
    people_in_teams: z.number().int(),
    people_without_team: z.number().int(),
    /** The latest team-formation run: its status and when it was made. */
    formation: z
      .object({ status: z.string(), created_at: z.string(), confirmed_at: z.string().nullable() })
      .nullable(),
    /**
     * The measures of the current split (null: nothing to measure or too few people); a measure
     * nobody gave data for is null, and `no_data` says which (issue 28).
     */
    balance: z
      .object({
        personality_spread: z.number().nullable(),
        skills_mean: z.number().nullable(),
        availability_mean: z.number().nullable(),
      })
      .nullable(),
    /**
     * Measures nobody gave data for: personality (fewer than two finished the self-assessment),
     * skills (the workspace asks for none), availability (nobody set free hours). Their values
     * here and in `by_team` are null.
     */
    no_data: z.object({
      personality: z.boolean(),
      skills: z.boolean(),
      availability: z.boolean(),
    }),
    by_team: z.array(teamBalance),
  }),
  activity: z.array(activityWeek),
  /** The workspace's teams, for the team filter. */
  team_choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type WorkspaceDashboard = z.infer<typeof workspaceDashboard>;
export type TaskWeek = z.infer<typeof taskWeek>;

// ---------------------------------------------------------------- categories (spec 7.14)

export const CATEGORY_TYPES = ['skill', 'workspace'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
export const categoriesQuery = z.object({ type: z.enum(CATEGORY_TYPES) }).strict();
export const category = z.object({
  /** The stable code, e.g. `data_ai` or `course`. */
  id: z.string(),
  name: z.string(),
  /** Skills: how many catalogue skills it holds; null for other types. */
  count: z.number().int().nullable(),
});
export const categoriesResource = z.object({
  type: z.enum(CATEGORY_TYPES),
  categories: z.array(category),
});
export type Category = z.infer<typeof category>;

/** Codes of each type, for the server and the client alike. */
export const CATEGORY_CODES: Record<CategoryType, readonly string[]> = {
  skill: SKILL_CATEGORIES,
  workspace: WORKSPACE_TYPES,
};
