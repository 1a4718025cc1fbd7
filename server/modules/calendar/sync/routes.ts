import { envelope } from '@contracts/common';
import {
  busyList,
  busyQuery,
  calendarSyncState,
  chooseCalendarsBody,
  oauthCallbackQuery,
  syncLogin,
  syncProviderParams,
  syncSettingsBody,
  type SyncProvider,
} from '@contracts/calendar';
import type { Actor } from '../../../core/actor';
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
import { operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import { listBusy } from './operations/busy';
import { chooseCalendars, disconnect, saveSyncSettings } from './operations/choose-calendars';
import { finishConnect, startConnect } from './operations/connect';
import { connectionsToSync, syncConnection, syncNow } from './operations/run-sync';
import { showSyncState } from './operations/show-sync-state';

const tags = ['calendar'];
const QUEUE = 'calendar_sync';
const CONNECTION_QUEUE = 'calendar_sync_connection';

/** Sync with Outlook and Google (issue 31) under /core; docs/decisions/calendar.md. */
export async function calendarSyncCore(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  // The scheduled sync fans out one job per connection, so one slow provider holds up nobody.
  void deps.jobs.define<{ connection_id: number }>(CONNECTION_QUEUE, async (data) => {
    await syncConnection(deps, data.connection_id);
  });
  const period = deps.config.CALENDAR_SYNC_MINUTES * 60_000;
  app.addHook(
    'onReady',
    deps.jobs.every(QUEUE, period, async () => {
      const slot = Math.floor(Date.now() / period);
      for (const id of await connectionsToSync(deps)) {
        await deps.jobs.send(CONNECTION_QUEUE, { connection_id: id }, { key: `${id}:${slot}` });
      }
    }),
  );

  const state = async (request: Parameters<typeof actorOf>[0]) =>
    showSyncState(deps, actorOf(request));
  /** The caller's sync state once `change` is done: what every change answers. */
  const stateAfter = async (actor: Actor, change: Promise<unknown>) => {
    await change;
    return showSyncState(deps, actor);
  };

  app.get(
    '/calendar/sync',
    {
      schema: {
        tags,
        summary: 'Which calendar providers are configured, and the caller’s connections',
        response: { 200: envelope(calendarSyncState) },
      },
    },
    async (request) => ok(await state(request)),
  );

  const login = (provider: SyncProvider, path: string, name: string) =>
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `The ${name} consent page to send the browser to (OAuth 2.0, with a one-time state)`,
          response: { 200: envelope(syncLogin) },
        },
      },
      async (request) => ok(await startConnect(deps, actorOf(request), provider)),
    );
  login('google', '/calendar/google-calendar/login', 'Google');
  login('outlook', '/calendar/outlook/login', 'Microsoft');

  route.put(
    '/calendar/sync/:provider',
    {
      summary: 'Choose the calendars busy times are read from and the one events are written to',
      params: syncProviderParams,
      body: chooseCalendarsBody,
      answer: calendarSyncState,
      message: 'calendar:sync.saved',
    },
    (actor, request) =>
      stateAfter(actor, chooseCalendars(deps, actor, request.params.provider, request.body)),
  );

  route.post(
    '/calendar/sync/:provider/run',
    {
      summary: 'Sync now: both ways with the write calendar, then busy times',
      params: syncProviderParams,
      answer: calendarSyncState,
    },
    (actor, request) => stateAfter(actor, syncNow(deps, actor, request.params.provider)),
  );

  route.delete(
    '/calendar/sync/:provider',
    {
      summary: 'Disconnect: forget the tokens, the mapping and the busy times',
      params: syncProviderParams,
      answer: calendarSyncState,
      message: 'calendar:sync.disconnected',
    },
    (actor, request) => stateAfter(actor, disconnect(deps, actor, request.params.provider)),
  );

  route.put(
    '/calendar/sync-settings',
    {
      summary: 'Whether team formation may count the caller’s busy times',
      body: syncSettingsBody,
      answer: calendarSyncState,
      message: 'calendar:sync.saved',
    },
    (actor, request) => stateAfter(actor, saveSyncSettings(deps, actor, request.body)),
  );

  route.get(
    '/calendar/busy',
    {
      summary: 'The caller’s busy ranges read from their calendars (no titles)',
      querystring: busyQuery,
      answer: busyList,
    },
    async (actor, request) => ({ busy: await listBusy(deps, actor, request.query) }),
  );
}

/**
 * The providers' OAuth callbacks, under /api/v2/calendar: the browser comes back from consent
 * without our session, so the one-time state says whose connection it is.
 */
export async function calendarSyncCallbacks(app: App) {
  const { deps } = app;
  const callback = (provider: SyncProvider, path: string) =>
    app.get(
      path,
      {
        config: { public: true },
        schema: {
          tags,
          summary: `OAuth 2.0 callback of ${provider}: back to /calendar/sync`,
          querystring: oauthCallbackQuery,
        },
      },
      async (request, reply) =>
        reply.redirect(await finishConnect(deps, provider, request.query), 303),
    );
  callback('google', '/google-calendar/oauth');
  callback('outlook', '/outlook/oauth');
}
