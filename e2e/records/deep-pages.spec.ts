import { DEEP_PAGE_MESSAGE, IMPORT_MAX_ROWS, MAX_LIST_OFFSET } from '@ks/contract/records';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn } from '../support/login.ts';
import { ApiSession, buildPublishedNode } from '../support/records-api.ts';

const openPage = useBrowser();

const RUN = Date.now().toString(36).toUpperCase();
const PAGE_SIZE = 50;
/** The last page read at an offset: past it, pages are read after or before the rows shown. */
const LAST_OFFSET_PAGE = MAX_LIST_OFFSET / PAGE_SIZE;
/** Two pages past the offset cap. */
const RECORDS = MAX_LIST_OFFSET + 2 * PAGE_SIZE;

let node: { systemCoding: string; gnCoding: string };

/** An xlsx of the records numbered from..to under the form's labels, as the import's multipart body. */
async function sheetOf(from: number, to: number): Promise<FormData> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('流水');
  sheet.addRow(['标题', '序号']);
  for (let seq = from; seq <= to; seq += 1) sheet.addRow([`流水${seq}`, seq]);
  const body = new FormData();
  body.append('systemCoding', node.systemCoding);
  body.append('gnCoding', node.gnCoding);
  body.append('file', new Blob([await workbook.xlsx.writeBuffer()]), `流水${from}.xlsx`);
  return body;
}

beforeAll(async () => {
  const developer = await ApiSession.logIn(baseUrl(), DEMO.developer.account, DEMO.developer.password);
  node = await buildPublishedNode(developer, {
    systemCoding: `DEEP${RUN}`,
    systemName: `端到端深翻页系统${RUN}`,
    systemTitle: '深翻页',
    gnCoding: 'SEQ',
    title: `流水记录${RUN}`,
    definition: {
      form: {
        items: [
          { code: 'title', name: '标题', type: 'text', required: '1' },
          { code: 'seq', name: '序号', type: 'input-number', required: '1' },
        ],
      },
      list: {
        columns: [
          { code: 'title', name: '标题' },
          { code: 'seq', name: '序号', sortable: true },
        ],
      },
      functions: ['save', 'import', 'view'],
    },
    authority: {
      grants: [
        { functionCode: 'save', roles: ['U'] },
        { functionCode: 'import', roles: ['U'] },
        { functionCode: 'view', roles: ['U'] },
      ],
      visibleRoles: ['U'],
    },
  });
  // Through the import the 导入 button sends, at most IMPORT_MAX_ROWS rows a file: three calls
  // instead of ten thousand saves (which took most of this file's four minutes in CI).
  const enterprise = await ApiSession.logIn(baseUrl(), DEMO.enterprise.account, DEMO.enterprise.password);
  for (let from = 1; from <= RECORDS; from += IMPORT_MAX_ROWS) {
    const to = Math.min(RECORDS, from + IMPORT_MAX_ROWS - 1);
    const report = await enterprise.post<{ imported: number }>('/ks/monitor/import', await sheetOf(from, to));
    expect(report.imported).toBe(to - from + 1);
  }
}, 300000);

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** The 序号 of the first and the last row shown. */
const shownRange = async (page: Page) => {
  const texts = await rows(page).locator('td:nth-child(2)').allTextContents();
  return [Number(texts[0]), Number(texts.at(-1))];
};

describe('records list past the offset cap', () => {
  it('reaches the last offset page by the jumper, then pages on with next and previous', {
    timeout: 240000,
  }, async () => {
    const page = await openPage();
    await page.goto(`${baseUrl()}/`);
    await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto(`${baseUrl()}/dynamicPage/dynamicIndex?${new URLSearchParams(node).toString()}`);
    await expect.poll(() => rows(page).count()).toBe(10);

    await page.locator('.ant-table-thead th', { hasText: '序号' }).click();
    await expect.poll(() => shownRange(page)).toEqual([1, 10]);
    await page.locator('.ant-pagination-options .ant-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: `${PAGE_SIZE} 条/页`,
      })
      .click();
    await expect.poll(() => shownRange(page)).toEqual([1, PAGE_SIZE]);

    const jumper = page.locator('.ant-pagination-options-quick-jumper input');
    const jumpTo = async (target: number) => {
      await jumper.fill(String(target));
      await jumper.press('Enter');
    };
    await jumpTo(LAST_OFFSET_PAGE);
    const lastOffsetRows = [MAX_LIST_OFFSET - PAGE_SIZE + 1, MAX_LIST_OFFSET];
    await expect.poll(() => shownRange(page)).toEqual(lastOffsetRows);

    // Next and previous past the cap: read after the last row shown, and before the first.
    const next = page.locator('.ant-pagination-next');
    await next.click();
    await expect.poll(() => shownRange(page)).toEqual([MAX_LIST_OFFSET + 1, MAX_LIST_OFFSET + PAGE_SIZE]);
    await next.click();
    await expect.poll(() => shownRange(page)).toEqual([MAX_LIST_OFFSET + PAGE_SIZE + 1, RECORDS]);
    await page.locator('.ant-pagination-prev').click();
    await expect.poll(() => shownRange(page)).toEqual([MAX_LIST_OFFSET + 1, MAX_LIST_OFFSET + PAGE_SIZE]);
    await page.locator('.ant-pagination-prev').click();
    await expect.poll(() => shownRange(page)).toEqual(lastOffsetRows);

    // A jump past the cap that is not next to the page shown: said, and the page stays.
    await jumpTo(LAST_OFFSET_PAGE + 2);
    await expect
      .poll(() => page.locator('.ant-message-notice', { hasText: DEEP_PAGE_MESSAGE }).count(), {})
      .toBeGreaterThan(0);
    expect(await shownRange(page)).toEqual(lastOffsetRows);
  });
});
