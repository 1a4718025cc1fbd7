import type { FastifyRequest } from 'fastify';

/**
 * What the request log says about a request. Query strings can carry secrets (tokens, codes,
 * an old client's password), so only the names of query parameters are kept, never values.
 */
export function requestForLog(request: FastifyRequest) {
  const [pathname, query] = request.url.split('?', 2);
  const names = query ? [...new URLSearchParams(query).keys()] : [];
  return {
    method: request.method,
    url: names.length ? `${pathname}?${names.join('&')}` : pathname,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
