import type { z } from 'zod';

/** The methods the API answers to. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route takes and answers, as the schemas the server validates with. */
export interface EndpointSchemas {
  query?: z.ZodType;
  /** The JSON body, or `'form'` for a multipart upload (the server reads its parts itself). */
  body?: z.ZodType | 'form';
  /** The envelope's resource; `'file'` for a download (a bare file, no envelope). */
  response?: z.ZodType | 'file';
}

/**
 * One route of the API: declared once (contracts/endpoints/), called by the client and checked
 * against the server. Its schemas are types only, so the client loads no schema (nor zod) for it.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
> {
  method: M;
  /** Below /api/v2, with `:name` for each path parameter, exactly as the server registers it. */
  path: P;
  /** Never set: it carries the schemas' types. */
  readonly schemas?: S;
}

/** `endpoint('GET', 'core/user').of<{ response: typeof currentUser }>()` */
export function endpoint<M extends HttpMethod, P extends string>(method: M, path: P) {
  return {
    of: <S extends EndpointSchemas>(): Endpoint<M, P, S> => ({ method, path }),
  };
}

/** The names of a path's `:name` segments. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills a path's `:name` segments in, each value encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
