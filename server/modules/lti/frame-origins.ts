import type { DbOrTx } from '../../db/client';
import { ltiPlatforms } from '../../db/schema';
import { setExtraFrameAncestors } from '../../http/security';

/**
 * Platforms show Teamloop in an iframe, so their origins join the CSP's frame-ancestors:
 * the origins of each active plugin's issuer and login URL. Reloaded when plugins change
 * and every minute (another process may have changed them).
 */
export async function refreshFrameOrigins(db: DbOrTx) {
  const rows = await db
    .select({
      issuer: ltiPlatforms.issuer,
      login: ltiPlatforms.authLoginUrl,
      status: ltiPlatforms.status,
    })
    .from(ltiPlatforms);
  const origins = new Set<string>();
  for (const row of rows) {
    if (row.status !== 'active') continue;
    for (const url of [row.issuer, row.login]) {
      try {
        const { origin, protocol } = new URL(url);
        if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
      } catch {
        // An issuer need not be a URL; it then names no origin.
      }
    }
  }
  setExtraFrameAncestors([...origins]);
}
