import { and, count, desc, eq, gt, inArray, lt, ne, notExists } from 'drizzle-orm';
import type { ActivePackage, PlanCode, PricingRule, UpgradeRequestBody } from '@contracts/billing';
import { can } from '../../../auth/permissions';
import type { Actor } from '../../../core/actor';
import { planOf, planRank, PLANS, type PlanDefinition } from '../../../core/plans';
import {
  workspaceAccessFor,
  workspaceOperation,
  type WorkspaceAccess,
} from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import { invoices, workspaceMembers, workspaces } from '../../../db/schema';
import { forbidden, validationFailed } from '../../../http/errors';
import { translator } from '../../../i18n';
import { portalAvailable } from './customers';
import type { BillingDeps } from './deps';
import { issueInvoice, logBilling, presentInvoice } from './invoices';
import { periodOf, prorate, today } from './periods';

export function presentPlan(plan: PlanDefinition, config: BillingDeps['config']): PricingRule {
  return {
    id: plan.id,
    payment_type: plan.code,
    name: plan.name,
    price: plan.price,
    currency: config.BILLING_CURRENCY,
    interval: 'month',
    limits: {
      ...plan.limits,
      drive_capacity_mb: plan.limits.drive_capacity_mb ?? config.DRIVE_CAPACITY_MB,
    },
  };
}

/** `pricing-rules`: every plan, cheapest first. */
export function listPricingRules(deps: BillingDeps, _actor: Actor) {
  return { pricing_rules: PLANS.map((plan) => presentPlan(plan, deps.config)) };
}

/** The upgrade invoice of the current period still waiting for payment, if any. */
async function pendingUpgrade(db: DbOrTx, workspaceId: number, periodEnd: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.workspaceId, workspaceId),
        eq(invoices.kind, 'upgrade'),
        inArray(invoices.status, ['open', 'failed']),
        eq(invoices.periodEnd, periodEnd),
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ?? null;
}

async function packageOf(deps: BillingDeps, access: WorkspaceAccess): Promise<ActivePackage> {
  const { db } = deps;
  const workspace = access.workspace;
  const period = periodOf(new Date());
  const plan = planOf(workspace.paymentType);
  const manage = can(access, 'manage_billing');
  const [[members], pending, portal] = await Promise.all([
    db
      .select({ used: count() })
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, workspace.id), ne(workspaceMembers.role, 'deactive')),
      ),
    pendingUpgrade(db, workspace.id, period.end),
    portalAvailable(deps, access, manage),
  ]);
  return {
    workspace_id: workspace.id,
    pricing_rule: presentPlan(plan, deps.config),
    period,
    usage: { members: { used: members.used, limit: plan.limits.members_per_workspace } },
    pending_invoice: pending && presentInvoice(pending, workspace.name),
    can_manage: manage,
    billing_portal: portal,
  };
}

/** `pricing-rules/:id/active-package`, `:id` the workspace: any member reads it. */
export async function showActivePackage(deps: BillingDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'view_workspace');
  return { active_package: await packageOf(deps, access) };
}

/**
 * `pricing-rules/:id/upgrade-request`: the invoice for the rest of the current period on the
 * higher plan (prorated: remaining days / days in period × price difference, half up). The plan
 * changes only when the invoice is paid (the processor's webhook). Asking again for the same plan
 * returns the invoice already waiting; asking for another plan voids it first.
 */
export async function requestUpgrade(
  deps: BillingDeps,
  actor: Actor,
  input: { workspaceId: number; body: UpgradeRequestBody; lang: 'en' | 'vi' },
) {
  const { db, config } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'manage_billing', {
    change: true,
  });
  const current = planOf(access.workspace.paymentType);
  const target = planOf(input.body.payment_type);
  if (planRank(target.code) <= planRank(current.code)) {
    throw validationFailed({ payment_type: 'billing:errors.not_an_upgrade' });
  }
  const now = new Date();
  const period = periodOf(now);
  const t = translator(input.lang);
  const invoice = await db.transaction(async (tx) => {
    const waiting = await pendingUpgrade(tx, access.workspace.id, period.end);
    if (
      waiting &&
      waiting.paymentType === target.code &&
      waiting.fromPaymentType === current.code
    ) {
      return waiting;
    }
    if (waiting) {
      await tx
        .update(invoices)
        .set({ status: 'void', updatedAt: now })
        .where(eq(invoices.id, waiting.id));
      await logBilling(tx, {
        workspaceId: waiting.workspaceId,
        invoiceId: waiting.id,
        action: 'voided',
        userId: actor.userId,
      });
    }
    const start = today(now);
    const { amount, remainingDays, periodDays } = prorate({
      today: start,
      period,
      oldPrice: current.price,
      newPrice: target.price,
    });
    const description = t('billing:invoice.upgrade_line', {
      from: t(`billing:plans.names.${current.code}`),
      to: t(`billing:plans.names.${target.code}`),
      start,
      end: period.end,
      days: remainingDays,
      period_days: periodDays,
    });
    const row = await issueInvoice(tx, {
      workspaceId: access.workspace.id,
      kind: 'upgrade',
      paymentType: target.code,
      fromPaymentType: current.code,
      period: { start, end: period.end },
      lines: [{ description, quantity: 1, unit_amount: amount, amount }],
      currency: config.BILLING_CURRENCY,
      userId: actor.userId,
    });
    return row!;
  });
  return {
    invoice: presentInvoice(invoice, access.workspace.name),
    active_package: await packageOf(deps, access),
  };
}

/**
 * Puts a workspace on a plan: from the paid-invoice path, or a supervisor's own decision
 * (PATCH workspaces/:id/payment). In the caller's transaction, logged.
 */
export async function changePlan(
  tx: DbOrTx,
  input: { workspaceId: number; from: string; to: PlanCode; userId: number | null; why: string },
) {
  if (input.from === input.to) return;
  await tx
    .update(workspaces)
    .set({ paymentType: input.to, updatedAt: new Date() })
    .where(eq(workspaces.id, input.workspaceId));
  await logBilling(tx, {
    workspaceId: input.workspaceId,
    action: 'plan_changed',
    userId: input.userId,
    detail: `${input.from} → ${input.to} (${input.why})`,
  });
}

/** PATCH workspaces/:id/payment: a supervisor sets the plan; anyone else is refused (403). */
export const setPlanBySupervisor = workspaceOperation(
  'manage_billing',
  async (
    deps: BillingDeps,
    access,
    input: { workspaceId: number; paymentType: PlanCode },
    actor: Actor,
  ) => {
    if (!access.isSupervisor) throw forbidden('billing:errors.plan_through_invoice');
    await deps.db.transaction((tx) =>
      changePlan(tx, {
        workspaceId: input.workspaceId,
        from: access.workspace.paymentType,
        to: input.paymentType,
        userId: actor.userId,
        why: 'supervisor',
      }),
    );
    return showActivePackage(deps, actor, input.workspaceId);
  },
);

/**
 * The period job: an invoice for the current period of every workspace on a paid plan that has
 * none covering it (an upgrade's invoice covers the rest of its period). Archived workspaces are
 * not billed. The unique index makes a second run (or process) add nothing.
 */
export async function issuePeriodInvoices(deps: BillingDeps, now = new Date()) {
  const { db, config } = deps;
  const period = periodOf(now);
  const paid = PLANS.filter((plan) => plan.price > 0).map((plan) => plan.code);
  const due = await db
    .select({ id: workspaces.id, paymentType: workspaces.paymentType })
    .from(workspaces)
    .where(
      and(
        inArray(workspaces.paymentType, paid),
        ne(workspaces.status, 'archived'),
        notExists(
          db
            .select({ id: invoices.id })
            .from(invoices)
            .where(
              and(
                eq(invoices.workspaceId, workspaces.id),
                ne(invoices.status, 'void'),
                lt(invoices.periodStart, period.end),
                gt(invoices.periodEnd, period.start),
              ),
            ),
        ),
      ),
    );
  const t = translator('en');
  let issued = 0;
  for (const workspace of due) {
    const plan = planOf(workspace.paymentType);
    const row = await db.transaction((tx) =>
      issueInvoice(tx, {
        workspaceId: workspace.id,
        kind: 'period',
        paymentType: plan.code,
        period,
        lines: [
          {
            description: t('billing:invoice.period_line', {
              plan: t(`billing:plans.names.${plan.code}`),
              start: period.start,
              end: period.end,
            }),
            quantity: 1,
            unit_amount: plan.price,
            amount: plan.price,
          },
        ],
        currency: config.BILLING_CURRENCY,
      }),
    );
    if (row) issued += 1;
  }
  return issued;
}
