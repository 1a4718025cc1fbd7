import { request as playwrightRequest } from '@playwright/test';
import { checkAccessibility, THEMES_UNDER_TEST, useTheme } from './support/a11y';
import { E2E_BASE_URL } from './support/env';
import { seedWorkspace, type SeededWorkspace } from './support/seed';
import { expect, test } from './support/test';

/**
 * axe-core on a representative route of each area, in every theme the app shows (the
 * standalone light and dark, Teams dark and high contrast): no serious or critical finding.
 * `npm run screens` runs the same check on every route.
 */
let seeded: SeededWorkspace;
test.beforeAll(async () => {
  const request = await playwrightRequest.newContext();
  seeded = await seedWorkspace(request);
  await request.dispose();
});

const signedInRoutes = () => [
  '/dashboard',
  '/workspaces',
  `/workspaces/${seeded.workspaceId}/people`,
  `/workspaces/${seeded.workspaceId}/tasks`,
  `/workspaces/${seeded.workspaceId}/tasks/${seeded.reviewedTaskId}/info`,
  '/profile/availability',
];

for (const theme of THEMES_UNDER_TEST) {
  test(`no serious accessibility finding in the ${theme} theme`, async ({ page }) => {
    await useTheme(page.context(), theme);
    const found: Record<string, unknown> = {};
    const check = async (path: string) => {
      await page.goto(path);
      await expect(page.locator('main#main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const violations = await checkAccessibility(page);
      if (violations.length) found[path] = violations;
    };
    await check('/signin');
    await page.context().addCookies([
      { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
      { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
    ]);
    for (const path of signedInRoutes()) await check(path);
    expect(found).toEqual({});
  });
}
