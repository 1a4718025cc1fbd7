import { useCallback, useState } from 'react';
import { localStore } from '@/lib/storage';

/**
 * The tables whose column options are remembered (spec 2.11: eight tables). A table's id
 * names where its options are kept, so each id is listed once here.
 */
export const DATA_TABLES = [
  'workspaces-current',
  'workspaces-previous',
  'workspaces-archive',
  'workspaces-public',
  'tasks',
  'subtasks',
  'assessments',
  'objectives',
] as const;
export type DataTableId = (typeof DATA_TABLES)[number] | (string & {});

export interface ColumnOptions {
  /** Ids of the columns the person hid. */
  hidden: string[];
}

export const columnOptionsKey = (table: string) => `data-table:${table}`;

/** Which columns of a table are shown, remembered on this device. */
export function useColumnOptions(table: string, defaultHidden: string[]) {
  const [options, setOptions] = useState<ColumnOptions>(
    () => localStore.getJSON<ColumnOptions>(columnOptionsKey(table)) ?? { hidden: defaultHidden },
  );
  const setHidden = useCallback(
    (hidden: string[]) => {
      const next = { hidden };
      localStore.setJSON(columnOptionsKey(table), next);
      setOptions(next);
    },
    [table],
  );
  return { hidden: options.hidden, setHidden };
}
