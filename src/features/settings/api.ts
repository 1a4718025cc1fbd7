import type { z } from 'zod';
import type {
  changePasswordBody,
  deleteAccountBody,
  twoFactorBody,
  twoFactorResult,
  updateUserBody,
} from '@contracts/account';
import type { CurrentUser } from '@contracts/auth';
import { api, callEnvelope, http } from '@/lib/http';

export type TwoFactorResult = z.infer<typeof twoFactorResult>;

/** Calls of spec 7.9 used by the security and privacy settings. */
export const accountApi = {
  updateUser: (body: z.input<typeof updateUserBody>) => api.patch<CurrentUser>('core/user', body),
  /** Form screens show the outcome in place, so these send hide-message. */
  changePassword: (body: z.input<typeof changePasswordBody>) =>
    callEnvelope<Record<string, never>>('patch', 'core/user/security', body, {
      hideMessages: true,
    }),
  twoFactor: (body: z.input<typeof twoFactorBody>) =>
    callEnvelope<TwoFactorResult>('put', 'core/user/2fa', body, { hideMessages: true }),
  deactivate: () => callEnvelope<Record<string, never>>('put', 'core/user/deactivate'),
  /** The password goes in the body: a query string would end up in request logs. */
  deleteAccount: (confirmation: z.input<typeof deleteAccountBody>) =>
    callEnvelope<Record<string, never>>('delete', 'core/user', confirmation),
  /** Everything held about the user, as the JSON file the server names. */
  exportData: async () => {
    const response = await http.get<Blob>('core/user/export-user-data', { responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'teamloop-data.json';
    return { blob: response.data, filename };
  },
};
