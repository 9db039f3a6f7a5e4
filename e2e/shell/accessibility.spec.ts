import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { animationsSettled, trackRequests } from '../support/waits.ts';

const openPage = useBrowser();
const trackers = new WeakMap<Page, ReturnType<typeof trackRequests>>();
/** A fresh page whose requests are counted from its first navigation. */
async function newPage() {
  const page = await openPage();
  trackers.set(page, trackRequests(page));
  return page;
}
const requestsOf = (page: Page) => {
  const tracker = trackers.get(page);
  if (!tracker) throw new Error('page not opened by newPage');
  return tracker;
};

const PRICE_NODE = 'systemCoding=DEMO_CLJG&gnCoding=CLJG_CLJG';

async function logInAs(page: Page, demo: (typeof DEMO)[keyof typeof DEMO]) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, demo.account, demo.password);
  await waitForPath(page, demo.home);
}

/** Waits until nothing is loading or animating, then asks axe-core. */
async function expectNoSeriousViolations(page: Page) {
  await requestsOf(page).idle();
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0);
  // antd's enter animations fade colours in: measure the settled page.
  await animationsSettled(page);
  expect.soft(await seriousAxeViolations(page), new URL(page.url()).pathname).toEqual([]);
}

describe('no serious or critical axe-core violation', () => {
  it('on the login page', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    await expectNoSeriousViolations(page);
    await page.context().close();
  });

  it('on the home page, a demo records list and a demo record form', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.enterprise);
    await page.getByRole('menu', { name: '功能菜单' }).waitFor();
    await expectNoSeriousViolations(page);

    await page.goto(`${baseUrl()}/dynamicPage/dynamicIndex?${PRICE_NODE}`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForURL((url) => url.pathname === '/dynamicPage/dynamicDetail');
    await page.locator('form').first().waitFor();
    await expectNoSeriousViolations(page);
    await page.context().close();
  });

  it('in the builder', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.developer);
    await page.goto(`${baseUrl()}/system/setUpList?${PRICE_NODE}`);
    await page.getByRole('tab').first().waitFor();
    await expectNoSeriousViolations(page);
    await page.context().close();
  });
});
