import type { FastifyRequest } from 'fastify';
import type { Auth } from '../context';
import { forbidden, unauthorized } from '../http/errors';

/** The signed-in caller, or a 401. Deactivated accounts hold no valid session, see deactivate. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireSupervisor(request: FastifyRequest): Auth {
  const auth = requireAuth(request);
  if (auth.user.role !== 'supervisor') throw forbidden();
  return auth;
}
