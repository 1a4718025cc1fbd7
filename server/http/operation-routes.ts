import { emptyResource, envelope } from '@contracts/common';
import type {
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../core/actor';
import { actorOf } from '../core/workspace-access';
import { ok } from './envelope';
import type { MessageRef } from './errors';
import type { App } from './types';

type Message = string | MessageRef;

/** What a route's schema says of its input and of itself in the OpenAPI document. */
interface InputSchema {
  summary?: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
}

/** The request as Fastify types it from the schema (params, query and body parsed). */
export type RequestOf<S extends InputSchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

/** A route whose envelope carries the operation's result, typed by `answer`. */
type AnswerSpec<S extends InputSchema, R extends z.ZodType> = S & {
  answer: R;
  /** 201 for a route that creates; 200 otherwise. */
  status?: 200 | 201;
  /** A function when the words depend on the result (one reading the request stays written out). */
  message?: Message | ((result: z.input<R>) => Message);
};
/** A route that answers an empty resource (`{}`) once the operation is done. */
type DoneSpec<S extends InputSchema> = S & {
  answer?: undefined;
  status?: 200;
  message?: Message;
};

interface Register {
  <S extends InputSchema, R extends z.ZodType>(
    url: string,
    spec: AnswerSpec<S, R>,
    run: (actor: Actor, request: RequestOf<S>) => Promise<z.input<R>>,
  ): void;
  <S extends InputSchema>(
    url: string,
    spec: DoneSpec<S>,
    run: (actor: Actor, request: RequestOf<S>) => Promise<unknown>,
  ): void;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

/** One registrar a method, as `route.get(...)`, `route.post(...)` read. */
function byMethod<T>(registrar: (method: Method) => T): Record<Method, T> {
  return Object.fromEntries(METHODS.map((method) => [method, registrar(method)])) as Record<
    Method,
    T
  >;
}

/** Registers one route of `operationRoutes`, typed loosely: the registrars type it. */
function registerOperation(
  app: App,
  tags: string[],
  method: Method,
  url: string,
  {
    answer,
    status = 200,
    message,
    ...input
  }: AnswerSpec<InputSchema, z.ZodType> | DoneSpec<InputSchema>,
  run: (actor: Actor, request: never) => Promise<unknown>,
) {
  const resource = answer ?? emptyResource;
  app.route({
    method,
    url,
    schema: { tags, ...input, response: { [status]: envelope(resource) } },
    handler: async (request, reply) => {
      const result = await run(actorOf(request), request as never);
      const said = typeof message === 'function' ? message(result) : message;
      const body = ok(answer ? result : {}, ...(said ? [said] : []));
      return status === 200 ? body : reply.status(status).send(body);
    },
  });
}

/**
 * Routes of the shape most routes have: the caller as an actor, one operation, its result in
 * the envelope. Each gets the schema it would be written with by hand (`tags`, the input
 * schemas, `response: { <status>: envelope(answer) }`), so the OpenAPI document is the same.
 * Routes that do more with the request or reply (files, headers, redirects) stay written out.
 */
export function operationRoutes(app: App, tags: string[]): Record<Method, Register> {
  return byMethod(
    (method): Register =>
      (
        url: string,
        spec: AnswerSpec<InputSchema, z.ZodType> | DoneSpec<InputSchema>,
        run: (actor: Actor, request: never) => Promise<unknown>,
      ) =>
        registerOperation(app, tags, method, url, spec, run),
  );
}

/** An operation on one row, by the id in the path, with the app's dependencies. */
type OnId<Id, T> = (deps: App['deps'], actor: Actor, id: Id) => Promise<T>;
type Described = Pick<InputSchema, 'summary' | 'description'>;

interface RegisterOnId<Id> {
  <R extends z.ZodType>(
    url: string,
    spec: AnswerSpec<Described, R>,
    operation: OnId<Id, z.input<R>>,
  ): void;
  (url: string, spec: DoneSpec<Described>, operation: OnId<Id, unknown>): void;
}

/**
 * `operationRoutes` whose operation takes the id in the path (`params`) and nothing else of the
 * request: `onWorkspace.get('/workspaces/:id', { answer: workspace }, showWorkspace)`.
 */
export function idRoutes<Id>(
  app: App,
  tags: string[],
  params: z.ZodType<{ id: Id }>,
): Record<Method, RegisterOnId<Id>> {
  return byMethod(
    (method): RegisterOnId<Id> =>
      (
        url: string,
        spec: AnswerSpec<Described, z.ZodType> | DoneSpec<Described>,
        operation: OnId<Id, unknown>,
      ) =>
        registerOperation(
          app,
          tags,
          method,
          url,
          { ...spec, params },
          (actor, request: { params: { id: Id } }) => operation(app.deps, actor, request.params.id),
        ),
  );
}

/**
 * A route's answer whose one field, `key`, is the operation's result: `answerAs('team',
 * updateTeam(...))` answers `{ team }`.
 */
export async function answerAs<K extends string, T>(
  key: K,
  result: Promise<T>,
): Promise<Record<K, T>> {
  return { [key]: await result } as Record<K, T>;
}
