import type { z } from 'zod';
import { endpoint } from '../endpoint';
import type {
  changePasswordBody,
  deleteAccountBody,
  timezoneBody,
  timezoneEntry,
  twoFactorBody,
  twoFactorResult,
  updateUserBody,
} from '../account';
import type { currentUser } from '../auth';
import type { emptyResource } from '../common';

/** Spec 7.9: the signed-in user's own account. */
export const accountEndpoints = {
  get: endpoint('GET', 'core/user').of<{ response: typeof currentUser }>(),
  update: endpoint('PATCH', 'core/user').of<{
    body: typeof updateUserBody;
    response: typeof currentUser;
  }>(),
  acceptPrivacy: endpoint('PUT', 'core/user/accept-privacy').of<{ response: typeof currentUser }>(),
  setTimezone: endpoint('PUT', 'core/user/timezone').of<{
    body: typeof timezoneBody;
    response: typeof currentUser;
  }>(),
  changePassword: endpoint('PATCH', 'core/user/security').of<{
    body: typeof changePasswordBody;
    response: typeof emptyResource;
  }>(),
  twoFactor: endpoint('PUT', 'core/user/2fa').of<{
    body: typeof twoFactorBody;
    response: typeof twoFactorResult;
  }>(),
  deactivate: endpoint('PUT', 'core/user/deactivate').of<{ response: typeof emptyResource }>(),
  remove: endpoint('DELETE', 'core/user').of<{
    body: typeof deleteAccountBody;
    response: typeof emptyResource;
  }>(),
  exportData: endpoint('GET', 'core/user/export-user-data').of<{ response: 'file' }>(),
  /** Answered as the server declares it inline (lookups routes). */
  timezones: endpoint('GET', 'core/timezones').of<{
    response: z.ZodObject<{ timezones: z.ZodArray<typeof timezoneEntry> }>;
  }>(),
};
