import type { WorkspaceRole } from '../db/schema';

/**
 * Who may do what inside a workspace: one table, one check (spec 6). Every workspace route
 * asks `can()`; the client gets the same answers as `abilities` and never re-implements them.
 * docs/decisions/roles-and-permissions.md explains the choices.
 */
export const PERMISSIONS = [
  'view_workspace',
  'view_members',
  'update_workspace',
  'archive_workspace',
  'delete_workspace',
  'invite_members',
  'manage_members',
  'manage_owners',
  'manage_criteria',
  'manage_name_banks',
  'manage_general_pins',
  'create_task',
  'create_task_as_member',
  'manage_tasks',
  'review_tasks',
  'submit_tasks',
  'view_task_submission_report',
  'view_subtask_submission_report',
  'view_assessment_report_by_owner',
  'manage_teams',
  'form_teams',
  'create_own_team',
  'join_teams',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Always passes (spec 6: "The value ACCESS always passes"). */
export const ACCESS = 'ACCESS';

const memberPermissions: Permission[] = [
  'view_workspace',
  'view_members',
  'create_task_as_member',
  'submit_tasks',
  'join_teams',
];

export const ROLE_PERMISSIONS: Record<WorkspaceRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== 'delete_workspace' && p !== 'manage_owners'),
  member: memberPermissions,
  viewer: ['view_workspace', 'view_members'],
  deactive: [],
};

/**
 * Switches an owner can give members in the workspace settings (`member_access`), each
 * adding permissions to the member role only.
 */
export const MEMBER_ACCESS_GRANTS: Record<string, Permission[]> = {
  invite_members: ['invite_members'],
  create_own_team: ['create_own_team'],
  view_task_reports: ['view_task_submission_report', 'view_subtask_submission_report'],
};

export function permissionsFor(
  role: WorkspaceRole | null,
  memberAccess: Record<string, boolean> = {},
): Permission[] {
  if (!role) return [];
  const granted = new Set<Permission>(ROLE_PERMISSIONS[role]);
  if (role === 'member') {
    for (const [flag, permissions] of Object.entries(MEMBER_ACCESS_GRANTS)) {
      if (memberAccess[flag]) permissions.forEach((p) => granted.add(p));
    }
  }
  return [...granted];
}

/**
 * Spec 6's check: a supervisor passes everything; ACCESS passes; otherwise every required
 * permission must be in the list; an empty or missing list denies.
 */
export function can(
  actor: { isSupervisor: boolean; permissions: readonly string[] | null | undefined },
  required: string | readonly string[],
): boolean {
  if (actor.isSupervisor) return true;
  const needed = typeof required === 'string' ? [required] : required;
  if (needed.includes(ACCESS)) return true;
  const list = actor.permissions;
  if (!list || list.length === 0) return false;
  return needed.every((permission) => list.includes(permission));
}

/** Feature gating by pricing_rule.payment_type, matched against one type or a list. */
export function paymentTypeAllows(
  paymentType: string,
  allowed: string | readonly string[],
): boolean {
  return typeof allowed === 'string' ? paymentType === allowed : allowed.includes(paymentType);
}
