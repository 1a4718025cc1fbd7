import type { IndexRouteObject, NonIndexRouteObject } from 'react-router';
import type { GuardName } from './guards';

/** Which frame a page sits in (spec 2.7): `panel` is the signed-in app, `default` the open pages. */
export type LayoutName = 'default' | 'panel';

/** The areas of the product (spec 1), for pages that say which area they belong to. */
export type AreaName =
  | 'dashboard'
  | 'workspaces'
  | 'tasks'
  | 'assessments'
  | 'okrs'
  | 'people'
  | 'talent_pool'
  | 'profile'
  | 'messages'
  | 'notifications'
  | 'calendar'
  | 'drive'
  | 'payments'
  | 'integrations'
  | 'lti'
  | 'share';

export interface RouteHandle {
  /** i18n key of the page title, e.g. 'app:titles.dashboard'. */
  title?: string;
  layout?: LayoutName;
  /** Named guards this route adds to the global ones (spec 2.8). */
  guards?: GuardName[];
  area?: AreaName;
}

type RouteFields = 'path' | 'lazy' | 'Component' | 'element' | 'loader' | 'caseSensitive';

/**
 * A route of ours: react-router's route object with a required `id` (the spec's route name,
 * e.g. 'password-forgot'; guards and tests refer to routes by it) and a typed handle.
 */
export type AppRoute =
  | (Pick<NonIndexRouteObject, RouteFields> & {
      id: string;
      index?: false;
      handle?: RouteHandle;
      children?: AppRoute[];
    })
  | (Pick<IndexRouteObject, RouteFields> & { id: string; index: true; handle?: RouteHandle });

/**
 * What a feature's `routes.tsx` exports. Each key is a place in the route tree:
 * `app` top-level routes; `workspace` children of /workspaces/:workspace (spec 2.6);
 * `settings` children of /settings (spec 2.4).
 */
export interface FeatureRoutes {
  /** Translation namespaces beyond the shell's that the area's pages use: loaded with them. */
  namespaces?: string[];
  app?: AppRoute[];
  workspace?: AppRoute[];
  settings?: AppRoute[];
}
