import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';

const newPage = useBrowser();

const PRICE_LIST = '/dynamicPage/dynamicIndex?systemCoding=DEMO_CLJG&gnCoding=CLJG_CLJG';
const VIEWPORT = { width: 1280, height: 800 };

const firstRow = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row').first();

/** Whether the whole of the table's first row shows without scrolling. */
async function isFirstRowInView(page: Page): Promise<boolean> {
  const box = await firstRow(page).boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  return box !== null && scrollY === 0 && box.y >= 0 && box.y + box.height <= VIEWPORT.height;
}

describe('the material-price list on a 1280 × 800 screen', () => {
  it('shows the first row of the table without scrolling; unfolded charts stay unfolded on the next visit', async () => {
    const page = await newPage();
    await page.setViewportSize(VIEWPORT);
    await page.goto(`${baseUrl()}/`);
    await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await waitForPath(page, DEMO.enterprise.home);
    await page.goto(`${baseUrl()}${PRICE_LIST}`);
    await firstRow(page).waitFor();
    await expect.poll(() => isFirstRowInView(page)).toBe(true);
    const charts = page.getByRole('region', { name: '图表' });
    expect(await charts.locator('canvas').count()).toBe(0);

    await charts.getByRole('button', { name: /展开图表/ }).click();
    await expect.poll(() => charts.locator('canvas').count()).toBe(2);
    await page.reload();
    await firstRow(page).waitFor();
    await expect.poll(() => charts.locator('canvas').count()).toBe(2);

    await charts.getByRole('button', { name: /收起图表/ }).click();
    await expect.poll(() => charts.locator('canvas').count()).toBe(0);
    await expect.poll(() => isFirstRowInView(page)).toBe(true);
    await page.context().close();
  });
});
