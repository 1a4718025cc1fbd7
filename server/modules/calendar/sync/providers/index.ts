import type { SyncProvider } from '@contracts/calendar';
import type { AppConfig } from '../../../../config';
import { googleProvider } from './google';
import { outlookProvider } from './outlook';
import type { CalendarProvider } from './types';

/** The provider's adapter, or null when the administrator has not configured it (it is off). */
export function providerFor(config: AppConfig, name: SyncProvider): CalendarProvider | null {
  return name === 'google' ? googleProvider(config) : outlookProvider(config);
}

/** Where the provider sends the browser back after consent (registered with the provider). */
export function redirectUriFor(config: AppConfig, name: SyncProvider) {
  const path = name === 'google' ? 'google-calendar' : 'outlook';
  return `${config.APP_URL.replace(/\/+$/, '')}/api/v2/calendar/${path}/oauth`;
}
