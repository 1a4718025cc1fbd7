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
 * Rules axe keeps off by default (tagged experimental) that we hold the app to anyway:
 * WCAG 2.5.3, a control's spoken name contains the words it shows (issue 28).
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** The rules a theme's colours can change the outcome of; the rest only read the DOM. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe on the page as it is (only `rules` when given). Fluent's focus manager (tabster) puts
 * hidden, focusable sentinels at the edges of focus zones to steer Tab; they are aria-hidden by
 * design and never reached by a screen reader, so axe's aria-hidden-focus rule is not asked
 * about them.
 */
export async function checkAccessibility(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page }).exclude('[data-tabster-dummy]');
  if (rules) builder.withRules(rules);
  else builder.options({ rules: EXTRA_RULES });
  return seriousViolations(await builder.analyze());
}

/**
 * A few of the theme's colours as the page has them, once they differ from `previous` and no
 * transition still runs (a colour would be measured halfway; spinners' endless animations aside).
 */
function themeColoursDiffer(previous: string): string | false {
  const style = getComputedStyle(document.querySelector('.fui-FluentProvider')!);
  const now = ['--colorBrandBackground', '--colorNeutralBackground1', '--colorNeutralForeground1']
    .map((name) => style.getPropertyValue(name))
    .join();
  const settled = document
    .getAnimations()
    .every(
      (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
    );
  return now !== previous && settled && now;
}

/**
 * Switches the theme of the page in place, without a reload: the preview key, then a change
 * of the system's colour scheme, which the app answers by reading the key again
 * (src/app/ThemeProvider.tsx). Settles once the page has the new theme's colours.
 */
export async function switchTheme(page: Page, theme: string): Promise<void> {
  const before = (await page.evaluate(themeColoursDiffer, '')) || '';
  await page.evaluate((name) => window.localStorage.setItem('teamloop.theme', name), theme);
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await page.emulateMedia({ colorScheme: dark ? 'light' : 'dark' });
  await page.waitForFunction(themeColoursDiffer, before);
}
