/**
 * `npm run screens`: every route of spec 2.1-2.6 and the app's dialogs and menus, as an owner,
 * a member and a signed-out visitor, at 1280×800 and 360×740, in English and Vietnamese,
 * saved as PNGs under screens/ (gitignored), for a person to look at. Then axe-core on every
 * route in each theme (web light and dark, Teams dark and high contrast); serious or critical
 * findings go to screens/axe.json and make the run fail.
 *
 *   npm run screens                 # everything
 *   npm run screens -- --only tasks # routes and popups whose name contains "tasks"
 *   npm run screens -- --no-axe     # pictures only
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { checkAccessibility, THEMES_UNDER_TEST, useTheme } from '../e2e/support/a11y';
import { popupsFor, routesFor, type Person } from './catalogue';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const withAxe = !args.includes('--no-axe');

process.env.E2E_PORT ??= '3300';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'teamloop-screens-'));
const { E2E_BASE_URL } = await import('../e2e/support/env');
const { seedWorkspace } = await import('../e2e/support/seed');
const { whatCoversTheCentre } = await import('../e2e/support/usable');

const OUT = path.resolve('screens');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } };
const LANGUAGES = ['en', 'vi'] as const;

async function startServer() {
  const taken = await fetch(`${E2E_BASE_URL}/api/v2/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${E2E_BASE_URL} is taken: set E2E_PORT to a free port`);
  const server = spawn('npx', ['tsx', 'tests/e2e/support/server.ts'], {
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the app did not start');
    try {
      if ((await fetch(`${E2E_BASE_URL}/api/v2/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the app did not start within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.on('exit', stop);
  return stop;
}

/** The page has settled: no spinner, no loading bar, fonts and images in. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .locator('.fui-Spinner')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(200);
}

async function newPage(
  browser: Browser,
  person: { token: string | null },
  language: string,
  size: keyof typeof VIEWPORTS,
  theme?: string,
) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: VIEWPORTS[size],
    locale: language === 'vi' ? 'vi-VN' : 'en-US',
  });
  const cookies = [{ name: 'i18n_redirected', value: language, url: E2E_BASE_URL }];
  if (person.token) cookies.push({ name: 'access_token', value: person.token, url: E2E_BASE_URL });
  await context.addCookies(cookies);
  if (theme) await useTheme(context, theme);
  // tsx keeps function names with a helper the page does not have; evaluate() needs it there.
  await context.addInitScript('window.__name = (target) => target');
  return context.newPage();
}

const problems: string[] = [];

async function main() {
  const stop = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const request = (await browser.newContext()).request;
    const seeded = await seedWorkspace(request);
    const people: Record<Person, { token: string | null }> = {
      owner: seeded.owner,
      member: seeded.member,
      guest: { token: null },
    };
    rmSync(OUT, { recursive: true, force: true });
    const routes = routesFor(seeded).filter((route) => !only || route.name.includes(only));
    const popups = popupsFor(seeded).filter((popup) => !only || popup.name.includes(only));
    let shots = 0;

    for (const language of LANGUAGES) {
      for (const size of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
        const folder = path.join(OUT, `${language}-${size}`);
        mkdirSync(folder, { recursive: true });
        for (const person of ['owner', 'member', 'guest'] as const) {
          const page = await newPage(browser, people[person], language, size);
          for (const route of routes.filter((r) => r.people.includes(person))) {
            await page.goto(route.path);
            await settle(page);
            await page.screenshot({
              path: path.join(folder, `${person}-${route.name}.png`),
              fullPage: true,
            });
            shots += 1;
          }
          for (const popup of popups.filter(
            (p) => p.person === person && (size === 'phone' || !p.phoneOnly),
          )) {
            try {
              await page.goto(popup.path);
              await settle(page);
              await popup.open(page, language);
              await page.waitForTimeout(400);
              // A popup that loads its code on first use opens later, then fades in (Fluent's
              // motion runs on the Web Animations API): picture it once it has finished.
              await page
                .waitForFunction(
                  () => document.getAnimations().every((a) => a.playState !== 'running'),
                  undefined,
                  { timeout: 5_000 },
                )
                .catch(() => undefined);
              await page.screenshot({
                path: path.join(folder, `${person}-popup-${popup.name}.png`),
              });
              shots += 1;
              const over = await page.evaluate(whatCoversTheCentre);
              if (over !== 'page' && over !== 'popup')
                problems.push(`${language}-${size} ${popup.name} open: ${over}`);
              await page.keyboard.press('Escape');
              if (popup.closeTwice) await page.keyboard.press('Escape');
              // Popups fade out: give the page a moment to come back.
              let after = '';
              for (let tries = 0; tries < 10 && after !== 'page'; tries += 1) {
                await page.waitForTimeout(200);
                after = await page.evaluate(whatCoversTheCentre);
              }
              if (after !== 'page')
                problems.push(`${language}-${size} ${popup.name} closed: ${after}`);
            } catch (error) {
              problems.push(
                `${language}-${size} ${popup.name}: ${(error as Error).message.split('\n')[0]}`,
              );
            }
          }
          await page.context().close();
        }
      }
    }
    console.log(`${shots} screenshots in ${OUT}`);

    if (withAxe) {
      const findings: Record<string, unknown> = {};
      for (const theme of THEMES_UNDER_TEST) {
        for (const person of ['owner', 'member', 'guest'] as const) {
          const page = await newPage(browser, people[person], 'en', 'desktop', theme);
          for (const route of routes.filter((r) => r.people.includes(person))) {
            await page.goto(route.path);
            await settle(page);
            const violations = await checkAccessibility(page);
            if (violations.length) {
              findings[`${theme} ${person} ${route.path}`] = violations;
              problems.push(
                `axe ${theme} ${person} ${route.path}: ${violations.map((v) => `${v.id} (${v.nodes.length})`).join(', ')}`,
              );
            }
          }
          await page.context().close();
        }
      }
      writeFileSync(path.join(OUT, 'axe.json'), JSON.stringify(findings, null, 2));
    }
  } finally {
    await browser.close();
    stop();
    rmSync(process.env.E2E_DATA_DIR!, { recursive: true, force: true });
  }
  for (const problem of problems) console.log(`PROBLEM ${problem}`);
  console.log(`${problems.length} problems`);
  process.exit(problems.length ? 1 : 0);
}

await main();
