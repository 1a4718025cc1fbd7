import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionOrigin } from '../../auth/access-token';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { finishSignIn, type SignInClient, type SignInOutcome } from './sign-in';

export const ACCESS_TOKEN_HEADER = 'access-token';

/** Where an HTTP sign-in came from. */
export function clientOf(request: FastifyRequest): SignInClient {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/** The result of a sign-in step, its token (when there is one) sent in the header. */
export function signedIn<R extends SignInOutcome['result']>(
  reply: FastifyReply,
  outcome: SignInOutcome<R>,
): R {
  if (outcome.token) reply.header(ACCESS_TOKEN_HEADER, outcome.token);
  return outcome.result;
}

/** `finishSignIn` for a caller holding the HTTP exchange (the Teams host bridge). */
export async function completeSignIn(
  deps: AppDeps,
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  via: SessionOrigin,
) {
  return signedIn(reply, await finishSignIn(deps, db, user, via, clientOf(request)));
}
