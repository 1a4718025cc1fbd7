import { defineArea } from '../../core/area';
import authRoutes from './routes';

/** What other areas may use of this one. */
export { findOrCreateExternalUser, splitName } from './external-identity';
export {
  beginSecondFactor,
  finishSignIn,
  needsSecondFactor,
  signInOrChallenge,
  type SignInClient,
  type SignInOutcome,
} from './sign-in';
export { clientOf, completeSignIn, signedIn } from './sign-in-http';
export { acceptTotp, checkSecondFactor, newRecoveryCodes, newTwoFactorSetup } from './two-factor';

export default defineArea({
  name: 'auth',
  routes: [{ prefix: '/core', plugin: authRoutes }],
});
