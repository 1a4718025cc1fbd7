import type { SigningKeys } from '../../../auth/signing-keys';
import { seal as sealFor, unseal as unsealFor } from '../../../core/seal';

/**
 * Provider tokens at rest, sealed by the shared helper (server/core/seal.ts) under calendar
 * sync's own purpose: tokens sealed before the helper moved still open.
 */
export const PURPOSE = 'calendar-sync-tokens';

export const seal = (keys: SigningKeys, plain: string) => sealFor(keys, plain, PURPOSE);
export const unseal = (keys: SigningKeys, sealed: string) => unsealFor(keys, sealed, PURPOSE);
