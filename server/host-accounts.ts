import {
  beginSecondFactor,
  completeSignIn,
  findOrCreateExternalUser,
  needsSecondFactor,
  splitName,
} from './modules/auth';
import { avatarUrlOf, removeFiles, saveProfile } from './modules/profile';

/**
 * What the Teams host bridge (bot-proxy/) needs of the app: find or make the person behind a
 * host identity, keep their name and photo, and finish the sign-in. The bridge depends on this
 * interface only; the app and the standalone proxy hand it the implementation below.
 */
export const hostAccounts = {
  splitName,
  findOrCreateExternalUser,
  saveProfile,
  avatarUrlOf,
  removeFiles,
  needsSecondFactor,
  beginSecondFactor,
  completeSignIn,
};
export type HostAccounts = typeof hostAccounts;
