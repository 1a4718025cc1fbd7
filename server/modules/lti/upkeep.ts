import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ltiLaunches, ltiNonces } from '../../db/schema';
import type { AppDeps } from '../../context';
import { currentKey, rotateKeys } from './keys';

const UPKEEP_QUEUE = 'lti_upkeep';
/** Our signing key is replaced after this long; the old one stays published for its grace. */
export const KEY_LIFETIME_MS = 90 * 86_400_000;
const DAY_MS = 86_400_000;

/**
 * Daily upkeep of the LTI tool: rotates our signing key once it is older than its lifetime,
 * and sweeps spent nonces (a token that old fails `exp` anyway) and launch handles a day past
 * their expiry.
 */
export async function runLtiUpkeep(db: DbOrTx, now = new Date()) {
  const key = await currentKey(db);
  const rotated = now.getTime() - key.createdAt.getTime() >= KEY_LIFETIME_MS;
  if (rotated) await rotateKeys(db);
  await db.delete(ltiNonces).where(lt(ltiNonces.expiresAt, now));
  await db.delete(ltiLaunches).where(lt(ltiLaunches.expiresAt, new Date(now.getTime() - DAY_MS)));
  return { rotated };
}

/** The upkeep as a job that runs every day. Returns what to run once the app is ready. */
export function registerLtiUpkeep(deps: AppDeps) {
  return deps.jobs.every(UPKEEP_QUEUE, DAY_MS, () => runLtiUpkeep(deps.db));
}
