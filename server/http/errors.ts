/**
 * Named errors: every refusal the API gives goes through one of these factories, so each
 * has one JSON shape, a stable `code` and a message key translated per request.
 */
export interface MessageRef {
  key: string;
  params?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageRef: MessageRef,
    readonly fields?: Record<string, MessageRef[]>,
  ) {
    super(messageRef.key);
    this.name = 'AppError';
  }
}

const make =
  (statusCode: number, code: string, defaultKey: string) =>
  (key: string = defaultKey, params?: Record<string, unknown>) =>
    new AppError(statusCode, code, { key, params });

export const badRequest = make(400, 'bad_request', 'common:errors.bad_request');
export const unauthorized = make(401, 'unauthorized', 'common:errors.unauthorized');
export const forbidden = make(403, 'forbidden', 'common:errors.forbidden');
export const notFound = make(404, 'not_found', 'common:errors.not_found');
export const conflict = make(409, 'conflict', 'common:errors.conflict');
export const payloadTooLarge = make(413, 'payload_too_large', 'common:errors.payload_too_large');
export const unsupportedMediaType = make(
  415,
  'unsupported_media_type',
  'common:errors.unsupported_media_type',
);
export const tooManyRequests = make(429, 'too_many_requests', 'common:errors.too_many_requests');

/** A refusal with its own code, e.g. `email_not_verified`, that clients branch on. */
export function refusal(
  statusCode: number,
  code: string,
  key: string,
  params?: Record<string, unknown>,
): AppError {
  return new AppError(statusCode, code, { key, params });
}

/** 422 with messages per field. */
export function validationFailed(fields: Record<string, MessageRef[] | string>): AppError {
  const normalised: Record<string, MessageRef[]> = {};
  for (const [field, value] of Object.entries(fields)) {
    normalised[field] = typeof value === 'string' ? [{ key: value }] : value;
  }
  const first = Object.values(normalised)[0]?.[0];
  return new AppError(
    422,
    'validation_failed',
    first ?? { key: 'common:errors.validation_failed' },
    normalised,
  );
}
