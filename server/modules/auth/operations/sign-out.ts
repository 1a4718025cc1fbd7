import { revokeSession } from '../../../auth/access-token';
import type { Actor } from '../../../core/actor';
import type { AuthDeps } from './deps';

/** Ends the session the actor came with, and its open sockets on every process. */
export async function signOut(deps: Pick<AuthDeps, 'db' | 'realtime'>, actor: Actor) {
  const sessionId = actor.sessionId ?? '';
  await revokeSession(deps.db, sessionId);
  // Its open sockets too, on every process: they would otherwise go on joining and hearing.
  deps.realtime.closeSession(sessionId);
  return {};
}
