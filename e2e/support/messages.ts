import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_WAIT_MS } from './waits.ts';

/**
 * Keeps the text of every message toast (antd `message`) the page shows, from its next load on. A
 * toast lasts 3 s; on a busy machine a poll can miss it, a record cannot.
 */
export async function recordMessages(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { __ksMessages: shown });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const notices = node.matches('.ant-message-notice')
            ? [node]
            : Array.from(node.querySelectorAll('.ant-message-notice'));
          for (const notice of notices) shown.push(notice.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Texts of the message toasts shown since the page was last loaded. */
export const shownMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __ksMessages?: string[] }).__ksMessages ?? []);

/** Waits until a message toast with this text has been shown. */
export async function expectMessage(page: Page, text: string) {
  await expect.poll(() => shownMessages(page), { timeout: UI_WAIT_MS }).toContain(text);
}

/** How many message toasts holding `text` the page has shown since it was last loaded. */
const timesShown = async (page: Page, text: string) =>
  (await shownMessages(page)).filter((shown) => shown.includes(text)).length;

/** Runs `action`, then waits until the page has shown the message `text` once more. */
export async function expectMessageAfter(page: Page, text: string, action: () => Promise<unknown>) {
  const before = await timesShown(page, text);
  await action();
  await expect.poll(() => timesShown(page, text), { timeout: UI_WAIT_MS }).toBeGreaterThan(before);
}
