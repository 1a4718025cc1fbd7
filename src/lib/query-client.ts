import { QueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';

/** The one cache of server state. Cleared on sign-out so nothing of one person leaks to the next. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) will not change by asking again; a dropped connection might.
      retry: (failureCount, error) => {
        // Read off the error as axios shapes it, without loading axios for that (lib/http).
        const status = (error as Partial<AxiosError> | null)?.response?.status;
        if (status !== undefined && status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});
