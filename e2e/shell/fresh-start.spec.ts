import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { acknowledgeNoticeBanners } from '../support/notices.ts';

/**
 * What a newcomer meets on a fresh start with the demo data (issue 16 items 5–7): a footer with
 * the support phone and the filing link, help to read, a list with pages, forms that take files.
 */
const newPage = useBrowser();

const PRICE_LIST = '/dynamicPage/dynamicIndex?systemCoding=DEMO_CLJG&gnCoding=CLJG_CLJG';

async function logInAs(page: Page, demo: (typeof DEMO)[keyof typeof DEMO]) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, demo.account, demo.password);
  await waitForPath(page, demo.home);
  await acknowledgeNoticeBanners(page);
}

describe('a fresh start with the demo data', () => {
  it('the footer shows the support phone, the version and the filing number linking to the filing site', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.enterprise);
    const footer = page.locator('footer .ks-footer');
    await expect.poll(() => footer.innerText()).toContain('技术支持：400-800-2026');
    expect(await footer.innerText()).toMatch(/版本：\d+\.\d+\.\d+/);
    const filing = footer.getByRole('link', { name: '苏ICP备2026000000号-1（演示）' });
    expect(await filing.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(await filing.getAttribute('target')).toBe('_blank');

    // The customer-service widget names the same phone instead of pointing at the page bottom.
    await page.getByRole('button', { name: '在线客服' }).click();
    const widget = page.getByRole('dialog', { name: '在线客服' });
    await expect.poll(() => widget.innerText()).toContain('请拨打技术支持电话：400-800-2026');
    await page.context().close();
  });

  it('the help panel shows the seeded guide with its PDF, and the common questions', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.enterprise);
    await page.getByRole('button', { name: '帮助', exact: true }).click();
    const panel = page.getByRole('dialog', { name: '帮助中心' });
    // The first file is selected on opening: the demo guide, shown in a frame.
    const pdfFrame = panel.locator('iframe[title="帮助文档：KS平台演示使用说明.pdf"]');
    await pdfFrame.waitFor();
    expect(await panel.getByText('平台使用指南（演示）').isVisible()).toBe(true);
    expect(await panel.getByText('KS平台演示视频.webm').isVisible()).toBe(true);
    const head = await pdfFrame.evaluate(async (frame: HTMLIFrameElement) =>
      (await (await fetch(frame.src)).text()).slice(0, 5),
    );
    expect(head).toBe('%PDF-');
    expect(await panel.getByText('暂无数据').count()).toBe(0);

    await panel.getByRole('tab', { name: '常见问题' }).click();
    const card = panel.locator('.ks-help-qa .ant-card', { hasText: '问：忘记密码怎么办？' });
    await card.waitFor();
    await page.context().close();
  });

  it('the material price list has a second page', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.enterprise);
    await page.goto(`${baseUrl()}${PRICE_LIST}`);
    const totalText = page.locator('.ant-pagination-total-text');
    await expect
      .poll(async () => Number(/共 (\d+) 条/.exec((await totalText.textContent()) ?? '')?.[1] ?? 0), {})
      .toBeGreaterThanOrEqual(35);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const firstPage = await rows.first().innerText();
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    await expect.poll(() => rows.first().innerText()).not.toBe(firstPage);
    expect(await rows.count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('a demo form shows its annex slots, with the seeded file on a submitted report', async () => {
    const page = await newPage();
    await logInAs(page, DEMO.enterprise);
    // A new report: the slots with their formats, limits and required mark, ready to upload.
    await page.goto(`${baseUrl()}/dynamicPage/dynamicDetail?systemCoding=DEMO_CLJG&gnCoding=CLJG_CLJG`);
    const annexes = page.locator('.ks-record-annexes');
    await annexes.waitFor();
    expect(await annexes.getByText('询价记录', { exact: true }).isVisible()).toBe(true);
    expect(await annexes.getByText('厂家报价单', { exact: true }).isVisible()).toBe(true);
    expect(await annexes.getByText('pdf、jpg、jpeg、png').isVisible()).toBe(true);
    expect(await annexes.getByText('不超过10MB').isVisible()).toBe(true);
    expect(await annexes.getByRole('button', { name: '上传询价记录' }).isVisible()).toBe(true);

    // 提交 without the required annex is refused before anything is sent.
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('请上传【询价记录】').waitFor();

    // A report under review lists its enquiry record, read-only.
    await page.goto(`${baseUrl()}${PRICE_LIST}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '商品混凝土' }).filter({
      hasText: 'C30',
    });
    await row.waitFor();
    await row
      .getByRole('button', { name: /查\s*看/ })
      .first()
      .click();
    await expect
      .poll(() => page.locator('.ks-record-annexes').getByText('商品混凝土询价记录（演示）.pdf').count(), {})
      .toBe(1);
    expect(await page.locator('.ks-record-annexes').getByRole('button', { name: /上传/ }).count()).toBe(0);
    await page.context().close();
  });
});
