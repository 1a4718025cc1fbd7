import type { AppDeps } from '../../../context';

/** What the sign-in operations use of the app: opening a session needs all of it. */
export type AuthDeps = AppDeps;

/**
 * Counts a try against an account's budget (HTTP hands in its rate limit): flows that learn the
 * account only part way, like a second factor, count it there.
 */
export type AccountLimit = (key: string) => Promise<void>;
