import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  INVOICE_KINDS,
  INVOICE_LOG_ACTIONS,
  INVOICE_STATUSES,
  PLAN_CODES,
  type InvoiceLine,
} from '../../../contracts/billing';
import { users } from './users';
import { workspaceId, workspaces } from './workspaces';
import {
  createdAt,
  optionalParentRef,
  parentKey,
  parentRef,
  serialId,
  timestampNow,
  timestampTz,
  timestamps,
} from './columns';

/**
 * An invoice of a workspace (spec 3 "Invoice"): a period of a paid plan, or an upgrade inside a
 * period (prorated). Amounts in minor units; lines as issued, never recomputed.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serialId(),
    /** TL-<year>-<id, six digits>, set in the transaction that creates the row. */
    number: text('number').notNull(),
    workspaceId: workspaceId('workspace_id'),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    /** The plan it pays for (an upgrade's target). */
    paymentType: text('payment_type', { enum: PLAN_CODES }).notNull(),
    /** An upgrade's plan before it. */
    fromPaymentType: text('from_payment_type', { enum: PLAN_CODES }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    paidAt: timestampTz('paid_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_workspace_idx').on(t.workspaceId, t.createdAt),
    // One period invoice per workspace and period: the period job may run twice.
    uniqueIndex('invoices_period_unique')
      .on(t.workspaceId, t.periodStart)
      .where(sql`kind = 'period'`),
  ],
);

/** A payment started for an invoice: the processor's checkout session. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serialId(),
    invoiceId: parentRef('invoice_id', () => invoices.id),
    processor: text('processor', { enum: ['stripe', 'local'] }).notNull(),
    sessionId: text('session_id').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_payments_session_unique').on(t.sessionId),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * A workspace's customer at the card processor (Stripe's `cus_…`), made at its first Checkout:
 * the customer portal opens on it.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    workspaceId: parentKey('workspace_id', () => workspaces.id),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_customers_customer_unique').on(t.customerId)],
);

/** What happened to a workspace's invoices and plan, newest last (`invoices/logs`). */
export const invoiceLogs = pgTable(
  'invoice_logs',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    invoiceId: optionalParentRef('invoice_id', () => invoices.id),
    action: text('action', { enum: INVOICE_LOG_ACTIONS }).notNull(),
    /** Who did it; null for the processor's webhook and jobs (and after account deletion). */
    userId: integer('user_id').references(() => users.id),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_logs_workspace_idx').on(t.workspaceId, t.id)],
);

/** Every processor event applied, by its id: a replayed webhook finds its id and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  invoiceId: integer('invoice_id'),
  receivedAt: timestampNow('received_at'),
});

export type InvoiceRow = typeof invoices.$inferSelect;
