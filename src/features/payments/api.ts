import type { PlanCode } from '@contracts/billing';
import { billingEndpoints } from '@contracts/endpoints/billing';
import { driveEndpoints } from '@contracts/endpoints/drive';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { api } from '@/lib/http';

export type {
  ActivePackage,
  Invoice,
  InvoiceStatus,
  PaymentStatus,
  PlanCode,
  PlanFeature,
  PricingRule,
  ProcessorMode,
} from '@contracts/billing';

/** Query keys of billing, one helper so a payment refreshes every view of it. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  processor: ['billing', 'processor'] as const,
  owned: ['billing', 'owned-workspaces'] as const,
  activePackage: (workspaceId: number) => ['billing', 'active-package', workspaceId] as const,
  invoices: (workspaceId: number) => ['billing', 'invoices', workspaceId] as const,
  verify: (invoiceId: number) => ['billing', 'verify', invoiceId] as const,
  drive: ['billing', 'drive-capacity'] as const,
};

export const INVOICE_PAGE_SIZE = 10;

/** The screens show refusals in place (a form, a card), not as toasts. */
const quiet = { hideMessages: true };

export const billingApi = {
  plans: () => api.call(billingEndpoints.pricingRules).then((r) => r.pricing_rules),
  processor: () => api.call(billingEndpoints.processor).then((r) => r.processor),
  /** The open workspaces the person owns: the ones whose plan they choose. */
  ownedWorkspaces: () =>
    api
      .call(workspaceEndpoints.list, { query: { status: 'open', sort: 'name', direction: 'asc' } })
      .then((r) => r.workspaces.filter((workspace) => workspace.role === 'owner')),
  activePackage: (workspaceId: number) =>
    api
      .call(billingEndpoints.activePackage, { params: { id: workspaceId } })
      .then((r) => r.active_package),
  /** Makes (or finds the waiting) prorated upgrade invoice. */
  upgrade: (workspaceId: number, plan: Exclude<PlanCode, 'free'>) =>
    api.call(
      billingEndpoints.upgradeRequest,
      { params: { id: workspaceId }, body: { payment_type: plan } },
      quiet,
    ),
  invoices: (workspaceId: number, page: number) =>
    api
      .call(billingEndpoints.invoices, {
        query: { workspace: String(workspaceId), page, per_page: INVOICE_PAGE_SIZE },
      })
      .then((r) => r.invoices),
  /** Where the browser goes to pay: the processor's hosted card page. */
  pay: (invoiceId: number) =>
    api.call(billingEndpoints.pay, { params: { id: invoiceId } }, quiet).then((r) => r.payment),
  /** Stripe's customer portal for the workspace (payment methods, billing details). */
  billingPortal: (workspaceId: number) =>
    api
      .call(billingEndpoints.billingPortal, { params: { id: workspaceId } }, quiet)
      .then((r) => r.portal),
  verify: (invoiceId: number) =>
    api.call(billingEndpoints.verify, { params: { id: invoiceId } }, quiet),
  pdf: (invoiceId: number) => api.download(billingEndpoints.pdf, { params: { id: invoiceId } }),
  /** The person's own drive: used against the capacity their plans give. */
  driveCapacity: () => api.call(driveEndpoints.capacity),
};
