import type { z } from 'zod';
import type {
  changePasswordBody,
  deleteAccountBody,
  twoFactorBody,
  twoFactorResult,
  updateUserBody,
} from '@contracts/account';
import { accountEndpoints as endpoints } from '@contracts/endpoints/account';
import { api } from '@/lib/http';

export type TwoFactorResult = z.infer<typeof twoFactorResult>;

/** Calls of spec 7.9 used by the security and privacy settings. */
export const accountApi = {
  updateUser: (body: z.input<typeof updateUserBody>) => api.call(endpoints.update, { body }),
  /** Form screens show the outcome in place, so these send hide-message. */
  changePassword: (body: z.input<typeof changePasswordBody>) =>
    api.envelope(endpoints.changePassword, { body }, { hideMessages: true }),
  twoFactor: (body: z.input<typeof twoFactorBody>) =>
    api.envelope(endpoints.twoFactor, { body }, { hideMessages: true }),
  deactivate: () => api.envelope(endpoints.deactivate),
  /** The password goes in the body: a query string would end up in request logs. */
  deleteAccount: (confirmation: z.input<typeof deleteAccountBody>) =>
    api.envelope(endpoints.remove, { body: confirmation }),
  /** Everything held about the user, as the JSON file the server names. */
  exportData: async () => {
    const file = await api.download(endpoints.exportData);
    return { blob: file.blob, filename: file.filename ?? 'teamloop-data.json' };
  },
};
