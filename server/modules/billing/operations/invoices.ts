import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  invoiceListQuery,
  Invoice,
  InvoiceLine,
  InvoiceLog,
  InvoiceLogAction,
  PlanCode,
} from '@contracts/billing';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor, type WorkspaceAccess } from '../../../core/workspace-access';
import { queryRows, type DbOrTx } from '../../../db/client';
import {
  invoiceLogs,
  invoices,
  workspaceMembers,
  workspaces,
  type InvoiceRow,
} from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { BillingDeps } from './deps';
import type { Period } from './periods';

const API = '/api/v2/core';

export function presentInvoice(row: InvoiceRow, workspaceName: string): Invoice {
  return {
    id: row.id,
    number: row.number,
    workspace: { id: row.workspaceId, name: workspaceName },
    kind: row.kind,
    payment_type: row.paymentType,
    period: { start: row.periodStart, end: row.periodEnd },
    lines: row.lines,
    subtotal: row.subtotal,
    total: row.total,
    currency: row.currency,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    pdf_url: `${API}/invoices/${row.id}/pdf`,
  };
}

/** Writes one line of a workspace's billing history. */
export async function logBilling(
  tx: DbOrTx,
  entry: {
    workspaceId: number;
    invoiceId?: number | null;
    action: InvoiceLogAction;
    userId?: number | null;
    detail?: string | null;
  },
) {
  await tx.insert(invoiceLogs).values({
    workspaceId: entry.workspaceId,
    invoiceId: entry.invoiceId ?? null,
    action: entry.action,
    userId: entry.userId ?? null,
    detail: entry.detail ?? null,
  });
}

/** Issues an invoice (status open) with its number, and logs it; inside the caller's transaction. */
export async function issueInvoice(
  tx: DbOrTx,
  input: {
    workspaceId: number;
    kind: 'period' | 'upgrade';
    paymentType: PlanCode;
    fromPaymentType?: PlanCode | null;
    period: Period;
    lines: InvoiceLine[];
    currency: string;
    userId?: number | null;
  },
): Promise<InvoiceRow | null> {
  const subtotal = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const [{ id }] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('invoices', 'id'))::int as id`,
  );
  const [row] = await tx
    .insert(invoices)
    .values({
      id,
      number: `TL-${new Date().getUTCFullYear()}-${String(id).padStart(6, '0')}`,
      workspaceId: input.workspaceId,
      kind: input.kind,
      paymentType: input.paymentType,
      fromPaymentType: input.fromPaymentType ?? null,
      periodStart: input.period.start,
      periodEnd: input.period.end,
      lines: input.lines,
      subtotal,
      total: subtotal,
      currency: input.currency,
      status: 'open',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await logBilling(tx, {
    workspaceId: row.workspaceId,
    invoiceId: row.id,
    action: 'created',
    userId: input.userId,
    detail: row.number,
  });
  return row;
}

/** An invoice and the caller's billing access to its workspace (404 for outsiders). */
export async function invoiceFor(
  deps: BillingDeps,
  actor: Actor,
  id: number,
): Promise<{ row: InvoiceRow; access: WorkspaceAccess; invoice: Invoice }> {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!row) throw notFound('billing:errors.invoice_not_found');
  const access = await workspaceAccessFor(deps.db, actor, row.workspaceId, 'manage_billing');
  return { row, access, invoice: presentInvoice(row, access.workspace.name) };
}

/** The workspaces whose bills the actor reads: one named (manage_billing), or all they own. */
async function billedWorkspaces(
  deps: BillingDeps,
  actor: Actor,
  workspaceId: number | undefined,
): Promise<SQL | undefined> {
  if (workspaceId !== undefined) {
    await workspaceAccessFor(deps.db, actor, workspaceId, 'manage_billing');
    return eq(workspaces.id, workspaceId);
  }
  if (actor.role === 'supervisor') return undefined;
  const owned = deps.db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, actor.userId), eq(workspaceMembers.role, 'owner')));
  return inArray(workspaces.id, owned);
}

export async function listInvoices(
  deps: BillingDeps,
  actor: Actor,
  query: z.output<typeof invoiceListQuery>,
) {
  const scope = await billedWorkspaces(deps, actor, query.workspace);
  const where = and(scope, query.status ? eq(invoices.status, query.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ row: invoices, name: workspaces.name })
      .from(invoices)
      .innerJoin(workspaces, eq(workspaces.id, invoices.workspaceId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    deps.db
      .select({ total: count() })
      .from(invoices)
      .innerJoin(workspaces, eq(workspaces.id, invoices.workspaceId))
      .where(where),
  ]);
  return {
    invoices: {
      data: rows.map(({ row, name }) => presentInvoice(row, name)),
      meta: { page: query.page, per_page: query.per_page, total },
    },
  };
}

export async function listInvoiceLogs(
  deps: BillingDeps,
  actor: Actor,
  query: { workspace?: number; page: number; per_page: number },
) {
  const scope = await billedWorkspaces(deps, actor, query.workspace);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ log: invoiceLogs, number: invoices.number })
      .from(invoiceLogs)
      .innerJoin(workspaces, eq(workspaces.id, invoiceLogs.workspaceId))
      .leftJoin(invoices, eq(invoices.id, invoiceLogs.invoiceId))
      .where(scope)
      .orderBy(desc(invoiceLogs.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    deps.db
      .select({ total: count() })
      .from(invoiceLogs)
      .innerJoin(workspaces, eq(workspaces.id, invoiceLogs.workspaceId))
      .where(scope),
  ]);
  const logs: InvoiceLog[] = rows.map(({ log, number }) => ({
    id: log.id,
    invoice_id: log.invoiceId,
    invoice_number: number,
    workspace_id: log.workspaceId,
    action: log.action,
    user_id: log.userId,
    detail: log.detail,
    created_at: log.createdAt.toISOString(),
  }));
  return { logs: { data: logs, meta: { page: query.page, per_page: query.per_page, total } } };
}
