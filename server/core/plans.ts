import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  PLAN_CODES,
  PLAN_FEATURE_EXTENSION,
  type PlanCode,
  type PlanFeature,
  type PlanLimits,
} from '@contracts/billing';
import { PLAN_REQUIRED_CODE } from '@contracts/constants';
import { MEMBER_CAP } from '@contracts/workspaces';
import type { DbOrTx } from '../db/client';
import { workspaceMembers, workspaces } from '../db/schema';
import { refusal } from '../http/errors';

/**
 * The plans (spec 3 "pricing rule", spec 9 "plan table ... configured"): one catalogue in code,
 * cheapest first, read by the gate below, the drive's capacity and the billing area. A
 * workspace's plan is its `payment_type` column; it changes only through a paid invoice (the
 * processor's webhook) or a supervisor. docs/decisions/billing.md.
 */
export interface PlanDefinition {
  id: number;
  code: PlanCode;
  name: string;
  /** Per calendar month, in minor units of BILLING_CURRENCY. */
  price: number;
  limits: Omit<PlanLimits, 'drive_capacity_mb'> & {
    /** null: the operator's DRIVE_CAPACITY_MB (the free capacity). */
    drive_capacity_mb: number | null;
  };
}

const features = (...on: PlanFeature[]): PlanLimits['features'] => ({
  okrs: on.includes('okrs'),
  assessments: on.includes('assessments'),
  recruit: on.includes('recruit'),
  lti: on.includes('lti'),
  calendar_sync: on.includes('calendar_sync'),
  performance_users: on.includes('performance_users'),
});

/** Premium and Enterprise differ in drive capacity only: every feature is on in both. */
const EVERY_FEATURE = features(
  'okrs',
  'assessments',
  'recruit',
  'calendar_sync',
  'lti',
  'performance_users',
);

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 1,
    code: 'free',
    name: 'Free',
    price: 0,
    limits: {
      members_per_workspace: MEMBER_CAP,
      drive_capacity_mb: null,
      features: features('okrs', 'assessments', 'recruit', 'calendar_sync'),
    },
  },
  {
    id: 2,
    code: 'premium',
    name: 'Premium',
    price: 900,
    limits: {
      members_per_workspace: MEMBER_CAP,
      drive_capacity_mb: 5 * 1024,
      features: EVERY_FEATURE,
    },
  },
  {
    id: 3,
    code: 'enterprise',
    name: 'Enterprise',
    price: 2900,
    limits: {
      members_per_workspace: MEMBER_CAP,
      drive_capacity_mb: 20 * 1024,
      features: EVERY_FEATURE,
    },
  },
];

/** The plan of a `payment_type`; an unknown code (an old row) reads as free. */
export function planOf(code: string): PlanDefinition {
  return PLANS.find((plan) => plan.code === code) ?? PLANS[0];
}

export const planRank = (code: string) => PLAN_CODES.indexOf(planOf(code).code);

/** The cheapest plan that includes `feature` (the one a refusal names). */
export function cheapestPlanWith(feature: PlanFeature): PlanDefinition {
  return PLANS.find((plan) => plan.limits.features[feature]) ?? PLANS[PLANS.length - 1];
}

export const planIncludes = (code: string, feature: PlanFeature) =>
  planOf(code).limits.features[feature];

/**
 * The server's gate of a plan feature (spec 6: gating by pricing_rule.payment_type). Every
 * workspace role, the owner included, is refused with 403 naming the plan that has it; the
 * owner's "may I use it" check (`abilities`) still answers yes, so the owner is offered the
 * upgrade. A supervisor passes, as in every permission check. Call it after the access check.
 */
export function requireFeature(
  access: { isSupervisor: boolean; workspace: { paymentType: string } },
  feature: PlanFeature,
): void {
  if (access.isSupervisor || planIncludes(access.workspace.paymentType, feature)) return;
  throw refusal(403, PLAN_REQUIRED_CODE, 'billing:errors.feature_needs_plan', {
    // Codes: the message names each plan in the reader's language ($t(billing:plans.names.*)).
    plan: cheapestPlanWith(feature).code,
    current: planOf(access.workspace.paymentType).code,
  });
}

/**
 * What a gated route adds to its schema so the OpenAPI document says which feature it needs
 * (`'x-plan-feature': 'lti'`): `schema: { tags, ...gatedBy('lti'), ... }`.
 */
export const gatedBy = (feature: PlanFeature) => ({ [PLAN_FEATURE_EXTENSION]: feature });

/**
 * A person's drive capacity in MB: the largest of their workspaces' plans (members that are
 * not deactivated, workspaces not archived), never below the free capacity `freeMb`.
 */
export async function driveCapacityMbOf(
  db: DbOrTx,
  userId: number,
  freeMb: number,
): Promise<number> {
  const paid = PLANS.filter((plan) => plan.limits.drive_capacity_mb !== null);
  if (paid.length === 0) return freeMb;
  const rows = await db
    .selectDistinct({ code: workspaces.paymentType })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        ne(workspaceMembers.role, 'deactive'),
        ne(workspaces.status, 'archived'),
        inArray(
          workspaces.paymentType,
          paid.map((plan) => plan.code),
        ),
      ),
    );
  return Math.max(freeMb, ...rows.map((row) => planOf(row.code).limits.drive_capacity_mb ?? 0));
}
