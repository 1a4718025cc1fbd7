import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '@contracts/auth';
import { accountEndpoints } from '@contracts/endpoints/account';
import { api } from '@/lib/http';
import {
  changeLanguage,
  currentLanguage,
  hasChosenLanguage,
  isLanguage,
  type Language,
} from '@/lib/i18n';
import { currentUserKey } from '@/lib/current-user';

export { LANGUAGE_NAMES } from './language-names';

async function saveAccountLanguage(queryClient: QueryClient, language: Language) {
  const user = await api.call(
    accountEndpoints.update,
    { body: { language } },
    { hideMessages: true },
  );
  queryClient.setQueryData(currentUserKey, user);
  return user;
}

/** Switches the interface; a signed-in account keeps the choice too (its mail follows it). */
export function useSwitchLanguage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      const user = queryClient.getQueryData<CurrentUser>(currentUserKey);
      if (user && user.language !== language) await saveAccountLanguage(queryClient, language);
    },
    [queryClient],
  );
}

/**
 * After sign-in: a language picked on this device wins and the account is updated to it;
 * with no pick here, the account's language is applied.
 */
export async function settleLanguageAfterSignIn(
  queryClient: QueryClient,
  user: CurrentUser,
): Promise<void> {
  const shown = currentLanguage();
  if (user.language === shown) return;
  if (hasChosenLanguage()) {
    await saveAccountLanguage(queryClient, shown).catch(() => undefined);
  } else if (isLanguage(user.language)) {
    await changeLanguage(user.language);
  }
}
