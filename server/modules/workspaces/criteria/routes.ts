import {
  addNamesBody,
  addOptionsBody,
  criteriaList,
  criteriaQuery,
  criterion as criterionSchema,
  criterionOptionParams,
  createCriterionBody,
  nameBankList,
  nameBankQuery,
  updateCriterionBody,
} from '@contracts/criteria';
import { idParam } from '@contracts/common';
import { workspaceIdParam } from '@contracts/workspaces';
import { idRoutes, operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import { addBankNames } from './operations/add-bank-names';
import { addCriterionOptions } from './operations/add-criterion-options';
import { createCriterion } from './operations/create-criterion';
import { deleteBankName } from './operations/delete-bank-name';
import { deleteCriterion } from './operations/delete-criterion';
import { listBankNames } from './operations/list-bank-names';
import { listCriteria } from './operations/list-criteria';
import { removeCriterionOption } from './operations/remove-criterion-option';
import { showCriterion } from './operations/show-criterion';
import { updateCriterion } from './operations/update-criterion';

const tags = ['criteria and name banks'];
const saved = 'workspaces:messages.criterion_saved';

/** Criteria and name banks of a workspace: HTTP over their operations. */
export default async function criteriaRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const onId = idRoutes(app, tags, idParam);

  route.get(
    '/workspaces/:id/criterias',
    { params: workspaceIdParam, querystring: criteriaQuery, answer: criteriaList },
    async (actor, request) => ({
      criterias: await listCriteria(deps, actor, {
        workspaceId: request.params.id,
        type: request.query.type,
      }),
    }),
  );

  route.post(
    '/workspaces/:id/criterias',
    {
      params: workspaceIdParam,
      body: createCriterionBody,
      answer: criterionSchema,
      status: 201,
      message: saved,
    },
    (actor, request) =>
      createCriterion(deps, actor, {
        ...request.body,
        workspaceId: request.params.id,
      }),
  );

  onId.get('/criterias/:id', { answer: criterionSchema }, showCriterion);

  route.put(
    '/criterias/:id',
    { params: idParam, body: updateCriterionBody, answer: criterionSchema, message: saved },
    (actor, request) => updateCriterion(deps, actor, { ...request.body, id: request.params.id }),
  );

  onId.delete(
    '/criterias/:id',
    { message: 'workspaces:messages.criterion_deleted' },
    deleteCriterion,
  );

  route.post(
    '/criterias/:id/options',
    {
      summary: 'Add options to a criterion',
      params: idParam,
      body: addOptionsBody,
      answer: criterionSchema,
      message: saved,
    },
    (actor, request) =>
      addCriterionOptions(deps, actor, {
        ...request.body,
        id: request.params.id,
      }),
  );

  route.delete(
    '/criterias/:id/options/:option',
    { params: criterionOptionParams, answer: criterionSchema, message: saved },
    (actor, request) =>
      removeCriterionOption(deps, actor, {
        id: request.params.id,
        optionId: request.params.option,
      }),
  );

  route.get(
    '/workspaces/:id/bank_names',
    { params: workspaceIdParam, querystring: nameBankQuery, answer: nameBankList },
    async (actor, request) => ({
      bank_names: await listBankNames(deps, actor, {
        workspaceId: request.params.id,
        type: request.query.type,
      }),
    }),
  );

  route.post(
    '/workspaces/:id/bank_names',
    {
      summary: 'Add names to a bank; names already in it are left as they are',
      params: workspaceIdParam,
      body: addNamesBody,
      answer: nameBankList,
      message: 'workspaces:messages.names_saved',
    },
    async (actor, request) => ({
      bank_names: await addBankNames(deps, actor, {
        ...request.body,
        workspaceId: request.params.id,
      }),
    }),
  );

  onId.delete('/bank_names/:id', { message: 'workspaces:messages.name_deleted' }, deleteBankName);
}
