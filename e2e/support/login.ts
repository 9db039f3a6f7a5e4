import type { Page } from 'playwright-core';
import { UI_WAIT_MS } from './waits.ts';

/** Fills and sends the real login form. */
export async function logIn(page: Page, account: string, password: string) {
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname + url.search === path, { timeout: UI_WAIT_MS });
}
