import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { countBadge } from '@/lib/count-badge';
import { createValueStore, useStoredValue } from '@/lib/value-store';
import type { RouteHandle } from './route-types';

export const PRODUCT_NAME = 'Teamloop';
const SEPARATOR = ' | ';

/**
 * Spec 1 and 9: "Teamloop | Page", prefixed with "(N) " while there are new messages
 * (N is "99+" from 100; a count below 1 adds nothing).
 */
export function formatPageTitle(page: string | undefined, newMessages = 0): string {
  const title = page ? `${PRODUCT_NAME}${SEPARATOR}${page}` : PRODUCT_NAME;
  return newMessages > 0 ? `(${countBadge(newMessages)}) ${title}` : title;
}

/*
 * The count of new messages comes from GET core/menu (new_messages_count); whoever loads the
 * menu calls setNewMessagesCount. A page may also name itself at run time (a workspace's name).
 */
interface TitleState {
  newMessages: number;
  pageOverride?: string;
}
const titleState = createValueStore<TitleState>({ newMessages: 0 });

function update(next: Partial<TitleState>) {
  titleState.set({ ...titleState.get(), ...next });
}

export function setNewMessagesCount(count: number): void {
  if (count !== titleState.get().newMessages) update({ newMessages: count });
}

export function useTitleState(): TitleState {
  return useStoredValue(titleState);
}

/** Names the page from inside it, for titles only known at run time; undefined keeps the route's. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    update({ pageOverride: title });
    return () => update({ pageOverride: undefined });
  }, [title]);
}

/** The translated title of the page being shown: the page's own name, else its route's. */
export function useCurrentPageTitle(): string | undefined {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { pageOverride } = useTitleState();
  if (pageOverride) return pageOverride;
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  // A title in an area's words waits for them (the frame can show before the page's code).
  return key && i18n.exists(key) ? t(key) : undefined;
}
