import type { z } from 'zod';
import type {
  changePasswordBody,
  deleteAccountBody,
  twoFactorBody,
  twoFactorResult,
  updateUserBody,
} from '@contracts/account';
import type { CurrentUser } from '@contracts/auth';
import { HIDE_MESSAGE, http, type Envelope } from '@/lib/http';

export type TwoFactorResult = z.infer<typeof twoFactorResult>;

/** Calls of spec 7.9 used by the security and privacy settings. */
export const accountApi = {
  updateUser: async (body: z.input<typeof updateUserBody>) =>
    (await http.patch<Envelope<CurrentUser>>('core/user', body)).data.resource,
  /** Form screens show the outcome in place, so these send hide-message. */
  changePassword: async (body: z.input<typeof changePasswordBody>) =>
    (await http.patch<Envelope<Record<string, never>>>('core/user/security', body, HIDE_MESSAGE))
      .data,
  twoFactor: async (body: z.input<typeof twoFactorBody>) =>
    (await http.put<Envelope<TwoFactorResult>>('core/user/2fa', body, HIDE_MESSAGE)).data,
  deactivate: async () =>
    (await http.put<Envelope<Record<string, never>>>('core/user/deactivate')).data,
  /** The password goes in the body: a query string would end up in request logs. */
  deleteAccount: async (confirmation: z.input<typeof deleteAccountBody>) =>
    (await http.delete<Envelope<Record<string, never>>>('core/user', { data: confirmation })).data,
  /** Everything held about the user, as the JSON file the server names. */
  exportData: async () => {
    const response = await http.get<Blob>('core/user/export-user-data', { responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'teamloop-data.json';
    return { blob: response.data, filename };
  },
};

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
