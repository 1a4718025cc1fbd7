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
import { emptyResource, envelope, idParam } from '@contracts/common';
import { workspaceIdParam } from '@contracts/workspaces';
import { ok } from '../../../http/envelope';
import type { App } from '../../../http/types';
import { actorOf } from '../../../core/workspace-access';
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

  app.get(
    '/workspaces/:id/criterias',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        querystring: criteriaQuery,
        response: { 200: envelope(criteriaList) },
      },
    },
    async (request) =>
      ok({
        criterias: await listCriteria(deps, actorOf(request), {
          workspaceId: request.params.id,
          type: request.query.type,
        }),
      }),
  );

  app.post(
    '/workspaces/:id/criterias',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        body: createCriterionBody,
        response: { 201: envelope(criterionSchema) },
      },
    },
    async (request, reply) => {
      const created = await createCriterion(deps, actorOf(request), {
        ...request.body,
        workspaceId: request.params.id,
      });
      return reply.status(201).send(ok(created, saved));
    },
  );

  app.get(
    '/criterias/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(criterionSchema) } } },
    async (request) => ok(await showCriterion(deps, actorOf(request), request.params.id)),
  );

  app.put(
    '/criterias/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: updateCriterionBody,
        response: { 200: envelope(criterionSchema) },
      },
    },
    async (request) =>
      ok(
        await updateCriterion(deps, actorOf(request), { ...request.body, id: request.params.id }),
        saved,
      ),
  );

  app.delete(
    '/criterias/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      await deleteCriterion(deps, actorOf(request), request.params.id);
      return ok({}, 'workspaces:messages.criterion_deleted');
    },
  );

  app.post(
    '/criterias/:id/options',
    {
      schema: {
        tags,
        summary: 'Add options to a criterion',
        params: idParam,
        body: addOptionsBody,
        response: { 200: envelope(criterionSchema) },
      },
    },
    async (request) =>
      ok(
        await addCriterionOptions(deps, actorOf(request), {
          ...request.body,
          id: request.params.id,
        }),
        saved,
      ),
  );

  app.delete(
    '/criterias/:id/options/:option',
    {
      schema: {
        tags,
        params: criterionOptionParams,
        response: { 200: envelope(criterionSchema) },
      },
    },
    async (request) =>
      ok(
        await removeCriterionOption(deps, actorOf(request), {
          id: request.params.id,
          optionId: request.params.option,
        }),
        saved,
      ),
  );

  app.get(
    '/workspaces/:id/bank_names',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        querystring: nameBankQuery,
        response: { 200: envelope(nameBankList) },
      },
    },
    async (request) =>
      ok({
        bank_names: await listBankNames(deps, actorOf(request), {
          workspaceId: request.params.id,
          type: request.query.type,
        }),
      }),
  );

  app.post(
    '/workspaces/:id/bank_names',
    {
      schema: {
        tags,
        summary: 'Add names to a bank; names already in it are left as they are',
        params: workspaceIdParam,
        body: addNamesBody,
        response: { 200: envelope(nameBankList) },
      },
    },
    async (request) =>
      ok(
        {
          bank_names: await addBankNames(deps, actorOf(request), {
            ...request.body,
            workspaceId: request.params.id,
          }),
        },
        'workspaces:messages.names_saved',
      ),
  );

  app.delete(
    '/bank_names/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      await deleteBankName(deps, actorOf(request), request.params.id);
      return ok({}, 'workspaces:messages.name_deleted');
    },
  );
}
