import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_WAIT_MS } from './waits.ts';

/** The one dialog on screen (closed antd dialogs stay in the page, hidden). */
export const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });

/** Waits until no dialog is on screen, so the next one found is the next one opened. */
export async function waitForNoModal(page: Page) {
  await expect.poll(() => openModal(page).count(), { timeout: UI_WAIT_MS }).toBe(0);
}

/**
 * Clicks a dialog's button until the dialog is gone. A click that lands while antd's opening zoom
 * still scales the dialog can miss the moving button on a busy machine (seen once in CI: the
 * practice status dialog stayed open for 15 s after its 关闭 was clicked); a person clicks again.
 */
export async function clickUntilClosed(button: Locator, dialog: Locator) {
  await expect
    .poll(async () => {
      if ((await dialog.count()) === 0) return 0;
      await button.click({ timeout: 5000 }).catch(() => undefined);
      await expect
        .poll(() => dialog.count(), { timeout: 3000 })
        .toBe(0)
        .catch(() => undefined);
      return dialog.count();
    })
    .toBe(0);
}

/** The open popconfirm (antd renders it in a popover outside the trigger). */
export const openPopconfirm = (page: Page) => page.locator('.ant-popconfirm').filter({ visible: true });

/** Waits until a text shows anywhere on the page (a toast, a result, a cell). */
export async function waitForText(page: Page, text: string | RegExp, timeout = UI_WAIT_MS) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);
}

/** The antd Select around its search input (the element labelled by aria-label or a form label). */
const selectOf = (trigger: Locator) =>
  trigger.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );

/**
 * Picks the option titled `title` of an antd Select. `search` is typed first (searchable selects);
 * without it the active option is moved down until the option is rendered, since a long list
 * renders only the options in view. The pick is checked on the select itself and tried again when a
 * busy page lost it (a click landing while the filtered list re-renders).
 */
export async function pickOption(page: Page, trigger: Locator, title: string, search?: string) {
  // The dropdown of this select: antd renders every dropdown in the body, and a closing one of
  // another select may still show an option with the same title.
  const id = await trigger.getAttribute('id');
  const dropdown = id
    ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) })
    : page.locator('.ant-select-dropdown');
  const option = dropdown.locator(`.ant-select-item-option[title="${title}"]`).filter({ visible: true });
  const picked = async () => (await selectOf(trigger).innerText()).includes(title);
  for (let attempt = 1; ; attempt += 1) {
    await trigger.click();
    if (search !== undefined) await trigger.fill(search);
    await expect
      .poll(async () => {
        if ((await option.count()) > 0) return true;
        // Moving the active option down scrolls the virtual list; the focus stays in the select.
        for (let step = 0; step < 4; step += 1) await trigger.press('ArrowDown');
        return false;
      })
      .toBe(true);
    try {
      // Short on the first tries: an overlay handled meanwhile (a notice banner) closes the dropdown.
      await option.first().click({ timeout: attempt < 3 ? 5000 : 20000 });
      await expect.poll(picked, { timeout: attempt < 3 ? 5000 : 15000 }).toBe(true);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Walks an open antd Cascader's menus along `path` (option labels, one per level). */
export async function pickCascade(page: Page, trigger: Locator, path: string[]) {
  await trigger.click();
  for (const label of path) {
    const item = page.locator('.ant-cascader-menu-item').filter({ visible: true, hasText: exactly(label) });
    await expect.poll(() => item.count(), { timeout: UI_WAIT_MS }).toBeGreaterThan(0);
    await item.first().click();
  }
}

/** The visible labels of an open antd Cascader's menu at `level` (0-based). */
export async function cascadeMenuLabels(page: Page, level: number): Promise<string[]> {
  const menu = page
    .locator('.ant-cascader-menus')
    .filter({ visible: true })
    .last()
    .locator('.ant-cascader-menu');
  if ((await menu.count()) <= level) return [];
  return (await menu.nth(level).locator('.ant-cascader-menu-item-content').allTextContents()).map((text) =>
    text.trim(),
  );
}
