import type { SealedValues } from '../../../core/area';
import { calendarConnections } from '../../../db/schema';
import { syncUnderWay } from './operations/run-sync';
import { PURPOSE } from './seal';

/**
 * The connections' tokens, for the daily re-seal (server/core/reseal.ts). A sync refreshes
 * tokens without holding the row and writes them back only if the row is as it read it, so a
 * re-seal meanwhile would make it drop the refreshed ones: rows being synced wait a day.
 */
export const sealedConnectionTokens: SealedValues = {
  table: calendarConnections,
  key: calendarConnections.id,
  columns: [calendarConnections.accessTokenSealed, calendarConnections.refreshTokenSealed],
  purpose: PURPOSE,
  busy: syncUnderWay,
};
