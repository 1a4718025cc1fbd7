import { endpoint } from '../endpoint';
import type { supportMessageBody, supportSent, supportTarget } from '../support';

/** The support widget: whether a target is configured, and sending a message to it. */
export const supportEndpoints = {
  target: endpoint('GET', 'core/support').of<{ response: typeof supportTarget }>(),
  send: endpoint('POST', 'core/support').of<{
    body: typeof supportMessageBody;
    response: typeof supportSent;
  }>(),
};
