import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openModal, pickOption } from '../support/antd.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { acknowledgeNoticeBanners, confirmEverything } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';
import { expectCount } from '../support/waits.ts';

const newPage = useBrowser();
/** The committed sample bid documents (docs/bid-file/README.md). */
const SAMPLES = fileURLToPath(new URL('../../apps/server/src/modules/demo-systems/assets/', import.meta.url));
const sample = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: readFileSync(`${SAMPLES}${name}`),
});

const ENTERPRISE = 'KS演示建设集团有限公司（演示数据）';
const OTHER_BIDDER = '杭州建工集团有限公司';
const SCANNED_BIDDER = '温州鼎诚建设有限公司';
const CHAPTERS = ['投标函', '法定代表人身份证明', '投标报价', '施工组织设计', '项目管理机构', '业绩'];
/** A chapter no sample has, required after the first detection. */
const NEW_CHAPTER = '安全生产许可证';

/** The bid-document card of the detail page. */
const bidCard = (page: Page) => page.locator('.ant-card', { hasText: '投标文件检测' }).first();
const documentRow = (page: Page, bidder: string) =>
  bidCard(page).locator('.ant-table-row', { hasText: bidder }).first();
const resultCard = (page: Page, bidder: string) =>
  page.locator('.ant-card', { hasText: `${bidder} · 检测结果` }).last();

/** Types the tags of an antd tags Select (closed dropdown): each followed by Enter. */
async function typeTags(input: Locator, tags: string[]) {
  for (const tag of tags) {
    await input.fill(tag);
    await input.press('Enter');
  }
}

/**
 * Uploads a bid PDF through the card's 上传投标文件 dialog: the bidder chosen from the registered
 * enterprises (its option's title), or named when it is none of them.
 */
async function uploadBid(
  page: Page,
  file: ReturnType<typeof sample>,
  bidder: { enterprise: string; search: string } | { name: string },
) {
  await bidCard(page).getByRole('button', { name: '上传投标文件' }).click();
  const dialog = page.getByRole('dialog', { name: '上传投标文件' });
  if ('enterprise' in bidder) {
    await pickOption(page, dialog.getByLabel('投标企业'), bidder.enterprise, bidder.search);
    await expectCount(dialog.getByLabel('投标人名称'), 0);
  } else await dialog.getByLabel('投标人名称').fill(bidder.name);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '选择文件' }).click();
  await (await chooser).setFiles(file);
  await dialog.getByText(`已上传：${file.name}`).waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Opens a result tab of the selected document. */
async function openTab(page: Page, bidder: string, tab: RegExp) {
  await resultCard(page, bidder).getByRole('tab', { name: tab }).click();
}

describe('bid-document detection (issue 19)', () => {
  // Finished jobs and publications reach the demo accounts as notices: confirmed, they leave later specs' headers free.
  afterAll(async () => {
    for (const account of [DEMO.admin, DEMO.enterprise]) {
      await confirmEverything(await ApiSession.logIn(baseUrl(), account.account, account.password));
    }
  });

  it('detects uploaded bids against the requirements set in the page and shows each bidder only its own result', async () => {
    const page = await newPage();
    await recordMessages(page);
    await page.goto(`${baseUrl()}/`);
    await logIn(page, DEMO.admin.account, DEMO.admin.password);
    await waitForPath(page, DEMO.admin.home);
    await page.goto(`${baseUrl()}/fileAnalysis/index`);

    // A fresh project.
    const suffix = Date.now().toString(36);
    const projectName = `端到端投标文件-${suffix}`;
    await page.getByRole('button', { name: '新建项目' }).click();
    const create = page.getByRole('dialog', { name: '新建项目' });
    await create.getByLabel('项目编号').fill(`E2E-BID-${suffix}`);
    await create.getByLabel('项目名称').fill(projectName);
    await create.getByLabel('地区').click();
    await page.locator('.ant-select-item-option').first().click();
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await create.waitFor({ state: 'detached' });
    await page
      .locator('.ant-table-row', { hasText: projectName })
      .getByRole('link', { name: '检测结果' })
      .click();
    await page.waitForURL((url) => url.pathname === '/fileAnalysis/deatil');
    const xmId = new URL(page.url()).searchParams.get('xmId') ?? '';
    await bidCard(page).getByText('尚未上传投标文件').waitFor();

    // The tender requirements: six chapters in order, one keyword score item, three days of publicity.
    await bidCard(page).getByRole('button', { name: '招标要求' }).click();
    const requirements = page.getByRole('dialog', { name: '招标要求' });
    await typeTags(requirements.getByLabel('必备章节（按应有顺序输入）'), CHAPTERS);
    await requirements.getByLabel('公示天数').fill('3');
    await requirements.getByRole('button', { name: '添加评分项' }).click();
    await requirements.getByLabel('评分项名称').fill('安全文明施工措施');
    await requirements.getByLabel('分值').fill('8');
    await typeTags(requirements.getByLabel('关键词'), ['安全文明施工', '应急预案']);
    await requirements.getByRole('button', { name: /保\s*存/ }).click();
    await requirements.waitFor({ state: 'detached' });
    await expectMessage(page, '保存成功');

    // Three bids through the card's own upload dialog: the demo enterprise's, chosen from the registered
    // enterprises; one missing a chapter and a scan, of bidders named (registered nowhere).
    const admin = await ApiSession.logIn(baseUrl(), DEMO.admin.account, DEMO.admin.password);
    const { records } = await admin.get<{ records: { enterpriseName: string; creditCode: string }[] }>(
      '/ks/basic/enterprises',
      { keyword: ENTERPRISE },
    );
    const creditCode = records.find((r) => r.enterpriseName === ENTERPRISE)?.creditCode ?? '';
    await uploadBid(page, sample('demo-bid-clean.pdf'), {
      enterprise: `${ENTERPRISE}（${creditCode}）`,
      search: 'KS演示建设',
    });
    await uploadBid(page, sample('demo-bid-missing-chapter.pdf'), { name: OTHER_BIDDER });
    await uploadBid(page, sample('demo-bid-scanned.pdf'), { name: SCANNED_BIDDER });
    await expectMessage(page, '上传成功，正在检测');

    // The detection jobs finish (the list refreshes by itself while any is waiting).
    await expect
      .poll(() => bidCard(page).locator('.ant-table-row').getByText('已检测').count(), { timeout: 90_000 })
      .toBe(2);
    await documentRow(page, SCANNED_BIDDER).getByText('扫描件', { exact: true }).waitFor();
    await documentRow(page, SCANNED_BIDDER)
      .getByText('该文件为扫描件，无法提取文字，请上传可检索的 PDF')
      .waitFor();

    // The bid without 项目管理机构: that chapter is flagged missing, every other one is in order.
    await documentRow(page, OTHER_BIDDER).click();
    const other = resultCard(page, OTHER_BIDDER);
    await other.getByRole('tab', { name: '必备章节（1 处问题）' }).waitFor();
    const missing = other.locator('.ant-table-row', { hasText: '项目管理机构' });
    await missing.getByText('缺失').waitFor();
    await missing.getByText('未找到必备章节“项目管理机构”').waitFor();
    await expect.poll(() => other.locator('.ant-table-row').getByText('符合').count()).toBe(5);
    await openTab(page, OTHER_BIDDER, /业绩核查/);
    await other.getByText('业绩章节中未找到“项目名称……合同金额……万元”格式的业绩').waitFor();

    // The enterprise's bid: its 业绩 is its approved record of the credit library; both keywords score.
    await documentRow(page, ENTERPRISE).click();
    const own = resultCard(page, ENTERPRISE);
    await own.getByRole('tab', { name: '必备章节（0 处问题）' }).waitFor();
    await openTab(page, ENTERPRISE, /业绩核查/);
    const achievement = own.locator('.ant-table-row', { hasText: '南京河西新城市民服务中心工程' });
    await achievement.getByText('已核实').waitFor();
    await achievement.getByText('8650', { exact: true }).waitFor();
    await openTab(page, ENTERPRISE, /客观分 8\.00 \/ 8\.00/);
    await own.locator('.ant-table-row', { hasText: '安全文明施工措施' }).getByText('8.00').first().waitFor();

    // The scan says why it has no result.
    await documentRow(page, SCANNED_BIDDER).click();
    await page
      .locator('.ant-alert', { hasText: '该文件为扫描件，无法提取文字，请上传可检索的 PDF' })
      .waitFor();

    // A chapter newly required: saving detects every document again (the jobs run by themselves),
    // and the enterprise's bid, complete before, now lacks it.
    await bidCard(page).getByRole('button', { name: '招标要求' }).click();
    const change = page.getByRole('dialog', { name: '招标要求' });
    await change.getByText('项目管理机构').waitFor();
    await typeTags(change.getByLabel('必备章节（按应有顺序输入）'), [NEW_CHAPTER]);
    await change.getByRole('button', { name: /保\s*存/ }).click();
    await change.waitFor({ state: 'detached' });
    await expectMessage(page, '保存成功，已按新要求重新检测 3 份投标文件');
    await documentRow(page, ENTERPRISE).click();
    await own.getByRole('tab', { name: '必备章节（1 处问题）' }).waitFor({ timeout: 90_000 });
    await own.locator('.ant-table-row', { hasText: NEW_CHAPTER }).getByText('缺失').waitFor();

    // The result is published to the bidders for the configured three days.
    await bidCard(page).getByRole('button', { name: '公示检测结果' }).click();
    await expectMessage(page, '检测结果已公示 3 天');
    await bidCard(page)
      .getByText(/公示中/)
      .waitFor();

    // The enterprise finds the project, sees its own document and result and no other bidder's.
    const ent = await newPage();
    await acknowledgeNoticeBanners(ent);
    await ent.goto(`${baseUrl()}/`);
    await logIn(ent, DEMO.enterprise.account, DEMO.enterprise.password);
    await waitForPath(ent, DEMO.enterprise.home);
    await ent.goto(`${baseUrl()}/fileAnalysis/index`);
    await ent.getByPlaceholder('项目编号或名称').fill(projectName);
    await ent.getByPlaceholder('项目编号或名称').press('Enter');
    await ent
      .locator('.ant-table-row', { hasText: projectName })
      .getByRole('link', { name: '检测结果' })
      .click();
    await ent.waitForURL((url) => url.pathname === '/fileAnalysis/deatil');
    await documentRow(ent, ENTERPRISE).getByText('已检测').waitFor();
    await expect.poll(() => bidCard(ent).locator('.ant-table-row').count()).toBe(1);
    await documentRow(ent, ENTERPRISE).click();
    await openTab(ent, ENTERPRISE, /业绩核查/);
    await resultCard(ent, ENTERPRISE)
      .locator('.ant-table-row', { hasText: '南京河西新城市民服务中心工程' })
      .getByText('已核实')
      .waitFor();
    for (const bidder of [OTHER_BIDDER, SCANNED_BIDDER]) {
      expect(await ent.getByText(bidder).count()).toBe(0);
    }
    // Administrators' controls are not there, and the page refused it nothing (no error dialog).
    expect(await bidCard(ent).getByRole('button', { name: '招标要求' }).count()).toBe(0);
    expect(await openModal(ent).count()).toBe(0);

    // The API answers another bidder's document as a missing one.
    const enterprise = await ApiSession.logIn(baseUrl(), DEMO.enterprise.account, DEMO.enterprise.password);
    const { documents } = await admin.post<{ documents: { documentId: string; bidderName: string }[] }>(
      '/ks/analyse/bid-documents/list',
      { xmId },
    );
    const othersId = documents.find((d) => d.bidderName === OTHER_BIDDER)?.documentId ?? '';
    const ownId = documents.find((d) => d.bidderName === ENTERPRISE)?.documentId ?? '';
    for (const path of ['directories', 'achievement', 'score']) {
      expect(
        await enterprise.refusal(`/ks/file/detection/${path}`, { xmId, documentId: othersId }),
      ).toMatchObject({ status: 404, code: 404, message: '投标文件不存在' });
    }
    const mine = await enterprise.post<{ rows: { result: string }[] }>('/ks/file/detection/directories', {
      xmId,
      documentId: ownId,
    });
    expect(mine.rows.map((r) => r.result)).toEqual([...CHAPTERS.map(() => 'ok'), 'missing']);
  });
});
