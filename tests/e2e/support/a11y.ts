import type { AxeResults } from 'axe-core';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The themes the accessibility checks run in: both of the standalone app (it follows the
 * system's light or dark scheme) and Teams' dark and high-contrast ones.
 */
export const THEMES_UNDER_TEST = ['web-light', 'web-dark', 'teams-dark', 'teams-contrast'] as const;

/** The app's theme preview key (src/app/ThemeProvider.tsx), set before any page loads. */
export async function useTheme(context: BrowserContext, theme: string): Promise<void> {
  await context.addInitScript((name) => window.localStorage.setItem('teamloop.theme', name), theme);
}

/** What a person cannot get past: axe's serious and critical findings, with where they are. */
export function seriousViolations(results: AxeResults) {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => ({
        target: node.target.join(' '),
        summary: node.failureSummary,
      })),
    }));
}

/**
 * axe on the page as it is. Fluent's focus manager (tabster) puts hidden, focusable sentinels
 * at the edges of focus zones to steer Tab; they are aria-hidden by design and never reached by
 * a screen reader, so axe's aria-hidden-focus rule is not asked about them.
 */
export async function checkAccessibility(page: Page) {
  return seriousViolations(
    await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze(),
  );
}
