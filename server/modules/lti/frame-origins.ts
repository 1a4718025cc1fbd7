import type { DbOrTx } from '../../db/client';
import type { App } from '../../http/types';
import { ltiPlatforms } from '../../db/schema';
import { setExtraFrameAncestors } from '../../http/security';

/** The SPA's launch pages: /lti/process/:plugin and /lti/link/:plugin. */
const LAUNCH_PAGE = /^\/lti\/(?:process|link)\/(\d+)\/?$/;

function originsOf(urls: string[]) {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin, protocol } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // An issuer need not be a URL; it then names no origin.
    }
  }
  return [...origins];
}

/**
 * Platforms show Teamloop in an iframe, so their origins (issuer and login URL) join the CSP's
 * frame-ancestors: an approved plugin's on every page, an unapproved one's only on its own
 * launch pages, so an owner's registration cannot make the whole app frameable by a site of
 * their choosing. Reloaded when plugins change and every minute (another process may have
 * changed them).
 */
export async function refreshFrameOrigins(db: DbOrTx) {
  const rows = await db
    .select({
      id: ltiPlatforms.id,
      issuer: ltiPlatforms.issuer,
      login: ltiPlatforms.authLoginUrl,
      status: ltiPlatforms.status,
      approvedAt: ltiPlatforms.approvedAt,
    })
    .from(ltiPlatforms);
  const approved = new Set<string>();
  const byPlatform = new Map<number, string[]>();
  for (const row of rows) {
    if (row.status !== 'active') continue;
    const origins = originsOf([row.issuer, row.login]);
    byPlatform.set(row.id, origins);
    if (row.approvedAt) for (const origin of origins) approved.add(origin);
  }
  const everywhere = [...approved];
  setExtraFrameAncestors((path) => {
    const launch = LAUNCH_PAGE.exec(path);
    return launch ? (byPlatform.get(Number(launch[1])) ?? []) : everywhere;
  });
}

/** Another process may approve, revoke or archive a plugin: each reloads the list every minute. */
export function refreshFrameOriginsEveryMinute(app: App, db: DbOrTx) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      refreshFrameOrigins(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'frame origins not reloaded'),
      );
    }, 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
