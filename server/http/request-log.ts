import type { FastifyRequest } from 'fastify';

/** Route parameters that carry one-time secrets (link tokens, codes). */
const SECRET_PARAMS = new Set(['token', 'x', 'code', 'password']);

/**
 * What the request log says about a request. Secrets must never reach it: query strings keep
 * only their parameter names, and a route whose path carries a token is logged by its pattern
 * (`/api/v2/core/join/verify-token/:token`), the other parameters filled in.
 */
export function requestForLog(request: FastifyRequest) {
  const [pathname, query] = request.url.split('?', 2);
  const names = query ? [...new URLSearchParams(query).keys()] : [];
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, string>;
  const path =
    pattern && Object.keys(params).some((name) => SECRET_PARAMS.has(name))
      ? pattern.replace(/:(\w+)/g, (whole, name: string) =>
          SECRET_PARAMS.has(name) ? whole : encodeURIComponent(params[name] ?? ''),
        )
      : pathname;
  return {
    method: request.method,
    url: names.length ? `${path}?${names.join('&')}` : path,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
