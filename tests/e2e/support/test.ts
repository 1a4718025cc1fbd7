import { expect, test as base } from '@playwright/test';
import { expectMenuNavigates } from './usable';

/**
 * Playwright's `test` with the usability guard: when a test passes, the page it ends on still
 * answers clicks (no popup layer left over it, a main-menu link still navigates). Every
 * browser test imports `test` and `expect` from here.
 */
export const test = base.extend<{ usablePageAtEnd: void }>({
  usablePageAtEnd: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus && !page.isClosed()) {
        await expectMenuNavigates(page);
      }
    },
    { auto: true },
  ],
});

export { expect };
