import { endpoint } from '../endpoint';
import type {
  alignBody,
  alignmentList,
  checkInBody,
  createKeyResultBody,
  createObjectiveBody,
  keyResultItems,
  keyResultResource,
  objectiveList,
  objectiveListQuery,
  objectiveResource,
  objectiveTree,
  okrAiQuery,
  okrSuggestions,
  orgChart,
  orgPositionBody,
  orgPositionResource,
  orgPositionUpdateBody,
  tracking,
  updateKeyResultBody,
  updateObjectiveBody,
  workspaceIdQuery,
} from '../okrs';
import type { emptyResource } from '../common';

/** Spec 7.17: objectives, key results, check-ins, alignments and the org chart. */
export const okrEndpoints = {
  list: endpoint('GET', 'core/workspaces/:id/objectives').of<{
    query: typeof objectiveListQuery;
    response: typeof objectiveList;
  }>(),
  tree: endpoint('GET', 'core/workspaces/:id/objective-tree').of<{
    response: typeof objectiveTree;
  }>(),
  get: endpoint('GET', 'core/objectives/:id').of<{ response: typeof objectiveResource }>(),
  create: endpoint('POST', 'core/workspaces/:id/objectives').of<{
    body: typeof createObjectiveBody;
    response: typeof objectiveResource;
  }>(),
  update: endpoint('PUT', 'core/objectives/:id').of<{
    query: typeof workspaceIdQuery;
    body: typeof updateObjectiveBody;
    response: typeof objectiveResource;
  }>(),
  remove: endpoint('DELETE', 'core/objectives/:id').of<{
    query: typeof workspaceIdQuery;
    response: typeof emptyResource;
  }>(),
  open: endpoint('POST', 'core/objectives/:id/open').of<{ response: typeof objectiveResource }>(),
  close: endpoint('POST', 'core/objectives/:id/close').of<{ response: typeof objectiveResource }>(),
  archive: endpoint('POST', 'core/objectives/:id/archive').of<{
    response: typeof objectiveResource;
  }>(),
  restore: endpoint('POST', 'core/objectives/:id/restore').of<{
    response: typeof objectiveResource;
  }>(),
  keyResults: endpoint('GET', 'core/workspaces/:id/key-results').of<{
    response: typeof keyResultItems;
  }>(),
  addKeyResult: endpoint('POST', 'core/key-results').of<{
    body: typeof createKeyResultBody;
    response: typeof keyResultResource;
  }>(),
  updateKeyResult: endpoint('PUT', 'core/key-results/:id').of<{
    body: typeof updateKeyResultBody;
    response: typeof keyResultResource;
  }>(),
  removeKeyResult: endpoint('DELETE', 'core/key-results/:id').of<{
    response: typeof emptyResource;
  }>(),
  tracking: endpoint('GET', 'core/key-results/:id/tracking').of<{ response: typeof tracking }>(),
  checkIn: endpoint('POST', 'core/key-results/:id/answer').of<{
    body: typeof checkInBody;
    response: typeof keyResultResource;
  }>(),
  removeCheckIn: endpoint('DELETE', 'core/key-results/:id/answers/:report').of<{
    response: typeof keyResultResource;
  }>(),
  align: endpoint('POST', 'core/objectives/:id/alignments').of<{
    body: typeof alignBody;
    response: typeof alignmentList;
  }>(),
  unalign: endpoint('DELETE', 'core/alignments/:alignment').of<{
    response: typeof emptyResource;
  }>(),
  orgChart: endpoint('GET', 'core/workspaces/:id/org-chart').of<{ response: typeof orgChart }>(),
  addPosition: endpoint('POST', 'core/workspaces/:id/org-position').of<{
    body: typeof orgPositionBody;
    response: typeof orgPositionResource;
  }>(),
  renamePosition: endpoint('PUT', 'core/org-positions/:id').of<{
    body: typeof orgPositionUpdateBody;
    response: typeof orgPositionResource;
  }>(),
  movePositionUnder: endpoint('PUT', 'core/org-positions/:id/org-nodes/:node').of<{
    response: typeof orgPositionResource;
  }>(),
  movePositionToTop: endpoint('PUT', 'core/org-positions/:id/top').of<{
    response: typeof orgPositionResource;
  }>(),
  removePosition: endpoint('DELETE', 'core/org-positions/:id').of<{
    response: typeof emptyResource;
  }>(),
  suggestObjectives: endpoint('GET', 'core/workspaces/okrAI/objective').of<{
    query: typeof okrAiQuery;
    response: typeof okrSuggestions;
  }>(),
};
