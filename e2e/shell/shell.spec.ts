import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickUntilClosed } from '../support/antd.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';

const newPage = useBrowser();

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function logInAs(page: Page, demo: (typeof DEMO)[keyof typeof DEMO]) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, demo.account, demo.password);
  await waitForPath(page, demo.home);
}

const menu = (page: Page) => page.getByRole('menu', { name: '功能菜单' });

async function chooseSystem(page: Page, systemName: string) {
  await page.getByLabel('切换系统').click();
  await page.locator('.ant-select-item-option', { hasText: systemName }).click();
}

describe('the shell of each demo role', () => {
  it('shows an administrator every demo menu, and the venue-reserve node opens the meeting calendar', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.admin);
    await expect.poll(() => menu(page).getByText('锁管理').isVisible()).toBe(true);
    await expect.poll(() => menu(page).getByText('评审概览').isVisible()).toBe(true);
    expect(await menu(page).getByText('待配置节点（隐藏）').count()).toBe(0);
    await menu(page).getByText('场地预约').click();
    await page.waitForURL((url) => url.pathname === '/meetingVenue/meeting');
    expect(pathOf(page)).toBe('/meetingVenue/meeting?systemCoding=DEMO_JYGL&gnCoding=JYGL_CDYY');
    await menu(page).getByText('技术标评审').click();
    await page.waitForURL((url) => url.pathname === '/bidEvaluationSys/JSbidEvaluation');
    // Administrators get their header items, and no developer controls.
    await page.getByRole('button', { name: /系统管理员/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: '管理信息' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: '业务办理' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /新建系统/ }).count()).toBe(0);
    await page.context().close();
  });

  it('shows an enterprise user only its nodes, none of them unpublished, each opening a page', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.enterprise);
    await expect.poll(() => menu(page).getByText('五位一体').isVisible()).toBe(true);
    expect(await menu(page).getByText('锁管理').count()).toBe(0);
    expect(await menu(page).getByText('评标评审').count()).toBe(0);
    // 场地预约 would open its runtime list, and the demo never published it: not offered.
    expect(await menu(page).getByText('场地预约').count()).toBe(0);
    await menu(page).getByText('保函管理').click();
    await page.waitForURL((url) => url.pathname === '/custom/guarantee');
    await expect.poll(() => page.getByText('此页面尚未开放').isVisible()).toBe(true);

    await chooseSystem(page, '信用评价系统（演示）');
    await expect.poll(() => menu(page).getByText('信用承诺书').isVisible()).toBe(true);
    // 企业信息 (the detail page) and 通知公告 (the list) wait for their nodes to be published.
    expect(await menu(page).getByText('企业信息').count()).toBe(0);
    expect(await menu(page).getByText('通知公告').count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: '企业中心' }).isVisible()).toBe(true);

    // A published node of the demo business systems opens its working list.
    await chooseSystem(page, '场地预约系统（演示）');
    await menu(page).getByText('预约申请').click();
    await page.waitForURL((url) => url.pathname === '/dynamicPage/dynamicIndex');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.getByText('该功能尚未发布').count()).toBe(0);
    await page.context().close();
  });

  it('shows a personnel user the practice status dialog and only the systems it may open', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.personnel);
    const dialog = page.getByRole('dialog', { name: '执业状态提醒' });
    await expect.poll(() => dialog.getByText('预警').isVisible()).toBe(true);
    await clickUntilClosed(
      dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }),
      dialog,
    );
    await page.getByLabel('切换系统').click();
    const options = page.locator('.ant-select-item-option');
    await expect
      .poll(() => options.allTextContents())
      .toEqual(['信用评价系统（演示）', '统计分析系统（演示）']);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('gives a developer the gears and the system buttons, and lets it see hidden nodes nowhere in the menu', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.developer);
    await expect.poll(() => page.getByRole('button', { name: /新建系统/ }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /全部系统/ }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '收起菜单' }).count()).toBe(0);
    await expect.poll(() => menu(page).getByText('锁管理').isVisible()).toBe(true);
    expect(await menu(page).getByText('待配置节点（隐藏）').count()).toBe(0);
    // Developers build unpublished nodes, so they keep seeing them.
    await expect.poll(() => menu(page).getByText('场地预约').isVisible()).toBe(true);
    await page.getByRole('button', { name: '节点设置：锁管理' }).click();
    await page.waitForURL((url) => url.pathname === '/system/setUpList');
    await page.getByRole('button', { name: '系统设置' }).click();
    await page.waitForURL((url) => url.pathname === '/system/menuSetUp');
    await page.context().close();
  });
});

describe('theme', () => {
  async function setTheme(page: Page, label: '暗色' | '亮色') {
    await page.getByRole('button', { name: '主题设置' }).click();
    const panel = page.locator('.ks-theme-panel');
    await panel.getByText(label, { exact: true }).click();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/ks/individual/theme') && response.request().method() === 'PUT',
    );
    await panel.getByRole('button', { name: /Close|关闭/ }).click();
    expect((await (await saved).json()).code).toBe(200);
  }

  it('keeps a dark theme saved on the server for a new browser context', async () => {
    const first = await newPage();
    await logInAs(first, DEMO.developer);
    await setTheme(first, '暗色');
    expect(await first.locator('html').getAttribute('data-theme')).toBe('dark');
    await first.context().close();

    const second = await newPage();
    await logInAs(second, DEMO.developer);
    await expect.poll(() => second.locator('html').getAttribute('data-theme')).toBe('dark');
    // Leave the shared demo account as it was for other scenarios.
    await setTheme(second, '亮色');
    expect(await second.locator('html').getAttribute('data-theme')).toBeNull();
    await second.context().close();
  });
});
