import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { confirmEverything } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';
import { buildPdf } from '../support/test-files.ts';

const newPage = useBrowser();

/** The demo enterprise's good credit items (优良信用信息), a node of the provided 信用信息 system. */
const GOOD_ITEMS = `/dynamicPage/dynamicIndex?${new URLSearchParams({
  systemCoding: 'KS_XYXX',
  gnCoding: 'XYXX_YLXX',
}).toString()}`;
/** The item the enterprise changes: 获得优质工程奖, 4 points of 4 (score 85, AA, in the demo). */
const ITEM = '获得优质工程奖';

async function openAs(page: Page, account: { account: string; password: string; home: string }) {
  await recordMessages(page);
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account.account, account.password);
  await waitForPath(page, account.home);
}

async function openChange(page: Page, operation: '变更' | '变更审核'): Promise<Locator> {
  await page.goto(`${baseUrl()}${GOOD_ITEMS}`);
  const row = page.locator('.ant-table-row', { hasText: ITEM }).first();
  await row.getByRole('button', { name: operation }).click();
  const dialog = page.getByRole('dialog', { name: operation === '变更' ? '信息变更' : '信息变更审核' });
  await dialog.waitFor();
  return dialog;
}

/** The demo enterprise's passed contact person (the contact list prefills the change's contact form). */
const DEMO_CONTACT = { name: '刘晓燕', tel: '13951712345' };

/**
 * Initiates a round: the score to `score`, a reason, an attachment, the contact person (prefilled,
 * the phone changed to `tel`); saves, then submits.
 */
async function requestScoreChange(page: Page, score: number, round: string, tel: string) {
  const dialog = await openChange(page, '变更');
  await dialog.getByRole('tab', { name: round, selected: true }).waitFor();
  const contactName = dialog.getByRole('combobox', { name: '联系人' });
  const contactTel = dialog.getByRole('textbox', { name: '联系电话' });
  await expect.poll(() => contactName.inputValue()).toBe(DEMO_CONTACT.name);
  await expect.poll(() => contactTel.inputValue()).toBe(DEMO_CONTACT.tel);
  // A wrong phone is refused in the dialog, then corrected.
  await contactTel.fill('87654321');
  await dialog.getByText('请输入正确的手机号码或固定电话（如0571-87654321）').waitFor();
  await contactTel.fill(tel);
  await dialog.getByText('请输入正确的手机号码或固定电话（如0571-87654321）').waitFor({ state: 'hidden' });
  await dialog.getByRole('combobox', { name: '变更类型' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '基本信息' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: /^分数$/ }).click();
  await dialog.getByRole('spinbutton', { name: '变更后' }).fill(String(score));
  await dialog.getByRole('textbox', { name: '变更原因' }).fill(`奖项级别更正（${round}）`);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '上传附件' }).click();
  const fileName = `变更说明-${round}.pdf`;
  await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: buildPdf(fileName) });
  await dialog.getByText(fileName).waitFor();
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expectMessage(page, '保存成功');
  await dialog.getByRole('button', { name: /^提\s*交$/ }).click();
  await page
    .getByRole('dialog', { name: '提示' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expectMessage(page, '提交成功');
  await dialog.waitFor({ state: 'hidden' });
}

/** An administrator decides the pending round (whose contact person it reads): pass, or reject with advice. */
async function review(page: Page, decision: '通过' | '驳回', tel: string) {
  const dialog = await openChange(page, '变更审核');
  const pending = dialog.getByRole('tabpanel');
  await pending.getByText(DEMO_CONTACT.name, { exact: true }).waitFor();
  await pending.getByText(tel, { exact: true }).waitFor();
  if (decision === '驳回') await dialog.getByRole('textbox', { name: '审核意见' }).fill('请附获奖证书扫描件');
  await dialog.getByRole('button', { name: new RegExp(`^${decision.split('').join('\\s*')}$`) }).click();
  await expectMessage(page, '操作成功');
  await dialog.waitFor({ state: 'hidden' });
}

describe('credit-information change (issue 18)', () => {
  // The review results reach the enterprise as banners: confirmed, they leave later specs' headers free.
  afterAll(async () => {
    for (const account of [DEMO.enterprise, DEMO.admin])
      await confirmEverything(await ApiSession.logIn(baseUrl(), account.account, account.password));
  });

  it('an enterprise changes a credit item, is rejected, resubmits, is passed, and its score and grade follow', async () => {
    const enterprise = await newPage();
    const admin = await newPage();
    await openAs(enterprise, DEMO.enterprise);
    await openAs(admin, DEMO.admin);

    await requestScoreChange(enterprise, 2, '第一次', '0571-87654321');
    await review(admin, '驳回', '0571-87654321');
    await requestScoreChange(enterprise, 2, '第二次', '13857112345');
    await review(admin, '通过', '13857112345');

    // 80 + (2 + 3) − 2 = 83: grade A (75–84), down from 85 / AA, recomputed in the pass.
    await enterprise.goto(`${baseUrl()}/credit/companyInfo`);
    const file = enterprise.locator('.ks-page');
    await file.getByText('83', { exact: true }).first().waitFor();
    await file.getByText('A', { exact: true }).first().waitFor();

    await admin.goto(`${baseUrl()}/credit/creditPublicList`);
    const row = admin.locator('.ant-table-row', { hasText: 'KS演示建设集团有限公司' });
    await row.getByText('83', { exact: true }).waitFor();
    await row.getByText('A', { exact: true }).waitFor();
  });
});
