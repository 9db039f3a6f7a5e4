import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectCount, expectHidden, expectText, expectVisible } from '../support/waits.ts';

const newPage = useBrowser();

const THANKS = '感谢您的反馈，您的意见将会是我们不断进步的动力！';

async function logInAs(page: Page, demo: (typeof DEMO)[keyof typeof DEMO]) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, demo.account, demo.password);
  await waitForPath(page, demo.home);
}

describe('feedback drawer', () => {
  it('a user rates and writes feedback from the aside footer; the administrator reads it', async () => {
    const text = `端到端反馈：投标流程清晰 ${Date.now().toString(36)}`;
    const page = await newPage();
    await logInAs(page, DEMO.enterprise);

    // The feedback entry sits in the aside footer.
    const entry = page.locator('.ks-shell-aside').getByRole('button', { name: '意见反馈' });
    await expectCount(entry, 1);
    await entry.click();
    const drawer = page.getByRole('dialog', { name: '意见反馈' });
    await expectVisible(drawer);

    // Fourth star: 完美.
    await drawer.locator('.ant-rate-star').nth(3).locator('[role="radio"]').click();
    await expectText(drawer.locator('.ks-feedback-rating-label'), '完美');
    await drawer.locator('.ks-feedback-survey li').first().getByLabel('满意', { exact: true }).check();
    await drawer.getByLabel('反馈内容').fill(text);
    await drawer.getByRole('button', { name: '提交反馈' }).click();

    await expectVisible(page.getByText(THANKS));
    // The drawer closes by itself (0.8 s after the thanks).
    await expectHidden(drawer);

    const admin = await newPage();
    await logInAs(admin, DEMO.admin);
    await admin.goto(`${baseUrl()}/system/feedback`);
    const row = admin.locator('tr', { hasText: text });
    await expectVisible(row);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells).toContain('演示企业联系人');
    expect(cells).toContain('完美');
    expect(cells).toContain(text);
    expect(cells.join(' ')).toMatch(/满意/);
    await admin.context().close();
    await page.context().close();
  });
});
