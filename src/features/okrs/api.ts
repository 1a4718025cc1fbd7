import type { z } from 'zod';
import {
  objectiveBoardViewConfig,
  type ObjectiveBoardViewConfig,
  type alignBody,
  type checkInBody,
  type createObjectiveBody,
  type newKeyResult,
  type objectiveCounts,
  type objectiveListQuery,
  type updateKeyResultBody,
  type updateObjectiveBody,
} from '@contracts/okrs';
import { okrEndpoints as endpoints } from '@contracts/endpoints/okrs';
import type { Pin, savePinsBody } from '@contracts/pins';
import { pinEndpoints } from '@contracts/endpoints/pins';
import { tagEndpoints } from '@contracts/endpoints/tasks';
import { boardViewEndpoints, workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { api } from '@/lib/http';

export type ObjectiveCounts = z.infer<typeof objectiveCounts>;
export type ObjectiveListQuery = Partial<z.input<typeof objectiveListQuery>>;
export type CreateObjectiveBody = z.input<typeof createObjectiveBody>;
export type UpdateObjectiveBody = z.input<typeof updateObjectiveBody>;
export type NewKeyResultBody = z.input<typeof newKeyResult>;
export type UpdateKeyResultBody = z.input<typeof updateKeyResultBody>;
export type CheckInBody = z.input<typeof checkInBody>;
export type AlignBody = z.input<typeof alignBody>;

/** A person's saved view of the objectives section (a board view of kind objectives). */
export interface SavedObjectiveView {
  id: number;
  name: string;
  config: ObjectiveBoardViewConfig;
}

const workspace = (id: number) => ({ params: { id } });

/** A pin as it is saved again: a link keeps its title and address, the rest their reference. */
function pinInputOf(pin: Pin): z.input<typeof savePinsBody>['pins'] {
  if (pin.reference_type === 'other') {
    return pin.title !== null && pin.url !== null
      ? [{ reference_type: 'other', title: pin.title, url: pin.url }]
      : [];
  }
  return pin.reference_id !== null
    ? [{ reference_type: pin.reference_type, reference_id: pin.reference_id }]
    : [];
}

export const okrsApi = {
  list: (workspaceId: number, query: ObjectiveListQuery) =>
    api.call(endpoints.list, { params: { id: workspaceId }, query }),
  tree: (workspaceId: number) => api.call(endpoints.tree, workspace(workspaceId)),
  one: (id: number) => api.call(endpoints.get, { params: { id } }).then((r) => r.objective),
  create: (workspaceId: number, body: CreateObjectiveBody) =>
    api.call(endpoints.create, { params: { id: workspaceId }, body }),
  update: (id: number, body: UpdateObjectiveBody) =>
    api.call(endpoints.update, { params: { id }, body }),
  remove: (id: number) => api.call(endpoints.remove, { params: { id } }),
  transition: (id: number, action: 'open' | 'close' | 'archive' | 'restore') =>
    api.call(endpoints[action], { params: { id } }),
  addKeyResult: (objectiveId: number, body: NewKeyResultBody) =>
    api.call(endpoints.addKeyResult, { body: { ...body, objective_id: objectiveId } }),
  updateKeyResult: (id: number, body: UpdateKeyResultBody) =>
    api.call(endpoints.updateKeyResult, { params: { id }, body }),
  removeKeyResult: (id: number) => api.call(endpoints.removeKeyResult, { params: { id } }),
  tracking: (keyResultId: number) => api.call(endpoints.tracking, { params: { id: keyResultId } }),
  checkIn: (keyResultId: number, body: CheckInBody) =>
    api.call(endpoints.checkIn, { params: { id: keyResultId }, body }, { idempotent: true }),
  removeCheckIn: (keyResultId: number, report: number) =>
    api.call(endpoints.removeCheckIn, { params: { id: keyResultId, report } }),
  keyResults: (workspaceId: number) => api.call(endpoints.keyResults, workspace(workspaceId)),
  align: (id: number, body: AlignBody) => api.call(endpoints.align, { params: { id }, body }),
  unalign: (alignmentId: number) =>
    api.call(endpoints.unalign, { params: { alignment: alignmentId } }),
  orgChart: (workspaceId: number) => api.call(endpoints.orgChart, workspace(workspaceId)),
  addPosition: (workspaceId: number, body: { name: string; parent_id?: number | null }) =>
    api.call(endpoints.addPosition, { params: { id: workspaceId }, body }),
  renamePosition: (id: number, name: string) =>
    api.call(endpoints.renamePosition, { params: { id }, body: { name } }),
  movePosition: (id: number, parentId: number | null) =>
    parentId === null
      ? api.call(endpoints.movePositionToTop, { params: { id } })
      : api.call(endpoints.movePositionUnder, { params: { id, node: parentId } }),
  removePosition: (id: number) => api.call(endpoints.removePosition, { params: { id } }),
  /** Tags of type objective (spec 7.4, 7.17). */
  tags: (workspaceId: number) =>
    api
      .call(tagEndpoints.list, { query: { type: 'objective', workspace_id: workspaceId } })
      .then((r) => r.tags),
  createTag: (workspaceId: number, name: string) =>
    api.call(tagEndpoints.create, {
      body: { workspace_id: workspaceId, type: 'objective', name },
    }),
  /** The caller's personal pins of the workspace (spec 9), where objectives can be pinned. */
  personalPins: (workspaceId: number) =>
    api
      .call(pinEndpoints.list, { query: { workspace_id: workspaceId } })
      .then((r) => r.pins.personal),
  savePersonalPins: (workspaceId: number, pins: Pin[]) =>
    api.call(pinEndpoints.save, {
      body: {
        workspace_id: workspaceId,
        list: 'personal',
        pins: pins.flatMap(pinInputOf),
      },
    }),
  /** The caller's saved views of this workspace's objectives (other kinds are left out). */
  savedViews: (workspaceId: number) =>
    api.call(boardViewEndpoints.list, workspace(workspaceId)).then((r) =>
      r.board_views.flatMap((view): SavedObjectiveView[] => {
        const config = objectiveBoardViewConfig.safeParse(view.config);
        return config.success ? [{ id: view.id, name: view.name, config: config.data }] : [];
      }),
    ),
  saveView: (workspaceId: number, name: string, config: ObjectiveBoardViewConfig) =>
    api.call(boardViewEndpoints.create, { params: { id: workspaceId }, body: { name, config } }),
  removeView: (id: number) => api.call(boardViewEndpoints.remove, { params: { id } }),
  people: (workspaceId: number) => api.call(workspaceEndpoints.members, workspace(workspaceId)),
  suggestObjectives: (workspaceId: number, text: string) =>
    api.call(endpoints.suggestObjectives, { query: { workspace_id: workspaceId, text } }),
};
