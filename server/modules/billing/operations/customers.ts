import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { planRank } from '../../../core/plans';
import { workspaceAccessFor, type WorkspaceAccess } from '../../../core/workspace-access';
import { billingCustomers, users } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { processorMode, stripeClient } from '../processor';
import type { BillingDeps } from './deps';

const unavailable = (error: unknown) =>
  refusal(502, 'processor_unavailable', 'billing:errors.processor_unavailable', {
    reason: error instanceof Error ? error.message : 'unknown',
  });

/** The workspace's Stripe customer id, if one was made. */
export async function customerOf(deps: BillingDeps, workspaceId: number) {
  const [row] = await deps.db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.workspaceId, workspaceId));
  return row?.customerId ?? null;
}

/**
 * The workspace's Stripe customer, made on first need (`stripe.customers.create`, with an
 * idempotency key per workspace so two racing Checkouts make one) and kept. Stripe mode only.
 */
export async function ensureCustomer(
  deps: BillingDeps,
  access: WorkspaceAccess,
  actor: Actor,
): Promise<string> {
  const existing = await customerOf(deps, access.workspace.id);
  if (existing) return existing;
  const [person] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  const customer = await stripeClient(deps.config)
    .customers.create(
      {
        name: access.workspace.name,
        email: person?.email ?? undefined,
        metadata: { workspace_id: String(access.workspace.id) },
      },
      { idempotencyKey: `teamloop-workspace-customer-${access.workspace.id}` },
    )
    .catch((error: unknown) => {
      throw unavailable(error);
    });
  await deps.db
    .insert(billingCustomers)
    .values({ workspaceId: access.workspace.id, customerId: customer.id })
    .onConflictDoNothing();
  return (await customerOf(deps, access.workspace.id)) ?? customer.id;
}

/** Whether the portal can open for this workspace now (what the screen shows it by). */
export async function portalAvailable(deps: BillingDeps, access: WorkspaceAccess, manage: boolean) {
  if (!manage || processorMode(deps.config) !== 'stripe') return false;
  if (planRank(access.workspace.paymentType) > planRank('free')) return true;
  return (await customerOf(deps, access.workspace.id)) !== null;
}

/**
 * `workspaces/:id/billing-portal`: a session of Stripe's customer portal (payment methods,
 * billing details, Stripe's receipts), back to the subscriptions page. Only with Stripe (the
 * local test processor has no portal: 409), for whoever manages the workspace's billing, and for
 * a workspace that has a Stripe customer or a paid plan (409 otherwise: nothing to manage yet).
 */
export async function openBillingPortal(deps: BillingDeps, actor: Actor, workspaceId: number) {
  const { config } = deps;
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'manage_billing');
  if (processorMode(config) !== 'stripe') {
    throw refusal(409, 'not_configured', 'billing:errors.portal_needs_stripe');
  }
  const paid = planRank(access.workspace.paymentType) > planRank('free');
  const customer = paid
    ? await ensureCustomer(deps, access, actor)
    : await customerOf(deps, workspaceId);
  if (!customer) throw refusal(409, 'no_billing_customer', 'billing:errors.no_customer');
  const session = await stripeClient(config)
    .billingPortal.sessions.create({
      customer,
      return_url: `${config.APP_URL.replace(/\/+$/, '')}/settings/subscriptions-payments?workspace=${workspaceId}`,
    })
    .catch((error: unknown) => {
      throw unavailable(error);
    });
  if (!session.url)
    throw refusal(502, 'processor_unavailable', 'billing:errors.processor_unavailable');
  return { portal: { url: session.url } };
}
