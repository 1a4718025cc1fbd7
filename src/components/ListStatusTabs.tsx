import { Tab, TabList } from '@fluentui/react-components';
import { LIST_STATUSES, useListStatus, type ListStatus } from '@/lib/list-status';

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
    <TabList selectedValue={status} onTabSelect={(_, data) => setStatus(data.value as ListStatus)}>
      {LIST_STATUSES.map((value) => (
        <Tab key={value} value={value}>
          {label(value)} {counts ? `(${counts[value]})` : ''}
        </Tab>
      ))}
    </TabList>
  );
}
