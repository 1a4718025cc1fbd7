import type { AxeResults } from 'axe-core';
import type { BrowserContext } from '@playwright/test';

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
