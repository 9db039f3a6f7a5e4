import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pickOption } from '../support/antd.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { ApiSession } from '../support/records-api.ts';

const newPage = useBrowser();

/** The good credit items' node (优良信用信息) of the provided 信用信息 system. */
const NODE = { systemCoding: 'KS_XYXX', gnCoding: 'XYXX_YLXX' };
const detail = (id?: string) =>
  `${baseUrl()}/dynamicPage/dynamicDetail?${new URLSearchParams({ ...NODE, ...(id ? { id } : {}) }).toString()}`;

async function openAs(page: Page, account: { account: string; password: string; home: string }) {
  await recordMessages(page);
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account.account, account.password);
  await waitForPath(page, account.home);
}

/**
 * The titles of the item-type select's options, once its dropdown shows some: its own dropdown
 * (antd renders each in the body; another select's may still be closing).
 */
async function offered(page: Page, field: Locator): Promise<string[]> {
  await field.locator('.ant-select').click();
  const id = await field.getByRole('combobox').getAttribute('id');
  const options = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${id}_list"]`) })
    .locator('.ant-select-item-option')
    .filter({ visible: true });
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  const titles = await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  return titles;
}

/** The form item of 信用事项 on the record page. */
const itemTypeField = (page: Page) => page.locator('.ant-form-item', { hasText: '信用事项' }).first();
/** The demo enterprise as the 所属企业 select names it (decision 0060). */
const DEMO_ENTERPRISE = 'KS演示建设集团有限公司（演示数据）（91320100MA1K520269）';

describe('the credit item-type select follows the caller and the enterprise entered for (issue 18, decisions 0058, 0060)', () => {
  /** Drafts the scenarios leave in the demo enterprise's file, removed afterwards. */
  const draftIds: string[] = [];

  afterAll(async () => {
    if (draftIds.length === 0) return;
    const enterpriseApi = await ApiSession.logIn(
      baseUrl(),
      DEMO.enterprise.account,
      DEMO.enterprise.password,
    );
    for (const id of draftIds)
      await enterpriseApi.call('DELETE', '/ks/monitor/delete', { query: { ...NODE, id, version: '1' } });
  });

  it('offers the enterprise its own type’s items; asks an administrator for the enterprise first', async () => {
    const enterpriseApi = await ApiSession.logIn(
      baseUrl(),
      DEMO.enterprise.account,
      DEMO.enterprise.password,
    );
    const saved = await enterpriseApi.post<{ id: string }>('/ks/monitor/save', {
      ...NODE,
      values: { item_type: 'SG-G02', score: 1, start_time: '2026-01-05', description: '选项范围端到端检查' },
    });
    draftIds.push(saved.id);

    const enterprise = await newPage();
    await openAs(enterprise, DEMO.enterprise);
    await enterprise.goto(detail());
    const own = await offered(enterprise, itemTypeField(enterprise));
    expect(own).toContain('施工企业｜获得设区市级表彰');
    expect(own.every((title) => title.startsWith('施工企业｜'))).toBe(true);

    const admin = await newPage();
    await openAs(admin, DEMO.admin);
    // A new item belongs to no enterprise until 所属企业 is chosen: the select says so, no dialog.
    await admin.goto(detail());
    await itemTypeField(admin).getByText('请先选择所属企业').waitFor();
    expect(await admin.locator('.ant-modal').filter({ visible: true }).count()).toBe(0);
    // The enterprise's draft: the items of its enterprise type.
    await admin.goto(detail(saved.id));
    const forRecord = await offered(admin, itemTypeField(admin));
    expect(forRecord).toContain('施工企业｜获得设区市级表彰');
    expect(forRecord.every((title) => title.startsWith('施工企业｜'))).toBe(true);
  });

  it('lets an administrator enter an item for the demo enterprise, which then reads it as its own', async () => {
    const description = `代企业录入端到端检查 ${Date.now()}`;
    const admin = await newPage();
    await openAs(admin, DEMO.admin);
    await admin.goto(detail());
    await pickOption(admin, admin.getByRole('combobox', { name: '所属企业' }), DEMO_ENTERPRISE, 'KS演示');
    // The item types follow the chosen enterprise: a builder's.
    await itemTypeField(admin).getByText('请先选择所属企业').waitFor({ state: 'hidden' });
    const forEnterprise = await offered(admin, itemTypeField(admin));
    expect(forEnterprise.every((title) => title.startsWith('施工企业｜'))).toBe(true);
    await pickOption(admin, admin.getByRole('combobox', { name: '信用事项' }), '施工企业｜获得设区市级表彰');
    await admin.getByRole('spinbutton', { name: '分数' }).fill('1');
    const start = admin.locator('.ant-form-item', { hasText: '开始时间' }).locator('input').first();
    await start.click();
    await start.fill('2026-01-05');
    await start.press('Enter');
    await admin.getByRole('textbox', { name: '事项说明' }).fill(description);
    await admin.getByRole('button', { name: /^保\s*存$/ }).click();
    await expectMessage(admin, '保存成功');
    await admin.waitForURL((url) => url.searchParams.has('id'));
    const id = new URL(admin.url()).searchParams.get('id') as string;
    draftIds.push(id);
    // The saved item names its enterprise; the administrator no longer chooses it.
    await admin.getByText('KS演示建设集团有限公司（演示数据）', { exact: true }).waitFor();
    expect(await admin.getByRole('combobox', { name: '所属企业' }).count()).toBe(0);

    const enterprise = await newPage();
    await openAs(enterprise, DEMO.enterprise);
    await enterprise.goto(detail(id));
    await expect
      .poll(() => enterprise.getByRole('textbox', { name: '事项说明' }).inputValue())
      .toBe(description);
    expect(await enterprise.getByText('所属企业').count()).toBe(0);
  });
});
