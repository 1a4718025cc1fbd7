import { idParam } from '@contracts/common';
import {
  answerParams,
  checkInBody,
  createKeyResultBody,
  keyResultItems,
  keyResultResource,
  tracking,
  updateCheckInBody,
  updateKeyResultBody,
} from '@contracts/okrs';
import { idempotencyKeyHeaders, idempotencyKeyOf } from '../../http/idempotency-key';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { checkInKeyResult } from './operations/check-in-key-result';
import { createKeyResult } from './operations/create-key-result';
import { deleteCheckIn } from './operations/delete-check-in';
import { deleteKeyResult } from './operations/delete-key-result';
import { keyResultTracking } from './operations/key-result-tracking';
import { listKeyResults } from './operations/list-key-results';
import { updateCheckIn } from './operations/update-check-in';
import { updateKeyResult } from './operations/update-key-result';

const tags = ['okrs'];

/** Key results and their check-ins (spec 7.2): HTTP over the OKR operations. */
export default async function keyResultRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/workspaces/:id/key-results',
    {
      summary: "Every key result of the workspace's open and closed objectives",
      params: idParam,
      answer: keyResultItems,
    },
    async (actor, request) => {
      const keyResults = await listKeyResults(deps, actor, {
        workspaceId: request.params.id,
      });
      return { key_results: keyResults };
    },
  );

  route.post(
    '/key-results',
    {
      summary: 'A new key result of an objective',
      body: createKeyResultBody,
      answer: keyResultResource,
      status: 201,
      message: 'okrs:messages.key_result_created',
    },
    async (actor, request) => {
      const keyResult = await createKeyResult(deps, actor, request.body);
      return { key_result: keyResult };
    },
  );

  route.put(
    '/key-results/:id',
    {
      summary: 'Change a key result: name, kind, values, unit, weight, owners, org position',
      params: idParam,
      body: updateKeyResultBody,
      answer: keyResultResource,
      message: 'okrs:messages.key_result_updated',
    },
    async (actor, request) => {
      const keyResult = await updateKeyResult(deps, actor, {
        id: request.params.id,
        ...request.body,
      });
      return { key_result: keyResult };
    },
  );

  route.delete(
    '/key-results/:id',
    {
      summary: 'Delete a key result with its check-ins',
      params: idParam,
      message: 'okrs:messages.key_result_deleted',
    },
    (actor, request) => deleteKeyResult(deps, actor, request.params.id),
  );

  route.get(
    '/key-results/:id/tracking',
    {
      summary: "A key result's progress history: every check-in, oldest first",
      params: idParam,
      answer: tracking,
    },
    (actor, request) => keyResultTracking(deps, actor, request.params.id),
  );

  route.post(
    '/key-results/:id/answer',
    {
      summary: 'Check in on a key result: the new value, a status, a confidence and a note',
      params: idParam,
      headers: idempotencyKeyHeaders,
      body: checkInBody,
      answer: keyResultResource,
      status: 201,
      message: 'okrs:messages.checked_in',
    },
    async (actor, request) => {
      const keyResult = await checkInKeyResult(deps, actor, {
        id: request.params.id,
        ...request.body,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return { key_result: keyResult };
    },
  );

  route.put(
    '/key-results/:id/answers/:report',
    {
      summary: 'Correct a check-in; the key result and its history follow',
      params: answerParams,
      body: updateCheckInBody,
      answer: keyResultResource,
      message: 'okrs:messages.answer_updated',
    },
    async (actor, request) => {
      const keyResult = await updateCheckIn(deps, actor, {
        ...request.params,
        ...request.body,
      });
      return { key_result: keyResult };
    },
  );

  route.delete(
    '/key-results/:id/answers/:report',
    {
      summary: 'Remove a check-in; the key result and its history follow',
      params: answerParams,
      answer: keyResultResource,
      message: 'okrs:messages.answer_deleted',
    },
    async (actor, request) => {
      const keyResult = await deleteCheckIn(deps, actor, request.params);
      return { key_result: keyResult };
    },
  );
}
