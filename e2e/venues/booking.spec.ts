import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openModal, openPopconfirm } from '../support/antd.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { acknowledgeNoticeBanners } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';

const newPage = useBrowser();

async function openAs(page: Page, account: { account: string; password: string; home: string }) {
  await recordMessages(page);
  await acknowledgeNoticeBanners(page);
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account.account, account.password);
  await waitForPath(page, account.home);
}

/** A day of the first week the calendar shows, clear of the demo's bookings (its next three days). */
const day = new Date(
  Date.parse(
    `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date())}T00:00:00Z`,
  ) +
    5 * 24 * 3600 * 1000,
)
  .toISOString()
  .slice(0, 10);
const ROOM = '第一评标室';

describe('venues (decision 0075)', () => {
  it('a booking made on the calendar is approved; the conflicting one is refused; /venue shows the cell booked', async () => {
    const enterprise = await newPage();
    await openAs(enterprise, DEMO.enterprise);
    await enterprise.goto(`${baseUrl()}/meetingVenue/meeting`);
    await enterprise.getByRole('button', { name: `${ROOM} ${day} 上午 可预约` }).click();
    const dialog = openModal(enterprise);
    await dialog.getByLabel('联系人').fill('张敏');
    await dialog.getByLabel('联系电话').fill('13800138000');
    await dialog.getByRole('button', { name: '提交预约' }).click();
    await expectMessage(enterprise, '预约已提交，等待审核');
    await enterprise
      .locator('.ant-table-row', { hasText: `${day} 上午 至 ${day} 上午` })
      .getByText('待审核')
      .waitFor();

    // A second booking of the same cell, pending beside the first until the queue decides.
    const api = await ApiSession.logIn(baseUrl(), DEMO.enterprise.account, DEMO.enterprise.password);
    const rooms = await api.call<{ rooms: { id: string; name: string }[] }>(
      'GET',
      '/ks/venue/v1/availability',
      {
        query: { from: day, days: '1' },
      },
    );
    const roomId = rooms.rooms.find((room) => room.name === ROOM)?.id ?? '';
    await api.call('POST', '/ks/venue/v1/bookings', {
      body: {
        roomId,
        fromDay: day,
        fromHalf: 'am',
        toDay: day,
        toHalf: 'am',
        purpose: '评标',
        contactName: '李工',
        contactPhone: '13900001111',
      },
    });
    await enterprise.context().close();

    const admin = await newPage();
    await openAs(admin, DEMO.admin);
    await admin.goto(`${baseUrl()}/meetingVenue/meeting`);
    await admin.getByRole('tab', { name: '预约审核' }).click();
    const rows = admin.locator('.ant-table-row', { hasText: `${day} 上午 至 ${day} 上午` });
    await expect.poll(() => rows.count()).toBe(2);
    await rows
      .first()
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await openPopconfirm(admin)
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expectMessage(admin, '已通过');
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await openPopconfirm(admin)
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => admin.getByText('所选时段已被预约').isVisible()).toBe(true);
    await admin.context().close();

    // The public grid, without a session: the cell is booked, and says by whom nowhere.
    const visitor = await newPage();
    await visitor.goto(`${baseUrl()}/venue`);
    await visitor.getByTitle(`${ROOM} ${day} 上午 已预约`).waitFor();
    expect(await visitor.getByText('张敏').count()).toBe(0);
    await visitor.context().close();
  });
});
