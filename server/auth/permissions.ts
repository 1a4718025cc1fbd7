import { PAYMENT_TYPES, type MemberAccessKey, type PaymentType } from '@contracts/workspaces';
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
  'manage_billing',
  'invite_members',
  'manage_members',
  'manage_owners',
  'view_member_reports',
  'manage_schedules',
  'manage_questions',
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

/**
 * Permissions an area adds, by declaration merging from the area's folder
 * (`declare module '../../auth/permissions' { interface AreaPermissions { manage_objectives:
 * true } }`), granted to roles with `registerPermissions` when the area loads. This file never
 * lists another area's permissions.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AreaPermissions {}
type AreaPermission = keyof AreaPermissions & string;
export type Permission = (typeof PERMISSIONS)[number] | AreaPermission;

const areaGrants = new Map<Permission, readonly WorkspaceRole[]>();

/** An area's permissions and the roles that hold them (owners hold every permission). */
export function registerPermissions(grants: Record<AreaPermission, readonly WorkspaceRole[]>) {
  for (const [permission, roles] of Object.entries(grants) as [Permission, WorkspaceRole[]][]) {
    areaGrants.set(permission, roles.includes('owner') ? roles : [...roles, 'owner']);
  }
}

/** Every permission: the core's and those the areas registered. */
export function allPermissions(): Permission[] {
  return [...PERMISSIONS, ...areaGrants.keys()];
}

/** Always passes (spec 6: "The value ACCESS always passes"). */
export const ACCESS = 'ACCESS';

/** What only an owner may do: the workspace's existence, its bill and who else owns it. */
const OWNER_ONLY: readonly Permission[] = ['delete_workspace', 'manage_owners', 'manage_billing'];

const memberPermissions: Permission[] = [
  'view_workspace',
  'view_members',
  'create_task_as_member',
  'submit_tasks',
  'join_teams',
];

export const ROLE_PERMISSIONS: Record<WorkspaceRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  member: memberPermissions,
  viewer: ['view_workspace', 'view_members'],
  deactive: [],
};

/**
 * Switches an owner can give members in the workspace settings (`member_access`), each
 * adding permissions to the member role only.
 */
export const MEMBER_ACCESS_GRANTS: Record<MemberAccessKey, Permission[]> = {
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
  for (const [permission, roles] of areaGrants) if (roles.includes(role)) granted.add(permission);
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

export { PAYMENT_TYPES, type PaymentType };

/** Features that only some plans include; everything not listed here is on every plan. */
export const PAID_FEATURES = {
  performance_users: ['premium', 'enterprise'],
} as const satisfies Record<string, readonly PaymentType[]>;
export type PaidFeature = keyof typeof PAID_FEATURES;

/**
 * Whether the caller may use a plan feature in this workspace. Spec 6: the owner's check
 * always answers yes (the owner sees the feature and is offered the upgrade from inside it);
 * supervisors pass as everywhere; everyone else needs a plan that includes it.
 */
export function canUseFeature(
  actor: { isSupervisor: boolean; role: WorkspaceRole | null },
  paymentType: string,
  feature: PaidFeature,
): boolean {
  if (actor.isSupervisor || actor.role === 'owner') return true;
  return paymentTypeAllows(paymentType, PAID_FEATURES[feature]);
}

/**
 * The caller's answers for every permission and plan feature, sent with each workspace so
 * the client shows only the buttons that will work.
 */
export function abilitiesFor(
  actor: {
    isSupervisor: boolean;
    role: WorkspaceRole | null;
    permissions: readonly string[];
    /** The workspace's only owner: the server refuses their leaving, so it is not offered. */
    isSoleOwner?: boolean;
  },
  paymentType: string,
): Record<Permission | PaidFeature | 'leave_workspace', boolean> {
  const abilities = Object.fromEntries(allPermissions().map((p) => [p, can(actor, p)])) as Record<
    Permission | PaidFeature | 'leave_workspace',
    boolean
  >;
  for (const feature of Object.keys(PAID_FEATURES) as PaidFeature[]) {
    abilities[feature] = canUseFeature(actor, paymentType, feature);
  }
  // Any member may leave, deactivated ones included, except the last owner.
  abilities.leave_workspace = actor.role !== null && !actor.isSoleOwner;
  return abilities;
}
