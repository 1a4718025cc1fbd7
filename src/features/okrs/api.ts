import type { z } from 'zod';
import type {
  Alignment,
  KeyResult,
  KeyResultAnswer,
  Objective,
  ObjectiveBoardViewConfig,
  ObjectiveTreeNode,
  OkrSuggestion,
  OrgChartNode,
  alignBody,
  checkInBody,
  createObjectiveBody,
  newKeyResult,
  objectiveCounts,
  objectiveListQuery,
  updateKeyResultBody,
  updateObjectiveBody,
} from '@contracts/okrs';
import type { Person } from '@contracts/people';
import type { Pin } from '@contracts/pins';
import type { Tag } from '@contracts/tasks';
import { api } from '@/lib/http';

export type ObjectiveCounts = z.infer<typeof objectiveCounts>;
export type ObjectiveListQuery = Partial<z.input<typeof objectiveListQuery>>;
export type CreateObjectiveBody = z.input<typeof createObjectiveBody>;
export type UpdateObjectiveBody = z.input<typeof updateObjectiveBody>;
export type NewKeyResultBody = z.input<typeof newKeyResult>;
export type UpdateKeyResultBody = z.input<typeof updateKeyResultBody>;
export type CheckInBody = z.input<typeof checkInBody>;
export type AlignBody = z.input<typeof alignBody>;

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
};

/** A person's saved view of the objectives section (a board view of kind objectives). */
export interface SavedObjectiveView {
  id: number;
  name: string;
  config: ObjectiveBoardViewConfig;
}

const get = <T>(url: string) => api.get<T>(url);
const send = <T>(method: 'post' | 'put' | 'delete', url: string, body?: unknown) =>
  api[method]<T>(url, body);

export const okrsApi = {
  list: (workspaceId: number, query: ObjectiveListQuery) =>
    api.get<{ objectives: Objective[]; counts: ObjectiveCounts }>(
      `core/workspaces/${workspaceId}/objectives`,
      { params: query },
    ),
  tree: (workspaceId: number) =>
    get<{ nodes: ObjectiveTreeNode[] }>(`core/workspaces/${workspaceId}/objective-tree`),
  one: (id: number) =>
    get<{ objective: Objective }>(`core/objectives/${id}`).then((r) => r.objective),
  create: (workspaceId: number, body: CreateObjectiveBody) =>
    send<{ objective: Objective }>('post', `core/workspaces/${workspaceId}/objectives`, body),
  update: (id: number, body: UpdateObjectiveBody) =>
    send<{ objective: Objective }>('put', `core/objectives/${id}`, body),
  remove: (id: number) => send<object>('delete', `core/objectives/${id}`),
  transition: (id: number, action: 'open' | 'close' | 'archive' | 'restore') =>
    send<{ objective: Objective }>('post', `core/objectives/${id}/${action}`),
  addKeyResult: (objectiveId: number, body: NewKeyResultBody) =>
    send<{ key_result: KeyResult }>('post', 'core/key-results', {
      ...body,
      objective_id: objectiveId,
    }),
  updateKeyResult: (id: number, body: UpdateKeyResultBody) =>
    send<{ key_result: KeyResult }>('put', `core/key-results/${id}`, body),
  removeKeyResult: (id: number) => send<object>('delete', `core/key-results/${id}`),
  tracking: (keyResultId: number) =>
    get<{ key_result: KeyResult; tracking: KeyResultAnswer[] }>(
      `core/key-results/${keyResultId}/tracking`,
    ),
  checkIn: (keyResultId: number, body: CheckInBody) =>
    send<{ key_result: KeyResult }>('post', `core/key-results/${keyResultId}/answer`, body),
  removeCheckIn: (keyResultId: number, report: number) =>
    send<{ key_result: KeyResult }>('delete', `core/key-results/${keyResultId}/answers/${report}`),
  keyResults: (workspaceId: number) =>
    get<{ key_results: KeyResult[] }>(`core/workspaces/${workspaceId}/key-results`),
  align: (id: number, body: AlignBody) =>
    send<{ alignments: Alignment[] }>('post', `core/objectives/${id}/alignments`, body),
  unalign: (alignmentId: number) => send<object>('delete', `core/alignments/${alignmentId}`),
  orgChart: (workspaceId: number) =>
    get<{ nodes: OrgChartNode[] }>(`core/workspaces/${workspaceId}/org-chart`),
  addPosition: (workspaceId: number, body: { name: string; parent_id?: number | null }) =>
    send<object>('post', `core/workspaces/${workspaceId}/org-position`, body),
  renamePosition: (id: number, name: string) =>
    send<object>('put', `core/org-positions/${id}`, { name }),
  movePosition: (id: number, parentId: number | null) =>
    parentId === null
      ? send<object>('put', `core/org-positions/${id}/top`)
      : send<object>('put', `core/org-positions/${id}/org-nodes/${parentId}`),
  removePosition: (id: number) => send<object>('delete', `core/org-positions/${id}`),
  /** Tags of type objective (spec 7.4, 7.17). */
  tags: (workspaceId: number) =>
    api
      .get<{ tags: Tag[] }>('core/tags', {
        params: { type: 'objective', workspace_id: workspaceId },
      })
      .then((r) => r.tags),
  createTag: (workspaceId: number, name: string) =>
    send<{ tag: Tag }>('post', 'core/tags', { workspace_id: workspaceId, type: 'objective', name }),
  /** The caller's personal pins of the workspace (spec 9), where objectives can be pinned. */
  personalPins: (workspaceId: number) =>
    api
      .get<{ pins: { personal: Pin[] } }>('core/pins', { params: { workspace_id: workspaceId } })
      .then((r) => r.pins.personal),
  savePersonalPins: (workspaceId: number, pins: Pin[]) =>
    send<object>('post', 'core/pins', {
      workspace_id: workspaceId,
      list: 'personal',
      pins: pins.map((p) =>
        p.reference_type === 'other'
          ? { reference_type: 'other', title: p.title, url: p.url }
          : { reference_type: p.reference_type, reference_id: p.reference_id },
      ),
    }),
  /** The caller's saved views of this workspace's objectives (other kinds are left out). */
  savedViews: (workspaceId: number) =>
    get<{ board_views: { id: number; name: string; config: Record<string, unknown> }[] }>(
      `core/workspaces/${workspaceId}/board_views`,
    ).then(
      (r) => r.board_views.filter((v) => v.config.kind === 'objectives') as SavedObjectiveView[],
    ),
  saveView: (workspaceId: number, name: string, config: ObjectiveBoardViewConfig) =>
    send<object>('post', `core/workspaces/${workspaceId}/board_views`, { name, config }),
  removeView: (id: number) => send<object>('delete', `core/board_views/${id}`),
  people: (workspaceId: number) =>
    get<{ users: (Person & { role: string })[] }>(`core/workspaces/${workspaceId}/users`),
  suggestObjectives: (workspaceId: number, text: string) =>
    api.get<{ suggestions: OkrSuggestion[]; ai_configured: boolean }>(
      'core/workspaces/okrAI/objective',
      { params: { workspace_id: workspaceId, text } },
    ),
};
