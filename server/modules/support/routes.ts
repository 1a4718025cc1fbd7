import { envelope } from '@contracts/common';
import { supportMessageBody, supportSent, supportTarget } from '@contracts/support';
import { requireAuth } from '../../auth/guard';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { registerSupportMails } from './mails';
import { sendSupportMessage, supportTargetOf } from './operations/send-support-message';

const tags = ['support'];

/** The support widget's calls (spec 1, 4): where messages go, and sending one. */
export default async function supportRoutes(app: App) {
  registerSupportMails(app.deps);

  app.get(
    '/support',
    { schema: { tags, response: { 200: envelope(supportTarget) } } },
    async (request) => {
      requireAuth(request);
      return ok(supportTargetOf(app.deps));
    },
  );

  app.post(
    '/support',
    {
      schema: { tags, body: supportMessageBody, response: { 200: envelope(supportSent) } },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) => ok(await sendSupportMessage(app.deps, actorOf(request), request.body)),
  );
}
