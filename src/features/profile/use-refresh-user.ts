import { useQueryClient } from '@tanstack/react-query';
import { currentUserKey } from '@/lib/current-user';
import { profileKeys } from './api';

/** After a profile change: the completion percent and every profile view are fetched again. */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserKey }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    ]);
}
