import { endpoint } from '../endpoint';
import type {
  activePackageResource,
  billingPortalAnswer,
  invoiceList,
  invoiceListQuery,
  invoiceLogList,
  invoiceLogQuery,
  payAnswer,
  pricingRuleList,
  processorStatus,
  supervisorPlanBody,
  upgradeRequestBody,
  upgradeRequestResult,
  verifyAnswer,
} from '../billing';

/**
 * Plans, invoices and payments (spec 7.2, 7.10), under /api/v2/core. `:id` of the two
 * pricing-rules routes is the WORKSPACE (docs/decisions/billing.md).
 */
export const billingEndpoints = {
  pricingRules: endpoint('GET', 'core/pricing-rules').of<{ response: typeof pricingRuleList }>(),
  /** `:id` is the workspace. Any member may read it. */
  activePackage: endpoint('GET', 'core/pricing-rules/:id/active-package').of<{
    response: typeof activePackageResource;
  }>(),
  /** `:id` is the workspace; makes (or returns the waiting) prorated upgrade invoice. */
  upgradeRequest: endpoint('POST', 'core/pricing-rules/:id/upgrade-request').of<{
    body: typeof upgradeRequestBody;
    response: typeof upgradeRequestResult;
  }>(),
  /** The caller's workspaces' invoices (those they may manage), or one workspace's. */
  invoices: endpoint('GET', 'core/invoices').of<{
    query: typeof invoiceListQuery;
    response: typeof invoiceList;
  }>(),
  logs: endpoint('GET', 'core/invoices/logs').of<{
    query: typeof invoiceLogQuery;
    response: typeof invoiceLogList;
  }>(),
  pdf: endpoint('GET', 'core/invoices/:id/pdf').of<{ response: 'file' }>(),
  /** Starts a payment: send the browser to `resource.payment.redirect_url`. */
  pay: endpoint('POST', 'core/invoices/:id/pay').of<{ response: typeof payAnswer }>(),
  /** `resource.status`: pending until the processor's webhook arrived. */
  verify: endpoint('GET', 'core/invoices/:id/verify').of<{ response: typeof verifyAnswer }>(),
  processor: endpoint('GET', 'core/payments/processor').of<{
    response: typeof processorStatus;
  }>(),
  /**
   * `:id` is the workspace: a session of Stripe's customer portal (payment methods, billing
   * details), for whoever manages its billing. 409 without Stripe or without a customer.
   */
  billingPortal: endpoint('POST', 'core/workspaces/:id/billing-portal').of<{
    response: typeof billingPortalAnswer;
  }>(),
  /** Supervisors only: sets the plan without payment. Everyone else: 403. */
  supervisorPlan: endpoint('PATCH', 'core/workspaces/:id/payment').of<{
    body: typeof supervisorPlanBody;
    response: typeof activePackageResource;
  }>(),
};
