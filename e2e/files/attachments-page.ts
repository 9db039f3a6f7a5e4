import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DEMO } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { recordMessages } from '../support/messages.ts';
import type { TestFile } from '../support/test-files.ts';

export const MY_ATTACHMENTS_PATH = '/userCenter/myAttachments';

/** Logs the demo enterprise account in through the login page and opens 我的附件. */
export async function openMyAttachments(page: Page) {
  await recordMessages(page);
  await page.goto(`${baseUrl()}/`);
  await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
  await waitForPath(page, DEMO.enterprise.home);
  await page.goto(`${baseUrl()}${MY_ATTACHMENTS_PATH}`);
  await waitForAnnexTable(page);
}

export async function waitForAnnexTable(page: Page) {
  await annexRow(page, '营业执照（演示）').waitFor({ timeout: 20000 });
}

/** The simple uploader's card (images or PDF). */
export const simpleCard = (page: Page) => page.locator('.ant-card', { hasText: '图片或PDF附件（演示）' });

/** One slot's row of the detail-list uploader. */
export const annexRow = (page: Page, annexName: string) =>
  page.locator('.ant-table-row', { hasText: annexName });

/** Chooses files through the chooser the button opens, as a person does. */
export async function chooseFiles(page: Page, button: Locator, files: TestFile | TestFile[] | string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

/** Uploads through a slot's 上传 button and waits until the file is listed in that slot. */
export async function uploadToSlot(page: Page, annexName: string, file: TestFile) {
  const row = annexRow(page, annexName);
  await chooseFiles(page, row.getByRole('button', { name: `上传${annexName}` }), file);
  await expect
    .poll(() => row.getByRole('button', { name: file.name }).isVisible(), { timeout: 20000 })
    .toBe(true);
}
