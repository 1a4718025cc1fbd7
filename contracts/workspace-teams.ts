import { z } from 'zod';
import { rowId, rowIdText } from './common';
import { person } from './people';

/** Teams inside a workspace (spec 3 "Team", 4 "Team", 7.3). Not Microsoft Teams: see teams.ts. */
export const TEAM_MEMBER_ROLES = ['leader', 'member'] as const;
export const TEAM_REQUEST_TYPES = ['join', 'invite'] as const;
export const TEAM_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

export const teamIdParam = z.object({ id: rowIdText });
export const teamMemberParams = teamIdParam.extend({
  member: rowIdText,
});
export const userIds = z
  .array(rowId)
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, 'Each person may appear once.');

export const teamMember = person.extend({
  role: z.enum(TEAM_MEMBER_ROLES),
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** What the caller may do with the team, so the client shows only working buttons. */
export const teamAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  delete_by_member: z.boolean(),
  manage_members: z.boolean(),
  change_avatar: z.boolean(),
  leave: z.boolean(),
  request_join: z.boolean(),
  subscribe: z.boolean(),
  invite: z.boolean(),
});

export const team = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** Made by a member for themself (spec "selfTeam"). */
  self_team: z.boolean(),
  subscribable: z.boolean(),
  max_members: z.number().int().nullable(),
  members: z.array(teamMember),
  members_count: z.number().int(),
  formation_run_id: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  is_member: z.boolean(),
  abilities: teamAbilities,
});
export type Team = z.infer<typeof team>;

export const teamResource = z.object({ team });
export const teamsResource = z.object({
  teams: z.array(team),
  /** The caller's team in this workspace, if any (spec: "the user has a team or not"). */
  user_team: team.nullable(),
});

const teamName = z.string().trim().min(1).max(80);
const teamDescription = z.string().trim().max(1000).nullable();
const maxMembers = z.number().int().min(1).max(500).nullable();

export const createTeamBody = z.object({
  name: teamName,
  description: teamDescription.optional(),
  subscribable: z.boolean().optional(),
  max_members: maxMembers.optional(),
  /** People to put in the team at once (owners and admins only). */
  member_ids: userIds.optional(),
});
export const updateTeamBody = z
  .object({
    name: teamName,
    description: teamDescription,
    subscribable: z.boolean(),
    max_members: maxMembers,
  })
  .partial();
/** The team's whole member list; `move` takes people out of their current team first. */
export const setMembersBody = z.object({ user_ids: userIds, move: z.boolean().default(false) });
export const subscribeByOwnerBody = z.object({ user_id: rowId });

export const teamModalInformation = z.object({
  team,
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  /** Skill names the caller may see across the members, with how many hold each. */
  skills: z.array(z.object({ name: z.string(), count: z.number().int() })),
  common_slots: z.array(z.number().int()),
  pending_requests: z.number().int(),
});

// ---------------------------------------------------------------- requests

export const createTeamRequestBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), message: z.string().trim().max(500).optional() }),
  z.object({
    type: z.literal('invite'),
    user_id: rowId,
    message: z.string().trim().max(500).optional(),
  }),
]);
export const teamRequest = z.object({
  id: z.number().int(),
  type: z.enum(TEAM_REQUEST_TYPES),
  status: z.enum(TEAM_REQUEST_STATUSES),
  message: z.string().nullable(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  /** The person who would join. */
  user: person,
  created_by: person,
  created_at: z.string(),
  answered_at: z.string().nullable(),
  can_answer: z.boolean(),
  can_cancel: z.boolean(),
});
export type TeamRequest = z.infer<typeof teamRequest>;
export const teamRequestResource = z.object({ request: teamRequest });
export const teamRequestsQuery = z.object({
  workspace_id: rowIdText.optional(),
  status: z.enum(TEAM_REQUEST_STATUSES).optional(),
});
export const teamRequestsResource = z.object({ requests: z.array(teamRequest) });
export const answerTeamRequestBody = z.object({
  status: z.enum(['accepted', 'declined', 'cancelled']),
});

// ---------------------------------------------------------------- a set of people

export const userSetBody = z.object({ user_ids: userIds.min(1) });
/**
 * Free hours of a set of people, counted over those whose availability the caller may see;
 * `common_slots` are the hours every one of them is free.
 */
export const teamAvailability = z.object({
  members_count: z.number().int(),
  members_with_availability: z.number().int(),
  hidden_user_ids: z.array(z.number().int()),
  common_slots: z.array(z.number().int()),
  slots: z.array(z.object({ hour: z.number().int(), count: z.number().int() })),
});
export const teamInformation = z.object({
  members: z.array(person),
  skills: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** Mean of each factor in standard deviations of the reference sample, over visible results. */
  personality: z
    .object({
      people: z.number().int(),
      mean_z: z.record(z.string(), z.number()),
    })
    .nullable(),
  availability: teamAvailability,
  hidden: z.object({
    skills: z.array(z.number().int()),
    personality: z.array(z.number().int()),
  }),
});

export const exportTeamsQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
