import type { ObjectiveListQuery } from './api';

/** Query keys of the OKR area, one helper so invalidation stays in step. */
export const okrKeys = {
  all: ['okrs'] as const,
  list: (workspaceId: number, query: ObjectiveListQuery) =>
    ['okrs', 'list', workspaceId, query] as const,
  tree: (workspaceId: number) => ['okrs', 'tree', workspaceId] as const,
  one: (id: number) => ['okrs', 'one', id] as const,
  tracking: (keyResultId: number) => ['okrs', 'tracking', keyResultId] as const,
  keyResults: (workspaceId: number) => ['okrs', 'key-results', workspaceId] as const,
  orgChart: (workspaceId: number) => ['okrs', 'org-chart', workspaceId] as const,
  people: (workspaceId: number) => ['okrs', 'people', workspaceId] as const,
  tags: (workspaceId: number) => ['okrs', 'tags', workspaceId] as const,
  pins: (workspaceId: number) => ['okrs', 'pins', workspaceId] as const,
  boardViews: (workspaceId: number) => ['okrs', 'board-views', workspaceId] as const,
  suggestions: (workspaceId: number, asked: string | null) =>
    ['okrs', 'suggest', workspaceId, asked] as const,
};
