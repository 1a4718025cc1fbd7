import { useCallback, useState } from 'react';
import { localStore } from '@/lib/storage';

export const SECTION_VIEWS = ['grid', 'list', 'tree', 'board'] as const;
export type SectionView = (typeof SECTION_VIEWS)[number];

export interface SectionState {
  view: SectionView;
  collapsed: boolean;
}

/** Spec 2.10: the chosen view and the collapse state, under a key named after the section. */
export const sectionStorageKey = (section: string) => `section-card:${section}`;

function read(section: string, views: readonly SectionView[], defaultView: SectionView) {
  const saved = localStore.getJSON<Partial<SectionState>>(sectionStorageKey(section));
  return {
    view: saved?.view && views.includes(saved.view) ? saved.view : defaultView,
    collapsed: saved?.collapsed === true,
  };
}

/** The view and collapse state of one section card, remembered on this device. */
export function useSectionState(
  section: string,
  views: readonly SectionView[],
  defaultView: SectionView,
) {
  const [state, setState] = useState<SectionState>(() => read(section, views, defaultView));
  const update = useCallback(
    (change: Partial<SectionState>) =>
      setState((current) => {
        const next = { ...current, ...change };
        localStore.setJSON(sectionStorageKey(section), next);
        return next;
      }),
    [section],
  );
  return { ...state, update };
}
