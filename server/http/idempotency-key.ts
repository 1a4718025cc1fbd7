import type { FastifyRequest } from 'fastify';
import { refusal } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `Idempotency-Key` a client sent with a write it may retry (server/core/idempotency.ts),
 * or undefined; a 400 in the caller's language when it is not a UUID.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw refusal(400, 'bad_idempotency_key', 'common:errors.bad_idempotency_key');
  }
  return value.toLowerCase();
}
