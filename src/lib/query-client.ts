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

// Data set by hand (a mutation's answer, an optimistic change, a live event) is newer than a
// fetch that was already in flight: that fetch, answered from before the change, would undo it
// when it lands (the socket's catch-up right after load made this common). Cancelling with
// `revert` keeps what was set, as TanStack Query restores the last manual data.
queryClient.getQueryCache().subscribe((event) => {
  if (
    event.type === 'updated' &&
    event.action.type === 'success' &&
    event.action.manual &&
    event.query.state.fetchStatus === 'fetching'
  ) {
    void event.query.cancel({ revert: true });
  }
});
