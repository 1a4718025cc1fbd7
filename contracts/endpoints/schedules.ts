import { endpoint } from '../endpoint';
import type { basicInformationStep, planStep, scheduleStep, workspaceDraft } from '../schedules';
import type { workspace } from '../workspaces';

/** The steps of a workspace made from a plan (spec 7.6). */
export const workspaceDraftEndpoints = {
  get: endpoint('GET', 'core/workspaces/generalized/:id').of<{ response: typeof workspaceDraft }>(),
  start: endpoint('POST', 'core/workspaces/generalized').of<{
    body: typeof basicInformationStep;
    response: typeof workspaceDraft;
  }>(),
  saveBasicInformation: endpoint('PUT', 'core/workspaces/generalized/:id/basic-information').of<{
    body: typeof basicInformationStep;
    response: typeof workspaceDraft;
  }>(),
  savePlan: endpoint('PUT', 'core/workspaces/generalized/:id/plan').of<{
    body: typeof planStep;
    response: typeof workspaceDraft;
  }>(),
  saveSchedule: endpoint('PUT', 'core/workspaces/generalized/:id/schedule').of<{
    body: typeof scheduleStep;
    response: typeof workspaceDraft;
  }>(),
  complete: endpoint('POST', 'core/workspaces/generalized/:id/complete').of<{
    response: typeof workspace;
  }>(),
};
