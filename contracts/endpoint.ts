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

/** One route of the API: declared once here, called by the client and checked against the server. */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
> {
  method: M;
  /** Below /api/v2, with `:name` for each path parameter, exactly as the server registers it. */
  path: P;
  schemas: S;
}

export function endpoint<
  M extends HttpMethod,
  P extends string,
  S extends EndpointSchemas = object,
>(method: M, path: P, schemas: S = {} as S): Endpoint<M, P, S> {
  return { method, path, schemas };
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
