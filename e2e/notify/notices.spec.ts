import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginWithApi } from '../support/api.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';

const newPage = useBrowser();

type MessageRow = { msgId: number; messages: string; confirmedAt: string | null };

async function call<T>(token: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The demo accounts are shared by every scenario: confirm what earlier runs left, so only this run's notices show. */
async function confirmEverything(token: string) {
  for (;;) {
    const page = await call<{ records: MessageRow[] }>(token, '/ks/message/v1/list', {
      curPage: 1,
      pageSize: 100,
    });
    const open = page.records.filter((row) => !row.confirmedAt);
    if (open.length === 0) return;
    for (const row of open) await call(token, '/ks/message/v1/confirm', { msgId: row.msgId });
  }
}

async function messageOf(token: string, text: string) {
  const page = await call<{ records: MessageRow[] }>(token, '/ks/message/v1/list', {
    curPage: 1,
    pageSize: 100,
  });
  return page.records.find((row) => row.messages === text);
}

async function logInAs(demo: (typeof DEMO)[keyof typeof DEMO]) {
  const page = await newPage();
  await page.goto(`${baseUrl()}/`);
  await logIn(page, demo.account, demo.password);
  await waitForPath(page, demo.home);
  return page;
}

async function openNoticeConfig(admin: Page) {
  await admin.goto(`${baseUrl()}/system/jumpNoticeCfg`);
  await expect.poll(() => admin.getByRole('heading', { name: '通知配置' }).isVisible()).toBe(true);
}

/** Publishes through the administrator's page, to one role. */
async function publishThroughPage(
  admin: Page,
  notice: {
    type: '横幅通知' | '公告通知';
    title?: string;
    text: string;
    role: string;
    file?: { name: string; body: string };
  },
) {
  await admin.getByRole('tab', { name: '发布通知', exact: true }).click();
  await admin.getByLabel(notice.type).check();
  if (notice.title) await admin.getByLabel('通知标题').fill(notice.title);
  await admin.getByLabel('通知内容').fill(notice.text);
  await admin.getByLabel('指定角色').check();
  await admin.getByLabel(notice.role).check();
  if (notice.file) {
    await admin.locator('input[type=file]').setInputFiles({
      name: notice.file.name,
      mimeType: 'text/plain',
      buffer: Buffer.from(notice.file.body, 'utf8'),
    });
  }
  await admin.getByRole('button', { name: '发布通知' }).click();
  await expect.poll(() => admin.getByText('发布成功').isVisible()).toBe(true);
}

describe('notices pushed over SSE', () => {
  let enterpriseToken = '';
  let personnelToken = '';

  beforeAll(async () => {
    enterpriseToken = await loginWithApi(baseUrl(), DEMO.enterprise.account, DEMO.enterprise.password);
    personnelToken = await loginWithApi(baseUrl(), DEMO.personnel.account, DEMO.personnel.password);
    await confirmEverything(enterpriseToken);
    await confirmEverything(personnelToken);
  });

  it('an administrator publishes a banner and a titled notice; a logged-in user receives both live and confirms them', async () => {
    const user = await logInAs(DEMO.enterprise);
    const admin = await logInAs(DEMO.admin);
    await openNoticeConfig(admin);

    const bannerText = `E2E横幅通知${Date.now()}`;
    await publishThroughPage(admin, { type: '横幅通知', text: bannerText, role: '企业用户' });
    const banner = user.getByRole('alert').filter({ hasText: bannerText });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await banner.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    await expect
      .poll(async () => (await messageOf(enterpriseToken, bannerText))?.confirmedAt ?? null)
      .not.toBeNull();

    const noticeText = `E2E公告正文${Date.now()}`;
    await publishThroughPage(admin, {
      type: '公告通知',
      title: '系统升级公告（E2E）',
      text: noticeText,
      role: '企业用户',
      file: { name: '升级说明.txt', body: '升级说明正文' },
    });
    const dialog = user.getByRole('dialog').filter({ hasText: noticeText });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('系统升级公告（E2E）');
    const download = user.waitForEvent('download');
    await dialog.getByRole('button', { name: /升级说明\.txt/ }).click();
    expect((await download).suggestedFilename()).toBe('升级说明.txt');
    await dialog.getByRole('button', { name: /确\s*认/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(async () => (await messageOf(enterpriseToken, noticeText))?.confirmedAt ?? null)
      .not.toBeNull();

    await user.context().close();
    await admin.context().close();
  });

  it('a user who was offline sees the notice on next login', async () => {
    const admin = await logInAs(DEMO.admin);
    await openNoticeConfig(admin);
    const text = `E2E离线通知${Date.now()}`;
    await publishThroughPage(admin, { type: '横幅通知', text, role: '个人用户' });
    await admin.context().close();

    const user = await logInAs(DEMO.personnel);
    const banner = user.getByRole('alert').filter({ hasText: text });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await banner.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    await user.context().close();
  });
});
