import { expect, type Page } from '@playwright/test';

/**
 * What a person sees at the centre of the page's main content: 'page' when it is the page
 * itself, 'popup' when a popup surface or a see-through backdrop lies over the page, or a
 * description of the layer that hides it (an opaque portal, a click-swallowing overlay).
 */
export function whatCoversTheCentre(): string {
  const main = document.querySelector('main#main');
  if (!main) return 'no main content';
  const box = main.getBoundingClientRect();
  const x = box.left + box.width / 2;
  // The visible part of main: a long page runs below the window.
  const y = (Math.max(box.top, 0) + Math.min(box.bottom, window.innerHeight)) / 2;
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`;
  const alphaOf = (element: Element) => {
    const colour = getComputedStyle(element).backgroundColor;
    const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
    return parts.length === 4 ? parts[3] : parts.length === 3 ? 1 : 0;
  };
  const SURFACES =
    '[role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"], [role="tooltip"], [role="status"], [role="alert"], [role="option"], .fui-Toast, .fui-PopoverSurface, .fui-DrawerBody, .fui-NavDrawer';
  const viewportArea = window.innerWidth * window.innerHeight;
  const stack = document.elementsFromPoint(x, y);
  let covered = false;
  for (const element of stack) {
    if (main.contains(element)) return covered ? 'popup' : 'page';
    // Ancestors of main (the layout frame, body) sit below it in the stack.
    if (element.contains(main)) return covered ? 'popup' : 'page';
    const surface = element.closest(SURFACES);
    if (surface) {
      const area = surface.getBoundingClientRect();
      if (area.width * area.height >= viewportArea * 0.95 && alphaOf(surface) === 1) {
        return `a full-window popup hides the page: ${describe(surface)}`;
      }
      covered = true;
      continue;
    }
    // A modal backdrop may dim the page but never hide it.
    if (alphaOf(element) > 0 && alphaOf(element) < 1) {
      covered = true;
      continue;
    }
    return `the page is hidden under ${describe(element)}`;
  }
  return 'nothing at the centre';
}

/**
 * The guard every browser test uses around popups: with no popup open, the element at the
 * centre of the main content is the page itself (no portal layer left behind to swallow
 * clicks).
 */
export async function expectPageUsable(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(whatCoversTheCentre), { timeout: 5_000 }).toBe('page');
}

/** With a popup open: the page shows around it (a popup or a see-through backdrop, never a blank). */
export async function expectPopupOverPage(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(whatCoversTheCentre), { timeout: 5_000 })
    .toMatch(/^(page|popup)$/);
}

/**
 * Opens a popup, checks the page still shows around it, closes it, and checks the page is
 * usable again. `open` and `close` are the person's own steps (a click, Escape, a choice).
 */
export async function throughPopup(
  page: Page,
  open: () => Promise<void>,
  close: () => Promise<void>,
): Promise<void> {
  await open();
  await expectPopupOverPage(page);
  await close();
  await expectPageUsable(page);
}

/**
 * The last check of a signed-in page: it answers clicks, i.e. a link of the main menu still
 * navigates. Skipped where the page has no main menu (signed out, inside the Teams host).
 */
export async function expectMenuNavigates(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: /^(Main menu|Menu chính)$/ });
  if (!(await menu.isVisible().catch(() => false))) return;
  await expectPageUsable(page);
  const target = page.url().includes('/workspaces') ? '/dashboard' : '/workspaces';
  await menu.locator(`a[href="${target}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expectPageUsable(page);
}
