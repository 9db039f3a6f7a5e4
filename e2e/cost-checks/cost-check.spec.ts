import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { confirmEverything } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';

const newPage = useBrowser();
const SAMPLES = fileURLToPath(new URL('../../docs/cost-file/samples/', import.meta.url));
const sample = (name: string) => ({
  name,
  mimeType: 'application/xml',
  buffer: readFileSync(`${SAMPLES}${name}`),
});

/** Uploads one cost file to the project through its 上传造价文件 dialog. */
async function uploadCostFile(
  page: Page,
  projectName: string,
  file: ReturnType<typeof sample>,
  kind: string,
  bidder?: string,
) {
  await page
    .locator('.ant-table-row', { hasText: projectName })
    .getByRole('button', { name: '上传造价文件' })
    .click();
  const dialog = page.getByRole('dialog', { name: `上传造价文件：${projectName}` });
  await dialog.getByLabel('文件类型').click();
  await page.locator('.ant-select-item-option', { hasText: kind }).click();
  if (bidder) await dialog.getByLabel('投标人').fill(bidder);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '选择文件' }).click();
  await (await chooser).setFiles(file);
  await dialog.getByText(`已上传：${file.name}`).waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectMessage(page, '上传成功，正在解析');
  await dialog.waitFor({ state: 'detached' });
}

describe('cost-file check (issue 19)', () => {
  // The finished check reaches the administrator as a banner: confirmed, it leaves later specs' headers free.
  afterAll(async () => {
    await confirmEverything(await ApiSession.logIn(baseUrl(), DEMO.admin.account, DEMO.admin.password));
  });

  it('uploads a tender BOQ and a bid with three planted errors, checks, and shows the three findings', async () => {
    const page = await newPage();
    await recordMessages(page);
    await page.goto(`${baseUrl()}/`);
    await logIn(page, DEMO.admin.account, DEMO.admin.password);
    await waitForPath(page, DEMO.admin.home);
    await page.goto(`${baseUrl()}/fileAnalysis/index`);

    const suffix = Date.now().toString(36);
    const projectName = `端到端检测项目-${suffix}`;
    await page.getByRole('button', { name: '新建项目' }).click();
    const create = page.getByRole('dialog', { name: '新建项目' });
    await create.getByLabel('项目编号').fill(`E2E-${suffix}`);
    await create.getByLabel('项目名称').fill(projectName);
    await create.getByLabel('地区').click();
    await page.locator('.ant-select-item-option').first().click();
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await create.waitFor({ state: 'detached' });

    await uploadCostFile(page, projectName, sample('tender-boq.xml'), '招标工程量清单');
    await uploadCostFile(
      page,
      projectName,
      sample('bid-three-errors.xml'),
      '投标报价',
      '温州鼎诚建设有限公司',
    );

    // Both files parse (a job each); the expanded project shows their state.
    const projectRow = page.locator('.ant-table-row', { hasText: projectName });
    await projectRow.locator('.ant-table-row-expand-icon').click();
    const files = page.locator('.ant-table-expanded-row').filter({ hasText: 'bid-three-errors.xml' });
    await expect.poll(() => files.getByText('已解析').count(), { timeout: 60_000 }).toBe(2);

    // The project's check page: start, the spec's notification, then the completion message.
    await projectRow.getByRole('link', { name: '检测结果' }).click();
    await page.getByRole('button', { name: '开始检测' }).click();
    await page.getByText('检测已开始，大约需要五分钟，请稍后到项目详情页确认数据').waitFor();
    await expectMessage(page, '检测完成，请到项目详情页确认数据');

    // The bid's findings: each planted error under its rule, on the node it concerns.
    await page.locator('.ant-select', { hasText: '全部文件' }).click();
    await page.locator('.ant-select-item-option', { hasText: '温州鼎诚建设有限公司' }).click();
    const byRule = page.locator('.ant-list', { hasText: '按规则' });
    for (const rule of ['C2', 'C14', 'C16']) await byRule.getByText(new RegExp(`^${rule} `)).waitFor();
    const findings = page.locator('.ant-table-row');
    await findings.filter({ hasText: '010505001001' }).first().waitFor();
    await findings.filter({ hasText: '010401005001' }).first().waitFor();
    // The summary tree marks the installation unit whose total does not add up.
    const tree = page.locator('.ant-card', { hasText: '汇总树（标记有检测问题的节点）' });
    await tree.locator('.ant-table-row', { hasText: '教学楼电气给排水安装工程' }).waitFor();
  });
});
