import { PLAN_REQUIRED_CODE } from '@contracts/constants';
import type { ApiError } from './http';

/**
 * A feature the workspace's plan lacks (spec 6): the server answers 403 with PLAN_REQUIRED_CODE
 * and words naming the plan that has it; the client adds a way to the plans.
 */
export { PLAN_REQUIRED_CODE };
export const PLANS_PATH = '/settings/subscriptions-payments';

export function isPlanRequired(error: Pick<ApiError, 'status' | 'code'> | null): boolean {
  return error?.status === 403 && error.code === PLAN_REQUIRED_CODE;
}

/** The same test on an answer's body, for the HTTP client before it makes an ApiError. */
export function bodyNamesPlan(body: unknown): boolean {
  return (body as { code?: unknown } | null)?.code === PLAN_REQUIRED_CODE;
}
