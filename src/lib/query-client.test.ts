import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client';

afterEach(() => queryClient.clear());

describe('the query cache', () => {
  it('keeps data set by hand over a fetch that was in flight before it', async () => {
    const key = ['privacy'];
    queryClient.setQueryData(key, { accepted: false });
    let answer!: (value: { accepted: boolean }) => void;
    const fetching = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<{ accepted: boolean }>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    queryClient.setQueryData(key, { accepted: true });
    answer({ accepted: false });
    await fetching.catch(() => undefined);
    expect(queryClient.getQueryData(key)).toEqual({ accepted: true });
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
  });

  it('takes a fetch that started after the data was set', async () => {
    const key = ['privacy'];
    queryClient.setQueryData(key, { accepted: true });
    await queryClient.fetchQuery({
      queryKey: key,
      queryFn: async () => ({ accepted: false }),
      staleTime: 0,
    });
    expect(queryClient.getQueryData(key)).toEqual({ accepted: false });
  });
});
