import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/auth';
import { accountEndpoints } from '@contracts/endpoints/account';
import { api } from '@/lib/http';
import { useAccessToken } from '@/lib/session';

/** Query key of the signed-in user (GET core/user); sign-in results are written here too. */
export const currentUserKey = ['core', 'user'] as const;

export async function fetchCurrentUser(): Promise<CurrentUser> {
  return api.call(accountEndpoints.get);
}

/** Spec 4: with a token, the current user is fetched; without one there is nobody to fetch. */
export function useCurrentUser() {
  const token = useAccessToken();
  return useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** The user on pages behind the guards, where a signed-in user is certain. */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser used outside the signed-in area');
  return data;
}
