import { billingEndpoints } from '@contracts/endpoints/billing';
import { ltiEndpoints } from '@contracts/endpoints/lti';
import { notificationEndpoints } from '@contracts/endpoints/notifications';
import { api } from '@/lib/http';

/** Query keys of the integrations page. */
export const integrationKeys = {
  all: ['integrations'] as const,
  plugins: ['integrations', 'lti-plugins'] as const,
  meetings: ['integrations', 'meeting-options'] as const,
  zoom: ['integrations', 'zoom-account'] as const,
  plans: ['integrations', 'plans'] as const,
};

/** Each card shows its own refusal (a member may not manage plugins): no toasts. */
const quiet = { hideMessages: true };

export const integrationsApi = {
  /** The LTI platforms the person manages (owners and supervisors only: 403 for others). */
  plugins: () => api.call(ltiEndpoints.plugins, { query: { status: 'active' } }, quiet),
  /** Whether the caller can make Zoom meetings here, and the Teams app's id. */
  meetingOptions: () => api.call(notificationEndpoints.meetingOptions, {}, quiet),
  /** The caller's own Zoom account: connected, not connected, or not configured here. */
  zoomAccount: () =>
    api.call(notificationEndpoints.zoomAccount, {}, quiet).then((r) => r.zoom_account),
  /** Zoom's consent page for the caller (the browser is sent there). */
  zoomLogin: () => api.call(notificationEndpoints.zoomLogin, {}, quiet),
  /** Forgets the caller's Zoom tokens. */
  zoomDisconnect: () =>
    api.call(notificationEndpoints.zoomDisconnect, {}, quiet).then((r) => r.zoom_account),
  /** The plans, to say which include a gated integration. */
  plans: () => api.call(billingEndpoints.pricingRules, {}, quiet).then((r) => r.pricing_rules),
};
