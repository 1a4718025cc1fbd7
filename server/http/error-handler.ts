import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ErrorBody } from '@contracts/common';
import { AppError, validationFailed, type MessageRef } from './errors';

const statusKeys: Record<number, { code: string; key: string }> = {
  400: { code: 'bad_request', key: 'common:errors.bad_request' },
  401: { code: 'unauthorized', key: 'common:errors.unauthorized' },
  403: { code: 'forbidden', key: 'common:errors.forbidden' },
  404: { code: 'not_found', key: 'common:errors.not_found' },
  405: { code: 'method_not_allowed', key: 'common:errors.not_found' },
  406: { code: 'not_acceptable', key: 'common:errors.bad_request' },
  409: { code: 'conflict', key: 'common:errors.conflict' },
  413: { code: 'payload_too_large', key: 'common:errors.payload_too_large' },
  415: { code: 'unsupported_media_type', key: 'common:errors.unsupported_media_type' },
  422: { code: 'validation_failed', key: 'common:errors.validation_failed' },
  429: { code: 'too_many_requests', key: 'common:errors.too_many_requests' },
};

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns a zod issue into a translatable message about one field. */
function issueMessage(issue: ZodIssueLike): MessageRef {
  const p = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      return p.input === undefined
        ? { key: 'common:validation.required' }
        : { key: 'common:validation.invalid_type', params: { expected: p.expected } };
    case 'too_small':
      return p.origin === 'string'
        ? { key: 'common:validation.too_short', params: { count: Number(p.minimum) } }
        : { key: 'common:validation.too_small', params: { minimum: p.minimum } };
    case 'too_big':
      return p.origin === 'string'
        ? { key: 'common:validation.too_long', params: { count: Number(p.maximum) } }
        : { key: 'common:validation.too_big', params: { maximum: p.maximum } };
    case 'invalid_format':
      return { key: `common:validation.format_${String(p.format)}`, params: { format: p.format } };
    case 'invalid_value':
      return { key: 'common:validation.invalid_value' };
    case 'unrecognized_keys':
      return { key: 'common:validation.unrecognized_keys' };
    default:
      return { key: 'common:validation.invalid' };
  }
}

/**
 * PostgreSQL's refusals of a value it cannot store or compute with (a character it cannot
 * encode, a number out of a column's range, nesting too deep). Input checks refuse these
 * first; this is the safety net, so a value that slips past them is still the sender's 422.
 */
const VALUE_REFUSED_BY_DATABASE = new Set([
  '22P05', // untranslatable_character: \u0000 in jsonb
  '22021', // character_not_in_repertoire: NUL or a lone surrogate in text
  '22003', // numeric_value_out_of_range: e.g. an id beyond int4
  '22008', // datetime_field_overflow
  '22007', // invalid_datetime_format
  '22P02', // invalid_text_representation
  '54001', // statement_too_complex: absurd nesting
]);

/** The SQLSTATE of a database error, looking through the wrappers drizzle puts around it. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, hops = 0; current && hops < 5; hops += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/** What a client should wait before trying again while a dependency is away (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs and socket errors that mean the database (or Redis) is away, not that the request
 * was wrong: the server restarting or failing over, a connection dropped by the server
 * (pg_terminate_backend: 57P01), a pooler refusing, the network.
 */
const UNAVAILABLE_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Stream isn't writeable and enableOfflineQueue/i,
  /Connection is closed/i,
  /Reached the max retries per request limit/i,
];

/** Whether an error means a dependency is unreachable (the answer is 503, never a 500). */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let current = error, hops = 0; current && hops < 5; hops += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message)))
      return true;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((e) => isDependencyUnavailable(e))) return true;
    current = cause;
  }
  return false;
}

/** The status, code and translated body of any error: for an HTTP reply or a socket's ack. */
export function describeError(error: unknown, t: TFunction) {
  const translate = (m: MessageRef) =>
    t(m.key, { ...m.params, defaultValue: t('common:validation.invalid') });
  let status = 500;
  let code = 'server_error';
  let messages: MessageRef[] = [{ key: 'common:errors.server_error' }];
  let fields: Record<string, MessageRef[]> | undefined;
  let refusedByDatabase = false;
  const fastifyError = error as Partial<FastifyError>;

  if (error instanceof AppError) {
    status = error.statusCode;
    code = error.code;
    messages = [error.messageRef];
    fields = error.fields;
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 422;
    code = 'validation_failed';
    fields = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const field = path || error.validationContext || 'body';
      (fields[field] ??= []).push(issueMessage(issue as ZodIssueLike));
    }
    const [firstField, firstMessages] = Object.entries(fields)[0];
    messages = [
      {
        key: 'common:validation.field_message',
        params: { field: firstField, message: translate(firstMessages[0]) },
      },
    ];
  } else if (isDependencyUnavailable(error)) {
    status = 503;
    code = 'service_unavailable';
    messages = [{ key: 'common:errors.unavailable', params: { seconds: RETRY_AFTER_SECONDS } }];
  } else if (VALUE_REFUSED_BY_DATABASE.has(sqlState(error) ?? '')) {
    status = 422;
    code = 'validation_failed';
    messages = [{ key: 'common:errors.validation_failed' }];
    refusedByDatabase = true;
  } else if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    status = fastifyError.statusCode;
    const known = statusKeys[status] ?? { code: 'bad_request', key: 'common:errors.bad_request' };
    code = known.code;
    messages = [{ key: known.key }];
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      messages = [{ key: 'common:errors.invalid_json' }];
    }
  }

  const body: ErrorBody = { messages: messages.map(translate), code };
  if (fields) {
    body.errors = Object.fromEntries(
      Object.entries(fields).map(([field, refs]) => [field, refs.map(translate)]),
    );
  }
  return { status, code, body, refusedByDatabase };
}

/** A 422 naming each field a zod schema refused (input that did not come through a route). */
export function invalidInput(issues: readonly z.core.$ZodIssue[]): AppError {
  const fields: Record<string, MessageRef[]> = {};
  for (const issue of issues) {
    const field = issue.path.join('.') || 'body';
    const like = { keyword: issue.code, instancePath: '', params: issue as never };
    (fields[field] ??= []).push(issueMessage(like));
  }
  return validationFailed(fields);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, code, body, refusedByDatabase } = describeError(error, request.t);
  if (status === 503) {
    request.log.warn({ err: error }, 'a dependency is unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  } else if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
  } else if (refusedByDatabase) {
    request.log.warn({ err: error }, 'the database refused a value that input checks let through');
  } else {
    request.log.info({ status, code }, 'request refused');
  }
  return reply.status(status).send(body);
}
