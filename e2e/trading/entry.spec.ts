import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { pickOption } from '../support/antd.ts';
import { loginWithApi } from '../support/api.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { recordMessages } from '../support/messages.ts';
import { acknowledgeNoticeBanners, confirmEverything } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';
import { animationsSettled } from '../support/waits.ts';

const newPage = useBrowser();

/** The demo tenderee of the trading module (README, "Demo accounts"). */
const TENDEREE = { account: 'tenderee', password: 'Ten2026ks', home: '/system/pageConfig' };

async function openAs(page: Page, account: { account: string; password: string; home: string }) {
  // Notices other specs published to every enterprise account (a titled notice opens as a dialog
  // over the page) are confirmed first, as the demo accounts' other specs do.
  await confirmEverything(await ApiSession.logIn(baseUrl(), account.account, account.password));
  await recordMessages(page);
  await acknowledgeNoticeBanners(page);
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account.account, account.password);
  await waitForPath(page, account.home);
}

const chinaDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000),
  );

/** A datetime-local value `days` from now at `hour`, China time. */
function ahead(days: number, hour: number) {
  return `${chinaDay(days)}T${String(hour).padStart(2, '0')}:00`;
}

/**
 * The first working day from `days` ahead on the centre's calendar (its holidays and adjusted
 * working days, read through the API): the rules of time refuse a deadline on a rest day.
 */
async function workingDayAhead(days: number, hour: number): Promise<string> {
  const token = await loginWithApi(baseUrl(), TENDEREE.account, TENDEREE.password);
  const exceptions = new Map<string, string>();
  for (const year of new Set([chinaDay(days), chinaDay(days + 30)].map((d) => d.slice(0, 4)))) {
    const response = await fetch(`${baseUrl()}/ks/calendar/v1/days?year=${year}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { data: { days: { day: string; kind: string }[] } };
    for (const { day, kind } of body.data.days) exceptions.set(day, kind);
  }
  for (let offset = days; offset < days + 30; offset++) {
    const day = chinaDay(offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const kind = exceptions.get(day);
    if (kind === 'workday' || (kind !== 'holiday' && weekday !== 0 && weekday !== 6))
      return ahead(offset, hour);
  }
  throw new Error('no working day within 30 days on the centre calendar');
}

describe('project entry (issue 28, decision 0073)', () => {
  it('a tenderee enters and submits a project, the centre approves it', async () => {
    const name = `城北体育公园建设工程${Date.now().toString(36)}`;
    const tenderee = await newPage();
    await openAs(tenderee, TENDEREE);
    await tenderee.goto(`${baseUrl()}/fiveInOne/list`);
    await tenderee.getByRole('button', { name: '项目进场登记' }).click();
    const form = tenderee.getByRole('dialog', { name: '项目进场登记' });
    await form.getByLabel('项目名称').fill(name);
    await form.getByLabel('项目负责人').fill('赵敏');
    await form.getByLabel('负责人电话').fill('13912340000');
    await form.getByLabel('标段1名称').fill('施工标段');
    await pickOption(tenderee, form.getByLabel('标段1类型'), '施工');
    await pickOption(tenderee, form.getByLabel('标段1评标办法'), '综合评估法');
    await form.getByLabel('标段1估算金额').fill('8000000');
    await form.getByLabel('标段1最高投标限价').fill('7600000');
    await form.getByLabel('标段1资格要求').fill('具备建筑工程施工总承包二级及以上资质');
    await form.getByLabel('标段1公告发布时间').fill(ahead(5, 9));
    await form.getByLabel('标段1文件发售开始时间').fill(ahead(6, 9));
    await form.getByLabel('标段1文件发售截止时间').fill(ahead(11, 17));
    const deadline = await workingDayAhead(30, 9);
    await form.getByLabel('标段1投标截止时间').fill(deadline);
    await form.getByLabel('标段1开标时间').fill(deadline);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await tenderee.waitForURL(/\/fiveInOne\/detail\?id=/);
    await tenderee.getByText('草稿').first().waitFor();
    await tenderee.getByRole('button', { name: '提交审核' }).click();
    await animationsSettled(tenderee);
    await tenderee
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await tenderee.getByText('待审核').first().waitFor();

    const admin = await newPage();
    await openAs(admin, DEMO.admin);
    await admin.goto(`${baseUrl()}/fiveInOne/list`);
    await admin.getByRole('link', { name }).click();
    await admin.waitForURL(/\/fiveInOne\/detail\?id=/);
    await admin.getByRole('button', { name: '审核通过' }).click();
    await animationsSettled(admin);
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await admin.getByText('已通过').first().waitFor();
    await admin.getByText('审核通过', { exact: false }).last().waitFor();

    await tenderee.reload();
    await tenderee.getByText('已通过').first().waitFor();
  });
});
