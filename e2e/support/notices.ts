import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiSession } from './records-api.ts';

/**
 * Acknowledges the top notice banner (a fixed bar over the header for pushed type-1 notices such
 * as 审核通过) whenever it would cover what a test clicks: the demo data's seeded audits leave
 * notices for the demo enterprise user that show right after login and cover the header's system
 * switcher until each is acknowledged with 我知道了.
 */
export async function acknowledgeNoticeBanners(page: Page) {
  const banner = page.locator('.ks-notice-banner');
  await page.addLocatorHandler(
    banner,
    async () => {
      // Notices queue: each acknowledgement shows the next one, until none is left.
      for (let shown = 0; shown < 50; shown += 1) {
        const text = await banner.innerText({ timeout: 2000 }).catch(() => null);
        if (text === null || !(await banner.isVisible())) return;
        await banner
          .getByRole('button', { name: '我知道了' })
          .click({ timeout: 10000 })
          .catch(() => undefined);
        // Wait until this notice is gone (confirmed on the server), whatever comes next.
        await expect
          .poll(() => banner.innerText({ timeout: 200 }).catch(() => null), { timeout: 10000 })
          .not.toBe(text)
          .catch(() => undefined);
      }
    },
    { noWaitAfter: true },
  );
}

/**
 * Confirms every notice the account has not confirmed yet. A spec that makes the platform tell a
 * demo account something (a review result, a finished job) confirms it at the end: its banner would
 * otherwise cover the header of that account's pages in the specs that run after it.
 */
export async function confirmEverything(session: ApiSession) {
  type Row = { msgId: number; confirmedAt: string | null };
  const { records } = await session.post<{ records: Row[] }>('/ks/message/v1/list', {
    curPage: 1,
    pageSize: 100,
  });
  for (const row of records.filter((r) => !r.confirmedAt)) {
    await session.post('/ks/message/v1/confirm', { msgId: row.msgId });
  }
}
