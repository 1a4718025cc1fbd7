import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@contracts/common';
import { AppError, type MessageRef } from './errors';

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

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = request.t;
  const translate = (m: MessageRef) =>
    t(m.key, { ...m.params, defaultValue: t('common:validation.invalid') });
  let status = 500;
  let code = 'server_error';
  let messages: MessageRef[] = [{ key: 'common:errors.server_error' }];
  let fields: Record<string, MessageRef[]> | undefined;

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
  } else if (typeof error.statusCode === 'number' && error.statusCode < 500) {
    status = error.statusCode;
    const known = statusKeys[status] ?? { code: 'bad_request', key: 'common:errors.bad_request' };
    code = known.code;
    messages = [{ key: known.key }];
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      messages = [{ key: 'common:errors.invalid_json' }];
    }
  }

  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
  } else {
    request.log.info({ status, code }, 'request refused');
  }
  const body: ErrorBody = { messages: messages.map(translate), code };
  if (fields) {
    body.errors = Object.fromEntries(
      Object.entries(fields).map(([field, refs]) => [field, refs.map(translate)]),
    );
  }
  return reply.status(status).send(body);
}
