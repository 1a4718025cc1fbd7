import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './errors';

/** Vite names every file under assets/ by its content hash: a new build means new names. */
const ASSETS_PATH = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages name the current assets, so a browser asks again each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/**
 * A page path is any GET outside the API, the socket and the asset files: the SPA's router
 * decides what it shows (its own "not found" included), so links, previews, health checks and
 * curl get the page whatever they accept. A missing asset stays a 404, so a stale chunk fails
 * as a failed import (and the chunk-reload guard reloads) rather than parsing HTML as code.
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0];
  return !['/api/', '/_socket_/', ASSETS_PATH].some(
    (prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1),
  );
}

/** Hashed scripts, styles, fonts and their maps: files no browser shows as a document. */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:m?js|css|woff2?|map)(?:[?#]|$)/;

/**
 * Whether a request asks for a file that is never a document: the document headers (the
 * Content-Security-Policy and the rest of helmet's, about 900 bytes) mean nothing on it and
 * would be sent again with each of the twenty-odd scripts of a first load.
 */
export function isSubresourceRequest(request: FastifyRequest): boolean {
  return SUBRESOURCE.test(request.url);
}

/**
 * Serves the built client from `root`: each file compressed at build time (`.br`, `.gz`, see
 * scripts/precompress.ts) as the browser accepts it, hashed assets cached for good, pages
 * revalidated; and `index.html` for every page path, with a JSON 404 for anything else.
 */
export async function serveClient(app: FastifyInstance, root: string): Promise<void> {
  const assetsDir = path.join(root, ASSETS_PATH);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, filePath) {
      response.setHeader('vary', 'accept-encoding');
      response.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (isPageRequest(request)) return reply.type('text/html').sendFile('index.html');
    throw notFound();
  });
}
