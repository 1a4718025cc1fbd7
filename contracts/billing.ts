import { z } from 'zod';
import { MAX_PER_PAGE, paged, rowIdText } from './common';
import { MEMBER_CAP, PAYMENT_TYPES } from './workspaces';

/**
 * Plans, invoices and card payments (spec 3 "pricing rule", "active package", "Invoice", 6 gating
 * by pricing_rule.payment_type, 7.2 and 7.10; issue 33). Routes under /api/v2/core;
 * docs/decisions/billing.md. Amounts are integers in the currency's minor unit (cents).
 */

/** The plans (`pricing_rule.payment_type`), cheapest first; new workspaces start on free. */
export const PLAN_CODES = PAYMENT_TYPES;
export type PlanCode = (typeof PLAN_CODES)[number];

/** What a plan may include. A route of a feature answers 403 on a plan without it. */
export const PLAN_FEATURES = [
  'okrs',
  'assessments',
  'recruit',
  'lti',
  'calendar_sync',
  'performance_users',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** The OpenAPI extension a gated route carries: `'x-plan-feature': 'lti'`. */
export const PLAN_FEATURE_EXTENSION = 'x-plan-feature';

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'failed', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Why an invoice was made: a new period of a paid plan, or an upgrade inside a period. */
export const INVOICE_KINDS = ['period', 'upgrade'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * What `invoices/:id/verify` answers: `pending` until the processor's webhook arrived (a browser
 * back from the payment page proves nothing), then paid or failed.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `stripe` with STRIPE_SECRET_KEY, `local` the test processor (never in production), `off`. */
export const PROCESSOR_MODES = ['stripe', 'local', 'off'] as const;
export type ProcessorMode = (typeof PROCESSOR_MODES)[number];

export const planLimits = z.object({
  /** People per workspace; never above the spec's cap of 20. */
  members_per_workspace: z.number().int().min(1).max(MEMBER_CAP),
  /** Each member's drive capacity (MB) while they belong to a workspace on this plan. */
  drive_capacity_mb: z.number().int().min(0),
  features: z.object(
    Object.fromEntries(PLAN_FEATURES.map((f) => [f, z.boolean()])) as Record<
      PlanFeature,
      z.ZodBoolean
    >,
  ),
});
export type PlanLimits = z.infer<typeof planLimits>;

/** A pricing rule: one plan and its price per period (a calendar month, UTC). */
export const pricingRule = z.object({
  id: z.number().int(),
  /** The code a workspace's `pricing_rule.payment_type` holds. */
  payment_type: z.enum(PLAN_CODES),
  name: z.string(),
  /** Per period, in minor units (0 for free). */
  price: z.number().int(),
  currency: z.string(),
  interval: z.literal('month'),
  limits: planLimits,
});
export type PricingRule = z.infer<typeof pricingRule>;
export const pricingRuleList = z.object({ pricing_rules: z.array(pricingRule) });

export const usage = z.object({
  members: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type Usage = z.infer<typeof usage>;

export const invoiceLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  /** Minor units. */
  unit_amount: z.number().int(),
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoice = z.object({
  id: z.number().int(),
  /** e.g. TL-2026-000042, unique and increasing. */
  number: z.string(),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(INVOICE_KINDS),
  /** The plan the invoice pays for (an upgrade's target plan). */
  payment_type: z.enum(PLAN_CODES),
  /** ISO dates (YYYY-MM-DD), end exclusive. */
  period: z.object({ start: z.string(), end: z.string() }),
  lines: z.array(invoiceLine),
  subtotal: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  pdf_url: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

/** The plan a workspace is on now, its period and usage, and an upgrade waiting for payment. */
export const activePackage = z.object({
  workspace_id: z.number().int(),
  pricing_rule: pricingRule,
  period: z.object({ start: z.string(), end: z.string() }),
  usage,
  /** The open or failed upgrade invoice, if one waits for payment. */
  pending_invoice: invoice.nullable(),
  /** Whether the caller may pay and upgrade (the workspace's billing permission). */
  can_manage: z.boolean(),
  /**
   * Whether the caller may open Stripe's customer portal for it now: Stripe configured, the
   * billing permission, and a Stripe customer (made at the first Checkout) or a paid plan.
   */
  billing_portal: z.boolean(),
});
export type ActivePackage = z.infer<typeof activePackage>;
export const activePackageResource = z.object({ active_package: activePackage });

/** `:id` of `pricing-rules/:id/upgrade-request` is the workspace; the body names the plan. */
export const upgradeRequestBody = z
  .object({ payment_type: z.enum(PLAN_CODES).exclude(['free']) })
  .strict();
export type UpgradeRequestBody = z.infer<typeof upgradeRequestBody>;
export const upgradeRequestResult = z.object({ invoice, active_package: activePackage });

/** A supervisor sets a workspace's plan without payment (PATCH workspaces/:id/payment). */
export const supervisorPlanBody = z.object({ payment_type: z.enum(PLAN_CODES) }).strict();

export const invoiceListQuery = z.object({
  workspace: rowIdText.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(20),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;
export const invoiceList = z.object({ invoices: paged(invoice) });
export const invoiceResource = z.object({ invoice });

export const INVOICE_LOG_ACTIONS = [
  'created',
  'payment_started',
  'paid',
  'failed',
  'voided',
  'plan_changed',
] as const;
export type InvoiceLogAction = (typeof INVOICE_LOG_ACTIONS)[number];

export const invoiceLog = z.object({
  id: z.number().int(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  workspace_id: z.number().int(),
  action: z.enum(INVOICE_LOG_ACTIONS),
  /** Who did it: a person's id, or null for the processor's webhook and jobs. */
  user_id: z.number().int().nullable(),
  /** e.g. the processor's event id, or "free → premium". */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type InvoiceLog = z.infer<typeof invoiceLog>;
export const invoiceLogQuery = invoiceListQuery.pick({
  workspace: true,
  page: true,
  per_page: true,
});
export const invoiceLogList = z.object({ logs: paged(invoiceLog) });

/** `invoices/:id/pay`: where to send the browser (the processor's hosted card page). */
export const payAnswer = z.object({
  payment: z.object({
    redirect_url: z.string(),
    processor: z.enum(['stripe', 'local']),
  }),
});
export type PayAnswer = z.infer<typeof payAnswer>;

/** `invoices/:id/verify` (reads resource.status). */
export const verifyAnswer = z.object({ status: z.enum(PAYMENT_STATUSES), invoice });
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

export const processorStatus = z.object({
  processor: z.object({
    configured: z.boolean(),
    mode: z.enum(PROCESSOR_MODES),
  }),
});
export type ProcessorStatus = z.infer<typeof processorStatus>;

/** The local test processor's answer to its page's buttons (also a form post). */
export const LOCAL_OUTCOMES = ['succeeded', 'failed'] as const;
export const localCompleteBody = z.object({ outcome: z.enum(LOCAL_OUTCOMES) });
export const localSessionParam = z.object({ session: z.string().regex(/^lcs_[A-Za-z0-9]{8,64}$/) });

/** `workspaces/:id/billing-portal`: Stripe's customer portal session to send the browser to. */
export const billingPortalAnswer = z.object({ portal: z.object({ url: z.string().url() }) });

export const webhookAnswer = z.object({ received: z.literal(true), applied: z.boolean() });
