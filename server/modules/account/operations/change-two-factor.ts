import type { z } from 'zod';
import type { twoFactorBody } from '@contracts/account';
import type { Actor } from '../../../core/actor';
import { validationFailed } from '../../../http/errors';
import { acceptTotp, checkSecondFactor, newRecoveryCodes, newTwoFactorSetup } from '../../auth';
import type { AccountDeps } from './deps';
import { selfOf, updateSelf } from '../../profile';

/**
 * The actor's second factor: set up a secret, enable it with a code from it, disable it with a
 * code, or trade a code for new recovery codes. Answers the result and the words to show.
 */
export async function changeTwoFactor(
  deps: AccountDeps,
  actor: Actor,
  body: z.output<typeof twoFactorBody>,
) {
  const { db } = deps;
  const user = await selfOf(db, actor);
  const enabled = user.twoFactorEnabledAt !== null;
  switch (body.action) {
    case 'setup': {
      if (enabled) throw validationFailed({ action: 'account:messages.two_factor_already_on' });
      const setup = await newTwoFactorSetup(user.email);
      await updateSelf(db, actor, { twoFactorPendingSecret: setup.secret });
      return { result: { enabled: false, ...setup } };
    }
    case 'enable': {
      if (enabled) throw validationFailed({ action: 'account:messages.two_factor_already_on' });
      if (!(await acceptTotp(db, user.id, user.twoFactorPendingSecret, body.code))) {
        throw validationFailed({ code: 'auth:messages.code_invalid' });
      }
      const recovery = await newRecoveryCodes();
      await updateSelf(db, actor, {
        twoFactorSecret: user.twoFactorPendingSecret,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: new Date(),
        recoveryCodes: recovery.hashed,
      });
      return {
        result: { enabled: true, recovery_codes: recovery.plain },
        message: 'auth:messages.two_factor_enabled',
      };
    }
    case 'disable': {
      if (!enabled) throw validationFailed({ action: 'account:messages.two_factor_off' });
      if (user.twoFactorRequired)
        throw validationFailed({ action: 'account:messages.two_factor_required' });
      if (!(await checkSecondFactor(db, user, body.code))) {
        throw validationFailed({ code: 'auth:messages.code_invalid' });
      }
      await updateSelf(db, actor, {
        twoFactorSecret: null,
        twoFactorEnabledAt: null,
        recoveryCodes: [],
      });
      return { result: { enabled: false }, message: 'account:messages.two_factor_disabled' };
    }
    case 'recovery-codes': {
      if (!enabled) throw validationFailed({ action: 'account:messages.two_factor_off' });
      if (!(await acceptTotp(db, user.id, user.twoFactorSecret, body.code))) {
        throw validationFailed({ code: 'auth:messages.code_invalid' });
      }
      const recovery = await newRecoveryCodes();
      await updateSelf(db, actor, { recoveryCodes: recovery.hashed });
      return { result: { enabled: true, recovery_codes: recovery.plain } };
    }
  }
}
