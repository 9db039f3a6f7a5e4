import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { openPopconfirm } from '../support/antd.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { acknowledgeNoticeBanners, confirmEverything } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';
import { animationsSettled } from '../support/waits.ts';

const newPage = useBrowser();

async function openAs(page: Page, account: { account: string; password: string; home: string }) {
  await recordMessages(page);
  await acknowledgeNoticeBanners(page);
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account.account, account.password);
  await waitForPath(page, account.home);
}

describe('personnel certificates and transfers (decision 0059)', () => {
  // The approval tells the demo enterprise: confirmed, its banner leaves later specs' headers free.
  afterAll(async () => {
    for (const account of [DEMO.enterprise, DEMO.admin])
      await confirmEverything(await ApiSession.logIn(baseUrl(), account.account, account.password));
  });

  it('an administrator approves the demo’s pending transfer, the enterprise withdraws the refused one', async () => {
    const admin = await newPage();
    await openAs(admin, DEMO.admin);
    await admin.goto(`${baseUrl()}/system/transact`);
    const pending = admin.locator('.ant-card', { hasText: '待审批的转注册' });
    const row = pending.locator('.ant-table-row', { hasText: '顾磊' });
    await row.getByText('待原企业同意').waitFor();
    await row.getByRole('button', { name: /批\s*准/ }).click();
    const dialog = admin.getByRole('dialog', { name: '批准转注册' });
    await dialog.getByRole('textbox', { name: '审批意见' }).fill('材料齐全，同意转入');
    await dialog.getByRole('button', { name: /批\s*准/ }).click();
    await expectMessage(admin, '已批准，注册信息已转入新企业');
    await row.waitFor({ state: 'detached' });
    // The demo's other transfer stays for the administrators: Hangzhou refused it, with its reason.
    const refusedRow = pending.locator('.ant-table-row', { hasText: '沈佳怡' });
    await refusedRow.getByText('原企业不同意').waitFor();
    await refusedRow.getByText(/^原企业理由：/).waitFor();

    const enterprise = await newPage();
    await openAs(enterprise, DEMO.enterprise);
    await enterprise.goto(`${baseUrl()}/system/personnelInfo`);
    const moved = enterprise.locator('.ant-table-row', { hasText: '顾磊' });
    await moved.getByText('已通过').waitFor();
    await enterprise.locator('.ant-card', { hasText: '转注册' }).getByText('已转入').waitFor();
    // The enterprise takes back its request for 沈佳怡, which Hangzhou refused: as the asker it sees
    // only the number it typed, the name and employer not until the person is let go (decision 0063).
    const refused = enterprise.locator('.ant-table-row', { hasText: '330106********2423' });
    await refused.getByText('原企业不同意').waitFor();
    await refused.getByText('原企业同意后显示').first().waitFor();
    await refused.getByRole('button', { name: '撤回申请' }).click();
    await animationsSettled(enterprise);
    await openPopconfirm(enterprise)
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expectMessage(enterprise, '已撤回转注册申请');
    await refused.getByText('已撤回').waitFor();
    // 王建华 holds two certificates: the registration's own and a further one.
    await enterprise
      .locator('.ant-table-row', { hasText: '王建华' })
      .getByRole('button', { name: /证\s*书/ })
      .click();
    const certificates = enterprise.getByRole('dialog', { name: '王建华的注册证书' });
    await certificates.getByText('主证书').waitFor();
    await certificates.getByText('苏1322012201600102').waitFor();
  });
});
