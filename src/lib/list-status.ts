import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { localStore } from './storage';

export const LIST_STATUSES = ['open', 'closed', 'archived'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/**
 * Which of a workspace list's tabs (open, previous, archived) is shown, kept in the address as
 * `?status=` so a count on the dashboard opens the list it counts, and back returns to it.
 */
export function useListStatus(): [ListStatus, (next: ListStatus) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = (LIST_STATUSES as readonly string[]).includes(asked ?? '')
    ? (asked as ListStatus)
    : 'open';
  const setStatus = (next: ListStatus) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'open') copy.delete('status');
        else copy.set('status', next);
        return copy;
      },
      { replace: true },
    );
  return [status, setStatus];
}

export type SortDirection = 'asc' | 'desc';

/**
 * A list's sort order (newest first until chosen), kept in this browser under `storageKey` so the
 * list opens sorted as it was left. `choose` (a section card's `sort.onChange`) keeps the choice;
 * `show` sorts for now without keeping it (a saved view being applied).
 */
export function useStoredSort<Sort extends string>(
  storageKey: string,
): [
  { value: Sort; direction: SortDirection },
  (value: string, direction: SortDirection) => void,
  (sort: { value: Sort; direction: SortDirection }) => void,
] {
  const [sort, show] = useState<{ value: Sort; direction: SortDirection }>(
    () => localStore.getJSON(storageKey) ?? { value: 'created_at' as Sort, direction: 'desc' },
  );
  const choose = (value: string, direction: SortDirection) => {
    const next = { value: value as Sort, direction };
    localStore.setJSON(storageKey, next);
    show(next);
  };
  return [sort, choose, show];
}
