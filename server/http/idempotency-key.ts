import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refusal } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `Idempotency-Key` header of the writes that take one, for the OpenAPI document. It only
 * documents: the header is checked by `idempotencyKeyOf` (a 400 of our own, in the caller's
 * language, rather than a schema failure), and the other headers pass through untouched.
 */
export const idempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({
      format: 'uuid',
      description:
        'A UUID made once per action and sent again on its retries: a repeat within a day answers ' +
        'what the first request made without writing again; the same key with another body is 422 ' +
        '`idempotency_key_reused`; a key that is no UUID is 400 `bad_idempotency_key`.',
    }),
});

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
