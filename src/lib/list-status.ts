import { useSearchParams } from 'react-router';

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
