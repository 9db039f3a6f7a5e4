import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';

const newPage = useBrowser();

/** A valid unified social credit code (check character included) that no other run uses. */
function newCreditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const base = `91320100MA${String(Date.now()).slice(-7)}`;
  const sum = weights.reduce((acc, w, i) => acc + chars.indexOf(base[i] as string) * w, 0);
  return base + chars[(31 - (sum % 31)) % 31];
}

/** The administrator's view of the local SMS outbox: the newest message to a phone. */
async function readOutbox(admin: Page, phone: string): Promise<string> {
  await admin.goto(`${baseUrl()}/system/platformSettings`);
  await admin.getByRole('tab', { name: '短信发件箱' }).click();
  const row = admin.locator('tr', { hasText: phone }).first();
  await row.waitFor();
  return row.innerText();
}

describe('enterprise registration through the UI', () => {
  it('registers, reads the code and the activation link in the administrator outbox, activates and logs in', async () => {
    const admin = await newPage();
    await admin.goto(`${baseUrl()}/`);
    await logIn(admin, DEMO.admin.account, DEMO.admin.password);
    await waitForPath(admin, DEMO.admin.home);

    const page = await newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('link', { name: '注册账号' }).click();
    await waitForPath(page, '/register');

    const phone = `139${String(Date.now()).slice(-8)}`;
    const account = `e2e_${Date.now().toString(36)}`;
    await page.getByLabel('企业名称').fill('端到端测试建设有限公司');
    await page.getByLabel('统一社会信用代码').fill(newCreditCode());
    await page.getByLabel('企业类型').click();
    await page.locator('.ant-select-item-option[title="施工企业"]').click();
    await page.getByLabel('账号', { exact: true }).fill(account);
    await page.getByLabel('联系人').fill('王五');
    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByRole('button', { name: /秒后重新获取/ }).isVisible()).toBe(true);

    const codeMessage = await readOutbox(admin, phone);
    const smsCode = /验证码为(\d{6})/.exec(codeMessage)?.[1];
    expect(smsCode).toMatch(/^\d{6}$/);

    await page.getByLabel('短信验证码').fill(smsCode ?? '');
    await page.getByLabel('密码', { exact: true }).fill('E2eRegist9');
    await page.getByLabel('确认密码').fill('E2eRegist9');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await expect.poll(() => page.getByText('注册成功').first().isVisible()).toBe(true);

    const activationMessage = await readOutbox(admin, phone);
    const link = /(http\S+activationCode=[0-9a-f]{32})/.exec(activationMessage)?.[1];
    expect(link).toBeDefined();
    const activationPath = new URL(link ?? '').pathname + new URL(link ?? '').search;
    await page.goto(`${baseUrl()}${activationPath}`);
    await page.getByRole('button', { name: /激活账号/ }).click();
    await waitForPath(page, '/login');

    await logIn(page, account, 'E2eRegist9');
    await waitForPath(page, DEMO.enterprise.home);
    await admin.context().close();
    await page.context().close();
  });
});
