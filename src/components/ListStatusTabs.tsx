import { LIST_STATUSES, useListStatus, type ListStatus } from '@/lib/list-status';
import { ChoiceTabs } from './ChoiceTabs';

/**
 * The open, previous and archived tabs above a workspace list, each with its count once the list
 * has loaded. The chosen tab is the address's `?status=`, which the page reads with
 * `useListStatus` for its query.
 */
export function ListStatusTabs({
  counts,
  label,
}: {
  counts: Record<ListStatus, number> | undefined;
  /** A tab's words, e.g. `t(\`tasks:lists.${status}\`)`. */
  label: (status: ListStatus) => string;
}) {
  const [status, setStatus] = useListStatus();
  return (
    <ChoiceTabs
      value={status}
      choices={LIST_STATUSES}
      wordsOf={(value) => `${label(value)} ${counts ? `(${counts[value]})` : ''}`}
      onChange={setStatus}
    />
  );
}
