import type { Frame, Page } from '@playwright/test';

/**
 * A Microsoft Teams host simulator for Playwright: a page that embeds our tab in an iframe
 * and answers the real @microsoft/teams-js the way Teams does (postMessage protocol of
 * teams-js 2: initialise, context in Teams' flat legacy shape, SSO tokens, theme changes,
 * open-link, tab configuration and save). The host page is served from the tab's own
 * origin, which the SDK trusts without any test code in the app; the SDK's fetch of its
 * remote valid-origins list is blocked, as a test must not reach the internet.
 */

/** Teams' legacy (v1) context, flat, as the host sends it in answer to `getContext`. */
export interface LegacyContext {
  locale: string;
  theme: string;
  entityId?: string;
  subEntityId?: string;
  userObjectId: string;
  userPrincipalName: string;
  loginHint: string;
  tid: string;
  hostName: string;
  hostClientType: string;
  frameContext?: string;
  teamId?: string;
  teamName?: string;
  groupId?: string;
  channelId?: string;
  channelName?: string;
  appId?: string;
  appSessionId?: string;
  sessionId?: string;
}

export interface HostSetup {
  /** Our app's origin: the host page is served from it. */
  origin: string;
  /** The tab's address, with the in-host marker, e.g. `/profile?inTeams=1`. */
  contentUrl: string;
  /** `content` for a tab, `settings` for a channel tab's configuration page. */
  frameContext: 'content' | 'settings';
  context: LegacyContext;
  /** Signs an SSO token for the person (the Entra ID stand-in, in the test process). */
  issueSsoToken: () => Promise<string>;
}

/** What the simulated host recorded; read with `host.recorded()`. */
export interface HostRecord {
  calls: string[];
  openedLinks: string[];
  validity: boolean;
  settings: Record<string, string> | null;
  loaded: 'success' | 'failure' | null;
  theme: string;
}

export const HOST_PATH = '/__teams-host__';

/**
 * Runs in the host page (it is serialized, so it may use nothing from outside itself).
 * `window.teamsHost` is how the test drives it: change the theme, press Save, read what the
 * tab asked for.
 */
function simulateTeamsHost(setup: Omit<HostSetup, 'issueSsoToken'>) {
  const record: HostRecord = {
    calls: [],
    openedLinks: [],
    validity: false,
    settings: null,
    loaded: null,
    theme: setup.context.theme,
  };
  let frameContext: string = setup.frameContext;
  let context = { ...setup.context };
  const runtime = {
    apiVersion: 4,
    isLegacyTeams: false,
    hostVersionsInfo: { adaptiveCardSchemaVersion: { majorVersion: 1, minorVersion: 5 } },
    supports: {
      app: {},
      appEntity: {},
      pages: { appButton: {}, backStack: {}, config: {}, currentApp: {}, tabs: {} },
      teamsCore: {},
    },
  };
  const frame = document.createElement('iframe');
  frame.title = 'Teams tab';
  frame.style.cssText = 'border:0;width:100%;height:100vh;display:block';
  frame.src = setup.contentUrl;
  document.body.style.margin = '0';
  document.body.append(frame);

  const toTab = (message: object) => frame.contentWindow?.postMessage(message, setup.origin);
  type Request = { id: number; uuidAsString?: string; func: string; args?: unknown[] };
  const answer = (to: Window | null | undefined, request: Request, args: unknown[]) =>
    to?.postMessage(
      { id: request.id, uuidAsString: request.uuidAsString, args, timestamp: Date.now() },
      setup.origin,
    );
  const reply = (request: Request, args: unknown[]) => answer(frame.contentWindow, request, args);
  // The authentication pop-up (`authentication.authenticate`) and the tab's request for it.
  let popup: Window | null = null;
  let authenticating: Request | null = null;

  window.addEventListener('message', (event) => {
    const request = event.data as Request;
    if (typeof request?.func !== 'string') return;
    if (popup && event.source === popup) {
      record.calls.push(`popup:${request.func}`);
      const args = request.args ?? [];
      if (request.func === 'initialize') {
        answer(popup, request, ['authentication', context.hostClientType, JSON.stringify(runtime)]);
      } else if (request.func === 'getContext') {
        answer(popup, request, [{ ...context, frameContext: 'authentication' }]);
      } else if (request.func.startsWith('authentication.authenticate.') && authenticating) {
        const succeeded = request.func.endsWith('.success');
        reply(authenticating, [succeeded, args[0]]);
        authenticating = null;
      }
      return;
    }
    if (event.source !== frame.contentWindow) return;
    record.calls.push(request.func);
    const args = request.args ?? [];
    switch (request.func) {
      case 'initialize':
        reply(request, [frameContext, context.hostClientType, JSON.stringify(runtime), '2.58.0']);
        break;
      case 'authentication.authenticate':
        authenticating = request;
        popup = window.open(String(args[0]), 'teams-auth', `width=${args[1]},height=${args[2]}`);
        break;
      case 'getContext':
        reply(request, [{ ...context, frameContext, theme: record.theme }]);
        break;
      case 'authentication.getAuthToken':
        (window as unknown as { issueSsoToken: () => Promise<string> }).issueSsoToken().then(
          (token) => reply(request, [true, token]),
          (error: unknown) => reply(request, [false, String(error)]),
        );
        break;
      case 'executeDeepLink':
        record.openedLinks.push(String(args[0]));
        reply(request, [true]);
        break;
      case 'settings.setValidityState':
        record.validity = Boolean(args[0]);
        break;
      case 'settings.setSettings':
        record.settings = args[0] as Record<string, string>;
        reply(request, [true]);
        break;
      case 'settings.getSettings':
        reply(request, [record.settings]);
        break;
      case 'settings.save.success':
        // As Teams does: the configured tab now shows its content page.
        frameContext = 'content';
        context = { ...context, entityId: record.settings?.entityId };
        frame.src = record.settings?.contentUrl ?? 'about:blank';
        break;
      case 'appInitialization.success':
        record.loaded = 'success';
        break;
      case 'appInitialization.failure':
        record.loaded = 'failure';
        break;
    }
  });

  (window as unknown as { teamsHost: object }).teamsHost = {
    recorded: () => JSON.parse(JSON.stringify(record)) as HostRecord,
    setTheme(theme: string) {
      record.theme = theme;
      toTab({ func: 'themeChange', args: [theme] });
    },
    save() {
      toTab({ func: 'settings.save', args: [{}] });
    },
  };
}

export interface TeamsHost {
  /** The tab inside the host. */
  tab(): Frame;
  recorded(): Promise<HostRecord>;
  setTheme(theme: 'default' | 'dark' | 'contrast' | string): Promise<void>;
  /** Presses the configuration dialog's Save button. */
  save(): Promise<void>;
}

/** Opens the simulated Teams with our tab in it. */
export async function openInTeamsHost(page: Page, setup: HostSetup): Promise<TeamsHost> {
  await page.route('https://res.cdn.office.net/**', (route) => route.abort());
  const { issueSsoToken, ...inPage } = setup;
  await page.exposeFunction('issueSsoToken', issueSsoToken);
  await page.route(`${setup.origin}${HOST_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><title>Microsoft Teams</title></head><body>
<script>(${simulateTeamsHost.toString()})(${JSON.stringify(inPage)});</script></body></html>`,
    }),
  );
  await page.goto(`${setup.origin}${HOST_PATH}`);
  const tab = () => {
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    if (!frame) throw new Error('the host has no tab frame');
    return frame;
  };
  return {
    tab,
    recorded: () =>
      page.evaluate(() =>
        (window as unknown as { teamsHost: { recorded(): HostRecord } }).teamsHost.recorded(),
      ),
    setTheme: (theme) =>
      page.evaluate(
        (name) =>
          (window as unknown as { teamsHost: { setTheme(t: string): void } }).teamsHost.setTheme(
            name,
          ),
        theme,
      ),
    save: () =>
      page.evaluate(() => (window as unknown as { teamsHost: { save(): void } }).teamsHost.save()),
  };
}
