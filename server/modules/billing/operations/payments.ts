import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaymentStatus } from '@contracts/billing';
import type { Actor } from '../../../core/actor';
import { planRank } from '../../../core/plans';
import { invoicePayments, invoices, paymentEvents, workspaces } from '../../../db/schema';
import { AppError, badRequest, conflict, notFound, refusal } from '../../../http/errors';
import { processorMode, stripeClient, webhookSecrets, type StripeEvent } from '../processor';
import { ensureCustomer } from './customers';
import type { BillingDeps } from './deps';
import { invoiceFor, logBilling } from './invoices';
import { changePlan } from './plans';

const LOCAL_PAGE = '/api/v2/core/payments/local';

/** `payments/processor`: which processor takes cards here. */
export function processorStatus(deps: BillingDeps) {
  const mode = processorMode(deps.config);
  return {
    processor: {
      mode,
      configured: mode === 'stripe' ? Boolean(deps.config.STRIPE_WEBHOOK_SECRET) : false,
    },
  };
}

/**
 * `invoices/:id/pay`: starts a payment (a Stripe Checkout Session, or a local test session) and
 * answers where to send the browser. The invoice stays open: only the webhook marks it paid.
 */
export async function payInvoice(deps: BillingDeps, actor: Actor, invoiceId: number) {
  const { db, config } = deps;
  const { row, access } = await invoiceFor(deps, actor, invoiceId);
  if (row.status === 'paid') throw conflict('billing:errors.already_paid');
  if (row.status === 'void') throw conflict('billing:errors.invoice_void');
  const mode = processorMode(config);
  if (mode === 'off') throw refusal(409, 'not_configured', 'billing:errors.not_configured');
  const result = `${config.APP_URL}/payments/result/${row.id}`;
  let sessionId: string;
  let url: string;
  if (mode === 'stripe') {
    // The workspace's customer: its payments gather under it, and the customer portal opens on it.
    const customer = await ensureCustomer(deps, access, actor);
    const session = await stripeClient(config)
      .checkout.sessions.create({
        mode: 'payment',
        customer,
        client_reference_id: String(row.id),
        metadata: { invoice_id: String(row.id) },
        payment_intent_data: { metadata: { invoice_id: String(row.id) } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: row.currency,
              unit_amount: row.total,
              product_data: { name: `${row.number} · ${access.workspace.name}` },
            },
          },
        ],
        success_url: `${result}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${result}?cancelled=1`,
      })
      .catch((error: unknown) => {
        throw refusal(502, 'processor_unavailable', 'billing:errors.processor_unavailable', {
          reason: error instanceof Error ? error.message : 'unknown',
        });
      });
    if (!session.url)
      throw refusal(502, 'processor_unavailable', 'billing:errors.processor_unavailable');
    sessionId = session.id;
    url = session.url;
  } else {
    sessionId = `lcs_${randomBytes(16).toString('hex')}`;
    url = `${config.APP_URL}${LOCAL_PAGE}/${sessionId}`;
  }
  await db.transaction(async (tx) => {
    await tx.insert(invoicePayments).values({ invoiceId: row.id, processor: mode, sessionId, url });
    await logBilling(tx, {
      workspaceId: row.workspaceId,
      invoiceId: row.id,
      action: 'payment_started',
      userId: actor.userId,
      detail: mode,
    });
  });
  return { payment: { redirect_url: url, processor: mode } };
}

/** `invoices/:id/verify`: pending until the webhook arrived, whatever the browser says. */
export async function verifyInvoice(deps: BillingDeps, actor: Actor, invoiceId: number) {
  const { row, invoice } = await invoiceFor(deps, actor, invoiceId);
  const status: PaymentStatus =
    row.status === 'paid' || row.status === 'failed' || row.status === 'void'
      ? row.status
      : 'pending';
  return { status, invoice };
}

type Outcome = 'paid' | 'failed' | null;

/** What an event means for its invoice (Checkout Sessions and their PaymentIntents). */
function outcomeOf(event: StripeEvent): {
  outcome: Outcome;
  invoiceId: number | null;
  amount?: number;
  currency?: string;
} {
  const object = event.data.object as unknown as {
    metadata?: Record<string, string> | null;
    payment_status?: string;
    amount_total?: number | null;
    amount_received?: number | null;
    currency?: string | null;
  };
  const raw = object.metadata?.invoice_id;
  const invoiceId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const payment = (outcome: Outcome, amount: number | null | undefined) => ({
    outcome,
    invoiceId,
    amount: amount ?? undefined,
    currency: object.currency ?? undefined,
  });
  switch (event.type) {
    case 'checkout.session.completed':
      return payment(object.payment_status === 'paid' ? 'paid' : null, object.amount_total);
    case 'checkout.session.async_payment_succeeded':
      return payment('paid', object.amount_total);
    case 'payment_intent.succeeded':
      return payment('paid', object.amount_received);
    case 'checkout.session.async_payment_failed':
    case 'payment_intent.payment_failed':
      return { outcome: 'failed', invoiceId };
    default:
      return { outcome: null, invoiceId };
  }
}

/**
 * Applies one processor event, once per event id (a replay finds its id and changes nothing).
 * Paid wins: a failure arriving after a success leaves the invoice paid. A paid invoice puts the
 * workspace on its plan (never down: a late period invoice of a lower plan leaves it).
 */
export async function applyPaymentEvent(deps: BillingDeps, event: StripeEvent) {
  const { outcome, invoiceId, amount, currency } = outcomeOf(event);
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, invoiceId })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (!fresh) return { applied: false };
    if (!outcome || invoiceId === null) return { applied: false };
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!row) return { applied: false };
    const log = { workspaceId: row.workspaceId, invoiceId: row.id, detail: event.id };
    if (outcome === 'failed') {
      if (row.status !== 'open' && row.status !== 'draft') return { applied: false };
      await tx
        .update(invoices)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(eq(invoices.id, row.id));
      await logBilling(tx, { ...log, action: 'failed' });
      return { applied: true };
    }
    if (row.status === 'paid') return { applied: false };
    if (
      (amount !== undefined && amount !== row.total) ||
      (currency !== undefined && currency.toLowerCase() !== row.currency)
    ) {
      await logBilling(tx, {
        ...log,
        action: 'failed',
        detail: `${event.id}: amount ${amount} ${currency}`,
      });
      return { applied: false };
    }
    await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, row.id));
    await logBilling(tx, { ...log, action: 'paid' });
    const [workspace] = await tx
      .select({ paymentType: workspaces.paymentType })
      .from(workspaces)
      .where(eq(workspaces.id, row.workspaceId))
      .for('update');
    if (workspace && planRank(row.paymentType) > planRank(workspace.paymentType)) {
      await changePlan(tx, {
        workspaceId: row.workspaceId,
        from: workspace.paymentType,
        to: row.paymentType,
        userId: null,
        why: row.number,
      });
    }
    return { applied: true };
  });
}

/**
 * `payments/webhook`: the raw body verified by its signature (stripe.webhooks.constructEvent),
 * then applied. A bad or missing signature is refused with 400.
 */
export async function receiveWebhook(
  deps: BillingDeps,
  input: { raw: Buffer | string; signature: string | undefined },
) {
  const secrets = await webhookSecrets(deps.config, deps.signingKeys);
  if (secrets.length === 0) throw refusal(409, 'not_configured', 'billing:errors.not_configured');
  const signature = input.signature;
  if (!signature) throw badRequest('billing:errors.bad_signature');
  const webhooks = stripeClient(deps.config).webhooks;
  const event = secrets
    .map((secret) => {
      try {
        return webhooks.constructEvent(input.raw, signature, secret);
      } catch {
        return null;
      }
    })
    .find((verified): verified is StripeEvent => verified !== null);
  if (!event) throw badRequest('billing:errors.bad_signature');
  const { applied } = await applyPaymentEvent(deps, event);
  return { received: true as const, applied };
}

/** A local test session and its invoice (404 once paid elsewhere or in production). */
export async function localSession(deps: BillingDeps, sessionId: string) {
  if (processorMode(deps.config) !== 'local') throw notFound('billing:errors.session_not_found');
  const [found] = await deps.db
    .select({ invoice: invoices, name: workspaces.name })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(workspaces, eq(workspaces.id, invoices.workspaceId))
    .where(and(eq(invoicePayments.sessionId, sessionId), eq(invoicePayments.processor, 'local')))
    .limit(1);
  if (!found) throw notFound('billing:errors.session_not_found');
  return found;
}

/**
 * The local processor's "pay" or "fail": it signs an event the way Stripe does, with its own
 * secret, and hands it to `receiveWebhook`: the same path as a real webhook. Refused in production.
 */
export async function completeLocalSession(
  deps: BillingDeps,
  input: { sessionId: string; outcome: 'succeeded' | 'failed' },
) {
  const { invoice } = await localSession(deps, input.sessionId);
  if (invoice.status === 'void') throw conflict('billing:errors.invoice_void');
  const metadata = { invoice_id: String(invoice.id) };
  const object =
    input.outcome === 'succeeded'
      ? {
          id: input.sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: invoice.total,
          currency: invoice.currency,
          metadata,
        }
      : { id: `pi_local_${randomBytes(8).toString('hex')}`, object: 'payment_intent', metadata };
  const payload = JSON.stringify({
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type:
      input.outcome === 'succeeded'
        ? 'checkout.session.completed'
        : 'payment_intent.payment_failed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const [secret] = await webhookSecrets(deps.config, deps.signingKeys);
  if (!secret) throw new AppError(404, 'not_found', { key: 'billing:errors.session_not_found' });
  const signature = stripeClient(deps.config).webhooks.generateTestHeaderString({
    payload,
    secret,
  });
  await receiveWebhook(deps, { raw: payload, signature });
  return { invoiceId: invoice.id };
}
