import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { ApiSession } from '../support/records-api.ts';

const newPage = useBrowser();

/** The good credit items' node (优良信用信息) of the provided 信用信息 system. */
const NODE = { systemCoding: 'KS_XYXX', gnCoding: 'XYXX_YLXX' };
const detail = (id?: string) =>
  `${baseUrl()}/dynamicPage/dynamicDetail?${new URLSearchParams({ ...NODE, ...(id ? { id } : {}) }).toString()}`;

async function openAs(page: Page, account: { account: string; password: string; home: string }) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account.account, account.password);
  await waitForPath(page, account.home);
}

/** The titles of the item-type select's options, once its dropdown shows some. */
async function offered(page: Page, field: Locator): Promise<string[]> {
  await field.locator('.ant-select').click();
  const options = page.locator('.ant-select-dropdown .ant-select-item-option').filter({ visible: true });
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  const titles = await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  return titles;
}

/** The form item of 信用事项 on the record page. */
const itemTypeField = (page: Page) => page.locator('.ant-form-item', { hasText: '信用事项' }).first();

describe('the credit item-type select follows the caller (issue 18, decision 0058)', () => {
  let draftId = '';
  let enterpriseApi: ApiSession;

  afterAll(async () => {
    if (draftId)
      await enterpriseApi.call('DELETE', '/ks/monitor/delete', {
        query: { ...NODE, id: draftId, version: '1' },
      });
  });

  it('offers the enterprise its own type’s items; asks an administrator for the enterprise first', async () => {
    enterpriseApi = await ApiSession.logIn(baseUrl(), DEMO.enterprise.account, DEMO.enterprise.password);
    const saved = await enterpriseApi.post<{ id: string }>('/ks/monitor/save', {
      ...NODE,
      values: { item_type: 'SG-G02', score: 1, start_time: '2026-01-05', description: '选项范围端到端检查' },
    });
    draftId = saved.id;

    const enterprise = await newPage();
    await openAs(enterprise, DEMO.enterprise);
    await enterprise.goto(detail());
    const own = await offered(enterprise, itemTypeField(enterprise));
    expect(own).toContain('施工企业｜获得设区市级表彰');
    expect(own.every((title) => title.startsWith('施工企业｜'))).toBe(true);

    const admin = await newPage();
    await openAs(admin, DEMO.admin);
    // A new item belongs to no enterprise yet: the select says so under the field, no dialog.
    await admin.goto(detail());
    await itemTypeField(admin).getByText('请先选择企业类型').waitFor();
    expect(await admin.locator('.ant-modal').filter({ visible: true }).count()).toBe(0);
    // The enterprise's draft: the items of its enterprise type.
    await admin.goto(detail(draftId));
    const forRecord = await offered(admin, itemTypeField(admin));
    expect(forRecord).toContain('施工企业｜获得设区市级表彰');
    expect(forRecord.every((title) => title.startsWith('施工企业｜'))).toBe(true);
  });
});
