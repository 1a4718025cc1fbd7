import { request as playwrightRequest, type Page } from '@playwright/test';
import {
  checkAccessibility,
  COLOUR_RULES,
  switchTheme,
  THEMES_UNDER_TEST,
  useTheme,
} from './support/a11y';
import { E2E_BASE_URL } from './support/env';
import { SIGNED_OUT_ROUTES, signedInRoutes } from './support/routes';
import { seedWorkspace, type SeededWorkspace } from './support/seed';
import { expect, test } from './support/test';

/**
 * axe-core on every route (one address each, support/routes.ts), in every theme the app shows
 * (the standalone light and dark, Teams dark and high contrast): no serious or critical
 * finding. Kept fast for CI: the app loads once per group and moves between routes as its own
 * links do; on each page every rule runs in the theme it has, then the other themes are
 * switched in place and only the rules that read colours run again (a theme changes nothing
 * else). `npm run screens` runs the same check on every screen it takes.
 */
let seeded: SeededWorkspace;
test.beforeAll(async () => {
  const request = await playwrightRequest.newContext();
  seeded = await seedWorkspace(request);
  await request.dispose();
});

/** Moves the app to `route` without a reload (React Router follows the history). */
async function openInApp(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main#main')).toBeVisible();
}

/** axe on each route in every theme; each finding a soft failure naming theme and route. */
async function checkRoutes(page: Page, routes: string[]) {
  // No colour transitions: a theme switched in place is measured in its final colours.
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(routes[0]!);
  await page.waitForLoadState('networkidle');
  let theme: string = THEMES_UNDER_TEST[0];
  for (const [index, route] of routes.entries()) {
    if (index > 0) await openInApp(page, route);
    // Soft: a finding is reported with its theme and route, and the check goes on.
    expect.soft(await checkAccessibility(page), `${theme} ${route}`).toEqual([]);
    for (const other of THEMES_UNDER_TEST.filter((name) => name !== theme)) {
      await switchTheme(page, other);
      theme = other;
      expect.soft(await checkAccessibility(page, COLOUR_RULES), `${theme} ${route}`).toEqual([]);
    }
  }
}

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await useTheme(page.context(), THEMES_UNDER_TEST[0]);
});

test('no serious accessibility finding on the open pages, in any theme', async ({ page }) => {
  await checkRoutes(page, SIGNED_OUT_ROUTES);
});

/** Routes per test: a failure names its group, and no test runs long on a busy machine. */
const GROUP = 10;
/** How many routes there are (the addresses' ids do not matter for counting them). */
const ROUTES = signedInRoutes({ workspaceId: 0 } as SeededWorkspace).length;

for (let group = 0; group * GROUP < ROUTES; group += 1) {
  test(`no serious accessibility finding on the signed-in pages (part ${group + 1}), in any theme`, async ({
    page,
  }) => {
    const routes = signedInRoutes(seeded).slice(group * GROUP, (group + 1) * GROUP);
    await page.context().addCookies([
      { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
      { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
    ]);
    await checkRoutes(page, routes);
  });
}
