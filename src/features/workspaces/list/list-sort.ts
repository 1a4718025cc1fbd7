import { useState } from 'react';
import {
  SORT_DIRECTIONS,
  WORKSPACE_SORTS,
  type SortDirection,
  type WorkspaceSort,
} from '@contracts/workspaces';
import { readCookie, writeCookie } from '@/lib/cookies';

export const WORKSPACE_LISTS = ['current', 'previous', 'archived', 'public'] as const;
export type WorkspaceList = (typeof WORKSPACE_LISTS)[number];

export interface ListSort {
  sort: WorkspaceSort;
  direction: SortDirection;
}

/** Spec 9: Date created, descending, until the person picks another sort for the list. */
export const DEFAULT_SORT: ListSort = { sort: 'created_at', direction: 'desc' };
const SORT_COOKIE_DAYS = 100;

export const sortCookieName = (list: WorkspaceList) => `workspaces_sort_${list}`;

export function readListSort(list: WorkspaceList): ListSort {
  const [sort, direction] = (readCookie(sortCookieName(list)) ?? '').split(':');
  return (WORKSPACE_SORTS as readonly string[]).includes(sort) &&
    (SORT_DIRECTIONS as readonly string[]).includes(direction)
    ? { sort: sort as WorkspaceSort, direction: direction as SortDirection }
    : DEFAULT_SORT;
}

/** The sort of one list, kept in a cookie per list (spec 9). */
export function useListSort(list: WorkspaceList) {
  const [value, setValue] = useState<ListSort>(() => readListSort(list));
  const change = (next: ListSort) => {
    writeCookie(sortCookieName(list), `${next.sort}:${next.direction}`, {
      days: SORT_COOKIE_DAYS,
    });
    setValue(next);
  };
  return [value, change] as const;
}
