import { seal as sealFor, unseal as unsealFor } from '../../../core/seal';

/**
 * Provider tokens at rest, sealed by the shared helper (server/core/seal.ts) under calendar
 * sync's own purpose: tokens sealed before the helper moved still open.
 */
const PURPOSE = 'calendar-sync-tokens';

export const seal = (secret: string, plain: string) => sealFor(secret, plain, PURPOSE);
export const unseal = (secret: string, sealed: string) => unsealFor(secret, sealed, PURPOSE);
