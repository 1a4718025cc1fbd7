import { endpoint } from '../endpoint';
import type {
  deepLinkBody,
  deepLinkResult,
  linkResult,
  linkStatus,
  plugin,
  pluginBody,
  pluginList,
  pluginListQuery,
  processBody,
  processResult,
  rosterBody,
  rosterQuery,
  rosterStatus,
  rosterSync,
} from '../lti';
import type { emptyResource } from '../common';

/** Spec 7.15: LTI launches, deep links, plugins, account links and rosters. */
export const ltiEndpoints = {
  process: endpoint('POST', 'core/lti/:id/process').of<{
    body: typeof processBody;
    response: typeof processResult;
  }>(),
  deepLink: endpoint('POST', 'core/lti/deep-link').of<{
    body: typeof deepLinkBody;
    response: typeof deepLinkResult;
  }>(),
  plugins: endpoint('GET', 'core/plugins').of<{
    query: typeof pluginListQuery;
    response: typeof pluginList;
  }>(),
  createPlugin: endpoint('POST', 'core/plugins').of<{
    body: typeof pluginBody;
    response: typeof plugin;
  }>(),
  archivePlugin: endpoint('POST', 'core/plugins/:id/archive').of<{ response: typeof plugin }>(),
  approvePlugin: endpoint('POST', 'core/plugins/:id/approve').of<{ response: typeof plugin }>(),
  revokeApproval: endpoint('POST', 'core/plugins/:id/revoke-approval').of<{
    response: typeof plugin;
  }>(),
  deletePlugin: endpoint('DELETE', 'core/plugins/:id').of<{ response: typeof emptyResource }>(),
  link: endpoint('GET', 'core/lti/link').of<{ response: typeof linkStatus }>(),
  confirmLink: endpoint('POST', 'core/lti/link/confirm').of<{ response: typeof linkResult }>(),
  roster: endpoint('GET', 'core/lti/roster').of<{
    query: typeof rosterQuery;
    response: typeof rosterStatus;
  }>(),
  /** The server declares no response schema for this route; what it answers is `rosterSync`. */
  bringInRoster: endpoint('POST', 'core/lti/roster').of<{
    body: typeof rosterBody;
    response: typeof rosterSync;
  }>(),
};
