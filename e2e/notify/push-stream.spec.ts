import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { trackRequests } from '../support/waits.ts';

const newPage = useBrowser();

const SUBSCRIBE_PATH = '/ks/message/v1/subscribe';

/** Every push-stream request of the page, and which of them have ended (aborted, failed or done). */
function watchStreams(page: Page) {
  const opened: string[] = [];
  const ended: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === SUBSCRIBE_PATH) opened.push(request.url());
  });
  const onEnd = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname === SUBSCRIBE_PATH) ended.push(request.url());
  };
  page.on('requestfailed', onEnd);
  page.on('requestfinished', onEnd);
  return { opened, ended };
}

async function openFromUserMenu(page: Page, item: string, path: string) {
  await page.getByRole('button', { name: /系统管理员/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await waitForPath(page, path);
}

describe('the push stream of a signed-in tab', () => {
  it('stays one stream across route changes and closes on logout', async () => {
    const page = await newPage();
    const streams = watchStreams(page);
    const requests = trackRequests(page);
    await page.goto(`${baseUrl()}/`);
    await logIn(page, DEMO.admin.account, DEMO.admin.password);
    await waitForPath(page, DEMO.admin.home);
    await expect.poll(() => streams.opened.length).toBe(1);

    await openFromUserMenu(page, '个人中心', '/userCenter/uCenter');
    await openFromUserMenu(page, '我的附件', '/userCenter/myAttachments');
    await openFromUserMenu(page, '平台设置', '/system/platformSettings');
    await page.goBack();
    await waitForPath(page, '/userCenter/myAttachments');
    // A link to a page that does not exist, followed inside the app: the not-found page is outside
    // the shell layout, and its 返回首页 leads back into it.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForPath(page, DEMO.admin.home);
    // Every route above has rendered and its calls are done: a reopened stream would show by now.
    await requests.idle();
    expect(streams.opened).toHaveLength(1);
    expect(streams.ended).toHaveLength(0);

    await page.getByRole('button', { name: /系统管理员/ }).click();
    await page.getByText('退出登录').click();
    await waitForPath(page, '/login');
    await expect.poll(() => streams.ended.length).toBe(1);
    expect(streams.opened).toHaveLength(1);
    await page.context().close();
  });
});
