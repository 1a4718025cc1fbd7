import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { fillSignIn } from './support/accounts';
import { SIGNED_OUT_ROUTES, signedInRoutes } from './support/routes';
import { seedWorkspace, type SeededWorkspace } from './support/seed';
import { expect, test } from './support/test';

/**
 * No translation key ever reaches the screen, not even for the moment its namespace takes to
 * load (issue 28). A MutationObserver, installed before the app's first script, records every
 * text node and every named attribute that reads as a key of locales/en (`menu.label`) or as
 * `namespace:key`, from the first paint on; each route is opened afresh.
 */
const LOCALES = path.resolve('locales/en');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

const namespaces = readdirSync(LOCALES).map((file) => file.replace(/\.json$/, ''));
/** Keys with a dot: a bare word ("title") could be real text. Plural forms also as their base. */
const knownKeys = [
  ...new Set(
    namespaces.flatMap((namespace) =>
      keysOf(JSON.parse(readFileSync(path.join(LOCALES, `${namespace}.json`), 'utf8')))
        .flatMap((key) => [key, key.replace(PLURAL, '')])
        .filter((key) => key.includes('.')),
    ),
  ),
];

declare global {
  interface Window {
    __rawKeys?: string[];
  }
}

/** Runs in the page before its scripts: records what looks like a key, as it appears. */
function watchForRawKeys({ keys, namespaces }: { keys: string[]; namespaces: string[] }) {
  const known = new Set(keys);
  const prefixed = new RegExp(`^(${namespaces.join('|')}):[a-z0-9_]+(\\.[a-z0-9_]+)*$`);
  const seen: string[] = (window.__rawKeys = []);
  const check = (text: string | null | undefined, where: string) => {
    for (const word of (text ?? '').split(/\s+/)) {
      const token = word.replace(/^[("'“]+|[)"'”,;!?…]+$/g, '');
      if (known.has(token) || prefixed.test(token)) seen.push(`${where}: ${token}`);
    }
  };
  const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'];
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (parent && ['SCRIPT', 'STYLE'].includes(parent.tagName)) return;
      check(node.nodeValue, `text in <${parent?.tagName.toLowerCase()}>`);
    } else if (node instanceof Element) {
      for (const name of ATTRIBUTES) check(node.getAttribute(name), `${name}`);
      node.childNodes.forEach(visit);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(visit);
      else if (record.type === 'characterData') visit(record.target);
      else if (record.target instanceof Element && record.attributeName)
        check(record.target.getAttribute(record.attributeName), record.attributeName);
    }
  }).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  });
}

async function rawKeysOn(page: Page, route: string): Promise<string[]> {
  await page.goto(route);
  await expect(page.locator('main#main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => [...new Set(window.__rawKeys ?? [])]);
}

let seeded: SeededWorkspace;
test.beforeAll(async () => {
  const request = await playwrightRequest.newContext();
  seeded = await seedWorkspace(request);
  await request.dispose();
});

test('no route shows a raw translation key at any moment of its first paint', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(watchForRawKeys, { keys: knownKeys, namespaces });
  const found: Record<string, string[]> = {};
  const visit = async (route: string) => {
    const raw = await rawKeysOn(page, route);
    if (raw.length) found[route] = raw;
  };
  for (const route of SIGNED_OUT_ROUTES) await visit(route);
  // Signing in by the form: the signed-in frame and the dashboard arrive without a reload.
  await page.goto('/signin');
  await fillSignIn(page, seeded.owner.email, seeded.owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForLoadState('networkidle');
  const afterSignIn = await page.evaluate(() => [...new Set(window.__rawKeys ?? [])]);
  if (afterSignIn.length) found['/signin, then signed in'] = afterSignIn;
  for (const route of signedInRoutes(seeded)) await visit(route);
  expect(found).toEqual({});
});
