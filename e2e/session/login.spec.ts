import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickUntilClosed } from '../support/antd.ts';
import { loginWithApi } from '../support/api.ts';
import { baseUrl, DEMO, LAN_HOST, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';

const newPage = useBrowser();

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function logOut(page: Page, userName: string) {
  await page.getByRole('button', { name: new RegExp(userName) }).click();
  await page.getByText('退出登录').click();
  await waitForPath(page, '/login');
}

describe('login through the real login page', () => {
  it.each([
    ['administrator', DEMO.admin, '系统管理员'],
    ['developer', DEMO.developer, '平台开发者'],
    ['enterprise account', DEMO.enterprise, '演示企业联系人'],
    ['personnel account', DEMO.personnel, '演示执业人员'],
  ])('logs the %s in, lands on its home page, and logs out', async (_role, demo, userName) => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/`);
    await logIn(page, demo.account, demo.password);
    await waitForPath(page, demo.home);
    await expect.poll(() => page.getByRole('button', { name: new RegExp(userName) }).isVisible()).toBe(true);
    // The demo personnel account has a practice warning: the practice status dialog opens first.
    if (demo === DEMO.personnel) {
      const dialog = page.getByRole('dialog', { name: '执业状态提醒' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await clickUntilClosed(
        dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }),
        dialog,
      );
    }

    await logOut(page, userName);
    // The token is gone: a protected page sends the visitor back to the login page.
    await page.goto(`${baseUrl()}${demo.home}`);
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByLabel('账号', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows the server message in the login prompt for a wrong password', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/login`);
    await logIn(page, 'developer', 'Wrong2026x');
    await expect.poll(() => page.getByText(/账号或密码错误/).isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/login');
    await page.context().close();
  });

  it('comes back to a deep link after logging in', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/userCenter/uCenter`);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/userCenter/uCenter');
    await logIn(page, DEMO.admin.account, DEMO.admin.password);
    await waitForPath(page, '/userCenter/uCenter');
    await page.context().close();
  });

  it('shows the 404 page on an unknown path, with a button back home', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/no/such/page`);
    await expect.poll(() => page.getByText('404').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('shows one dialog when the session was ended elsewhere and lands on /login after 500 ms', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/`);
    await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await waitForPath(page, DEMO.enterprise.home);

    await kickOut('U0000001');

    // The shell's own calls (menus, header items, theme) meet the ended session on reload.
    await page.reload();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/其他地方登录/).isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/login');
    const token = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(token).not.toContain('"token":"');
    await page.context().close();
  });

  it('logs in over plain HTTP on a non-localhost address, where Web Crypto is unavailable', async () => {
    const page = await newPage();
    const lanUrl = baseUrl().replace('127.0.0.1', LAN_HOST);
    await page.goto(`${lanUrl}/`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await logIn(page, DEMO.personnel.account, DEMO.personnel.password);
    await waitForPath(page, DEMO.personnel.home);
    await page.context().close();
  });
});

/** An administrator ends every session of a user through the API, as the admin UI does. */
async function kickOut(userCode: string) {
  const token = await loginWithApi(baseUrl(), DEMO.admin.account, DEMO.admin.password);
  const response = await fetch(`${baseUrl()}/ks/admin/sessions/kick`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userCode }),
  });
  const body = (await response.json()) as { code: number };
  expect(body.code).toBe(200);
}
