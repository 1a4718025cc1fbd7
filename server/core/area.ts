import type { FastifyPluginAsync } from 'fastify';
import type { App } from '../http/types';

/**
 * A product area as the app sees it: its routes under their service prefixes (`/core`,
 * `/messaging`, ...). An area's `index.ts` default-exports one of these and is the only file
 * of the area others import. Handlers, counters, room rules and export sections are
 * registered from the area's route plugins (they get `app.deps`) or, for plain registries, by
 * the files `index.ts` imports.
 */
export interface Area {
  name: string;
  routes: { prefix: string; plugin: FastifyPluginAsync | ((app: App) => Promise<void>) }[];
}

export function defineArea(area: Area): Area {
  return area;
}
