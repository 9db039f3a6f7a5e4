import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn } from '../support/login.ts';
import { expectMessageAfter, recordMessages } from '../support/messages.ts';
import { ApiSession, buildPublishedNode, reviewerByAccount } from '../support/records-api.ts';
import { animationsSettled } from '../support/waits.ts';

const openPage = useBrowser();
/** Pages of the running scenario: on failure each leaves a screenshot in the temp folder. */
const pages: Page[] = [];
async function newPage() {
  const page = await openPage();
  await recordMessages(page);
  pages.push(page);
  return page;
}
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    for (const [index, page] of pages.entries()) {
      if (page.isClosed()) continue;
      const file = join(tmpdir(), `ks-e2e-records-${context.task.id}-${index}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.warn(`screenshot: ${file}`);
    }
  }
  pages.length = 0;
});

/** The second demo administrator, the level-1 reviewer of this scenario. */
const REVIEWER = { account: 'reviewer', password: 'Rev2026ks' } as const;

const RUN = Date.now().toString(36).toUpperCase();
const SYSTEM_CODING = `REC${RUN}`;
const SYSTEM_NAME = `端到端记录系统${RUN}`;
const NODE_CODING = 'PROJ';
const NODE_TITLE = `工程项目登记${RUN}`;
const CODE_PROMPT = '项目编号须为XM加4位数字';

const CATEGORY_OPTIONS = [
  { label: '房建工程', value: 'fj' },
  { label: '市政工程', value: 'sz' },
  { label: '水利工程', value: 'sl' },
];

/** A form with one item of each kind the scenario drives. */
const DEFINITION = (reviewerId: string, orgId: string) => ({
  form: {
    items: [
      {
        code: 'proj_code',
        name: '项目编号',
        type: 'text',
        required: '1',
        regex: '^XM\\d{4}$',
        showPrompt: CODE_PROMPT,
      },
      { code: 'proj_name', name: '项目名称', type: 'text', required: '1' },
      { code: 'amount', name: '标段数量', type: 'input-number' },
      { code: 'start_date', name: '开工日期', type: 'date', required: '1' },
      { code: 'period', name: '计划工期', type: 'daterange' },
      {
        code: 'category',
        name: '工程类别',
        type: 'select',
        required: '1',
        options: { list: CATEGORY_OPTIONS },
      },
      {
        code: 'region',
        name: '所在地区',
        type: 'cascader',
        options: {
          list: [
            {
              label: '江苏省',
              value: '32',
              children: [
                {
                  label: '南京市',
                  value: '3201',
                  children: [
                    { label: '玄武区', value: '320102' },
                    { label: '秦淮区', value: '320104' },
                  ],
                },
                { label: '苏州市', value: '3205', children: [{ label: '姑苏区', value: '320508' }] },
              ],
            },
            { label: '浙江省', value: '33', children: [{ label: '杭州市', value: '3301' }] },
          ],
        },
      },
      { code: 'has_bond', name: '缴纳保证金', type: 'switch-1', childNode: 'bond_type' },
      {
        code: 'bond_type',
        name: '保证金形式',
        type: 'select',
        show: false,
        options: {
          list: [
            { label: '现金', value: 'cash' },
            { label: '保函', value: 'guarantee' },
          ],
        },
      },
      {
        code: 'quals',
        name: '资质要求',
        type: 'checkbox',
        options: {
          list: [
            { label: '施工总承包', value: 'zcb' },
            { label: '专业承包', value: 'zycb' },
          ],
        },
      },
      { code: 'remark', name: '备注', type: 'textarea' },
    ],
  },
  list: {
    columns: [
      { code: 'business_id', name: '业务编号', sortable: true },
      { code: 'proj_code', name: '项目编号', isSearch: true },
      { code: 'proj_name', name: '项目名称', isSearch: true },
      { code: 'amount', name: '标段数量', sortable: true },
      { code: 'category', name: '工程类别' },
      { code: 'start_date', name: '开工日期', sortable: true },
      { code: 'status', name: '状态', type: 'status', isStatus: true },
      { code: 'operations', name: '操作', type: 'operations' },
    ],
    filters: [
      {
        displayCode: 'main',
        displayList: [{ name: '工程类别', code: 'category', type: 'select', dataList: [] }],
      },
    ],
  },
  functions: ['save', 'submit', 'revoke', 'audit', 'export', 'delete', 'view'],
  audit: {
    levels: [
      { level: 1, name: '初审', way: 'single', reviewerUserId: reviewerId, orgId: '' },
      { level: 2, name: '复审', way: 'any', reviewerUserId: '', orgId },
    ],
  },
});

const node = { systemCoding: SYSTEM_CODING, gnCoding: NODE_CODING };
const indexUrl = () => `${baseUrl()}/dynamicPage/dynamicIndex?${new URLSearchParams(node).toString()}`;

/**
 * A button's accessible name: antd puts a space between the two characters of a two-character
 * Chinese label, and an icon adds its own name (e.g. 'plus') before the text.
 */
const label = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

/** The one dialog on screen (closed antd dialogs stay in the page, hidden). */
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });

async function logInAs(page: Page, account: string, password: string) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account, password);
  await page.waitForURL((url) => url.pathname !== '/');
}

const form = (page: Page) => page.locator('form.ks-schema-form');
const field = (page: Page, code: string) => form(page).locator(`[data-code="${code}"]`);
const errorOf = (page: Page, code: string) =>
  field(page, code).locator('.ant-form-item-explain-error').filter({ visible: true });
const errorText = async (page: Page, code: string) =>
  (await errorOf(page, code).count()) ? ((await errorOf(page, code).first().textContent()) ?? '') : '';

/** Picks an option of the open antd select dropdown. */
async function pickOption(page: Page, text: string) {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: text,
    })
    .filter({ visible: true })
    .first()
    .click();
}

async function chooseSelect(page: Page, container: Locator, text: string) {
  await container.locator('.ant-select').first().click();
  await pickOption(page, text);
}

async function typeDate(input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** The row of the list whose cells hold `text`. */
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

/** Cells of one column of the list table, by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('.ant-table-thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join('|')}`);
  return page.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${index + 1})`).allTextContents();
}

/** The values under one header of the first sheet of an xlsx file, as text. */
async function sheetColumn(path: string, header: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
  const index = rows[0]?.indexOf(header) ?? -1;
  if (index < 0) throw new Error(`no column ${header} in ${rows[0]?.join('|')}`);
  return rows.slice(1).map((row) => row[index] ?? '');
}

/** Opens the record from the list through its 查看 operation. */
async function openRecord(page: Page, businessId: string) {
  await page.goto(indexUrl());
  const row = rowOf(page, businessId);
  await expect.poll(() => row.isVisible()).toBe(true);
  await row.getByRole('button', { name: label('查看') }).click();
  await page.waitForURL((url) => url.pathname === '/dynamicPage/dynamicDetail');
  await expect.poll(() => form(page).isVisible()).toBe(true);
}

const statusTag = (page: Page) => page.locator('.ant-card-head .ant-tag').first();

/** Audits the open record from its detail page: 通过, or 退回 with advice. */
async function audit(page: Page, decision: { result: 'pass' } | { result: 'reject'; advice: string }) {
  await page.getByRole('button', { name: label('审核') }).click();
  const dialog = openModal(page);
  await expect.poll(() => dialog.isVisible()).toBe(true);
  // A click on 确定 while antd's opening zoom still moves it can miss (seen in a loaded CI run).
  await animationsSettled(page);
  if (decision.result === 'reject') {
    // A click during antd's opening zoom can miss; 确定 would then pass the record. Check until it holds.
    const reject = dialog.getByRole('radio', { name: '退回' });
    await expect
      .poll(async () => {
        await reject
          .check({ timeout: 5000 })
          .catch(() => dialog.getByText('退回', { exact: true }).click({ timeout: 5000 }))
          .catch(() => undefined);
        return reject.isChecked();
      })
      .toBe(true);
    // Rejecting without advice is refused by the dialog itself.
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toContain('请填写审核意见');
    await dialog.getByLabel('审核意见').fill(decision.advice);
  }
  await expectMessageAfter(page, '操作成功', () =>
    dialog.getByRole('button', { name: label('确定') }).click(),
  );
  await expect.poll(() => openModal(page).count()).toBe(0);
}

describe('records in a published node', () => {
  let enterprise: ApiSession;
  let reviewerName = '';
  let approverName = '';

  beforeAll(async () => {
    const developer = await ApiSession.logIn(baseUrl(), DEMO.developer.account, DEMO.developer.password);
    // No HTTP call creates administrators: the two demo administrators review (A: reviewer, B: admin).
    const reviewer = await reviewerByAccount(developer, REVIEWER.account);
    const approver = await reviewerByAccount(developer, DEMO.admin.account);
    reviewerName = reviewer.userName;
    approverName = approver.userName;
    const org = await developer.post<{ id: string }>('/ks/authority/audit/audit-orgs', {
      name: `复审机构${RUN}`,
      memberIds: [approver.id],
    });
    await buildPublishedNode(developer, {
      systemCoding: SYSTEM_CODING,
      systemName: SYSTEM_NAME,
      systemTitle: '端到端记录',
      gnCoding: NODE_CODING,
      title: NODE_TITLE,
      definition: DEFINITION(reviewer.id, org.id),
      authority: {
        // Enterprise users keep and submit records; administrators read, export and review.
        grants: [
          { functionCode: 'save', roles: ['U'] },
          { functionCode: 'submit', roles: ['U'] },
          { functionCode: 'revoke', roles: ['U'] },
          { functionCode: 'delete', roles: ['U'] },
          { functionCode: 'export', roles: ['U', 'M'] },
          { functionCode: 'view', roles: ['U', 'M'] },
          { functionCode: 'audit', roles: ['M'] },
        ],
        visibleRoles: ['U', 'M'],
      },
    });
    enterprise = await ApiSession.logIn(baseUrl(), DEMO.enterprise.account, DEMO.enterprise.password);
  });

  // Three people sign in and the record goes round twice: minutes on a loaded machine.
  it('an enterprise user fills, saves and submits a record; two levels review it', {
    timeout: 300000,
  }, async () => {
    const page = await newPage();
    await logInAs(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await page.goto(indexUrl());
    await page.getByRole('button', { name: label('新增') }).click();
    await page.waitForURL((url) => url.pathname === '/dynamicPage/dynamicDetail');
    await expect.poll(() => form(page).isVisible()).toBe(true);

    // Saving the empty form: every required item says '{name}必填'.
    await page.getByRole('button', { name: label('保存') }).click();
    await expect.poll(() => errorText(page, 'proj_code')).toBe('项目编号必填');
    expect(await errorText(page, 'proj_name')).toBe('项目名称必填');
    expect(await errorText(page, 'start_date')).toBe('开工日期必填');
    expect(await errorText(page, 'category')).toBe('工程类别必填');

    // A code missing the pattern shows the prompt while typing and is cleared on blur.
    const code = field(page, 'proj_code').getByRole('textbox');
    await code.fill('AB12');
    await expect.poll(() => errorText(page, 'proj_code')).toBe(CODE_PROMPT);
    await code.press('Tab');
    await expect.poll(() => code.inputValue()).toBe('');
    expect(await errorText(page, 'proj_code')).toBe(CODE_PROMPT);
    await code.fill('XM0001');
    await expect.poll(() => errorText(page, 'proj_code')).toBe('');

    // A date typed wrongly.
    const startDate = field(page, 'start_date').locator('input').first();
    await startDate.click();
    await startDate.fill('2026-13-45');
    await startDate.press('Tab');
    await expect.poll(() => errorText(page, 'start_date')).toBe('日期格式错误，请重新输入');

    // switch-1 shows its child, which is then required as '请选择{name}'.
    expect(await field(page, 'bond_type').count()).toBe(0);
    await field(page, 'has_bond').getByRole('switch').click();
    await expect.poll(() => field(page, 'bond_type').isVisible()).toBe(true);
    await page.getByRole('button', { name: label('保存') }).click();
    await expect.poll(() => errorText(page, 'bond_type')).toBe('请选择保证金形式');

    // Everything filled correctly.
    await field(page, 'proj_name').getByRole('textbox').fill('滨江大道改造工程');
    await field(page, 'amount').getByRole('spinbutton').fill('3');
    await typeDate(startDate, '2026-03-01');
    const period = field(page, 'period').locator('input');
    await typeDate(period.nth(0), '2026-03-01');
    await typeDate(period.nth(1), '2026-12-31');
    await chooseSelect(page, field(page, 'category'), '市政工程');
    await field(page, 'region').locator('.ant-select, .ant-cascader').first().click();
    for (const step of ['江苏省', '南京市', '玄武区']) {
      await page
        .locator('.ant-cascader-menu-item', { hasText: step })
        .filter({ visible: true })
        .first()
        .click();
    }
    await chooseSelect(page, field(page, 'bond_type'), '保函');
    await field(page, 'quals').getByText('施工总承包').click();
    await field(page, 'remark').getByRole('textbox').fill('端到端测试备注');
    await expectMessageAfter(page, '保存成功', () =>
      page.getByRole('button', { name: label('保存') }).click(),
    );
    await page.waitForURL((url) => url.searchParams.has('id'));
    for (const fieldCode of ['proj_code', 'proj_name', 'start_date', 'category', 'bond_type', 'period']) {
      expect(await errorText(page, fieldCode), fieldCode).toBe('');
    }
    const title = page.locator('.ant-card-head-title', { hasText: '数据详情' });
    await expect.poll(() => title.isVisible()).toBe(true);
    const businessId = /数据详情（(.+)）/.exec((await title.textContent()) ?? '')?.[1] ?? '';
    expect(businessId).not.toBe('');
    // What was saved comes back.
    await expect.poll(() => field(page, 'proj_code').getByRole('textbox').inputValue()).toBe('XM0001');
    expect(await field(page, 'start_date').locator('input').first().inputValue()).toBe('2026-03-01');
    expect(await field(page, 'region').textContent()).toContain('玄武区');

    await expectMessageAfter(page, '提交成功', () =>
      page.getByRole('button', { name: label('提交') }).click(),
    );
    await page.waitForURL((url) => url.pathname === '/dynamicPage/dynamicIndex');
    await expect.poll(() => rowOf(page, businessId).textContent()).toContain('审核中');

    // Reviewer A sees the to-do and rejects with advice.
    const reviewerPage = await newPage();
    await logInAs(reviewerPage, REVIEWER.account, REVIEWER.password);
    const todoButton = reviewerPage.getByRole('button', { name: '待办事项' });
    await expect
      .poll(async () =>
        Number(
          (await reviewerPage
            .locator('.ant-badge', { has: todoButton })
            .locator('.ant-scroll-number')
            .getAttribute('title')
            .catch(() => '0')) ?? '0',
        ),
      )
      .toBeGreaterThan(0);
    await todoButton.click();
    const drawer = reviewerPage.locator('.ant-drawer-section', { hasText: '待办事项' });
    const systemSegment = drawer.locator('.ant-segmented-item', { hasText: SYSTEM_NAME });
    await expect.poll(() => systemSegment.isVisible()).toBe(true);
    expect(await systemSegment.textContent()).toContain(`${SYSTEM_NAME}（1）`);
    await systemSegment.click();
    const todo = drawer.locator('.ant-list-item', { hasText: NODE_TITLE });
    await expect.poll(() => todo.count()).toBe(1);
    expect(await todo.textContent()).toContain(businessId);
    await drawer.locator('.ant-drawer-close').click();

    // The grants hold: the reviewer may export but not add records.
    await reviewerPage.goto(indexUrl());
    await expect.poll(() => rowOf(reviewerPage, businessId).isVisible()).toBe(true);
    expect(await reviewerPage.getByRole('button', { name: label('导出') }).count()).toBe(1);
    expect(await reviewerPage.getByRole('button', { name: label('新增') }).count()).toBe(0);

    await openRecord(reviewerPage, businessId);
    await audit(reviewerPage, { result: 'reject', advice: '项目名称与批复不一致' });
    await expect.poll(() => statusTag(reviewerPage).textContent()).toBe('已退回');

    // The enterprise user sees the rejection, fixes the name and submits again.
    await page.goto(indexUrl());
    await expect.poll(() => rowOf(page, businessId).textContent()).toContain('已退回');
    await rowOf(page, businessId)
      .getByRole('button', { name: label('编辑') })
      .click();
    await page.waitForURL((url) => url.pathname === '/dynamicPage/dynamicDetail');
    const auditCard = page.locator('.ant-card', { hasText: '审核流程' });
    await expect.poll(() => auditCard.textContent()).toContain('项目名称与批复不一致');
    expect(await auditCard.textContent()).toContain(reviewerName);
    const nameInput = field(page, 'proj_name').getByRole('textbox');
    await expect.poll(() => nameInput.inputValue()).toBe('滨江大道改造工程');
    await nameInput.fill('滨江大道综合改造工程');
    await expectMessageAfter(page, '提交成功', () =>
      page.getByRole('button', { name: label('提交') }).click(),
    );
    await page.waitForURL((url) => url.pathname === '/dynamicPage/dynamicIndex');
    await expect.poll(() => rowOf(page, businessId).textContent()).toContain('滨江大道综合改造工程');

    // A passes level 1; B (a member of the 或签 organisation) passes level 2.
    await openRecord(reviewerPage, businessId);
    await audit(reviewerPage, { result: 'pass' });
    await expect.poll(() => statusTag(reviewerPage).textContent()).toBe('审核中');
    await reviewerPage.context().close();

    const approverPage = await newPage();
    await logInAs(approverPage, DEMO.admin.account, DEMO.admin.password);
    await openRecord(approverPage, businessId);
    await audit(approverPage, { result: 'pass' });
    await expect.poll(() => statusTag(approverPage).textContent()).toBe('已通过');
    const flow = approverPage.locator('.ant-card', { hasText: '审核流程' });
    await expect.poll(() => flow.textContent()).toContain(approverName);
    await approverPage.context().close();

    await page.goto(indexUrl());
    await expect.poll(() => rowOf(page, businessId).textContent()).toContain('已通过');
    await page.context().close();
  });

  it('the list filters, sorts, pages and exports', { timeout: 180000 }, async () => {
    // Twelve more records through the API: categories and amounts vary, so filters and sorts show.
    const made: { category: string; amount: number }[] = [];
    for (let index = 0; index < 12; index += 1) {
      const category = CATEGORY_OPTIONS[index % 3]?.value ?? 'fj';
      const amount = ((index * 7) % 12) + 1;
      made.push({ category, amount });
      await enterprise.post('/ks/monitor/save', {
        ...node,
        values: {
          proj_code: `XM${String(100 + index).padStart(4, '0')}`,
          proj_name: `批量项目${index + 1}`,
          amount,
          start_date: `2026-04-${String(index + 1).padStart(2, '0')}`,
          category,
          has_bond: false,
        },
      });
    }
    // The totals as the server counts them (the first scenario's record is among them when it ran).
    const countOf = async (filters: Record<string, string>) =>
      (
        await enterprise.post<{ total: number }>('/ks/monitor/table-list', {
          ...node,
          curPage: 1,
          pageSize: 10,
          filters,
        })
      ).total;
    const total = await countOf({});
    const municipal = await countOf({ category: 'sz' });
    expect(total).toBeGreaterThanOrEqual(made.length);
    expect(municipal).toBeGreaterThanOrEqual(made.filter((record) => record.category === 'sz').length);

    const page = await newPage();
    await logInAs(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await page.goto(indexUrl());
    const totalText = page.locator('.ant-pagination-total-text');
    await expect.poll(() => totalText.textContent()).toBe(`共 ${total} 条`);

    // Filter card: 工程类别 = 市政工程.
    await page.getByRole('button', { name: label('筛选') }).click();
    const card = page.getByTestId('filter-card-main');
    // Open, the card leaves inert (closed, its fields are out of the tab order).
    await expect.poll(() => card.getAttribute('inert')).toBeNull();
    const categoryFilter = card.locator('.ant-form-item', { hasText: '工程类别' });
    await expect.poll(() => categoryFilter.locator('.ant-select').isVisible()).toBe(true);
    await chooseSelect(page, categoryFilter, '市政工程');
    await card.getByRole('button', { name: label('查询') }).click();
    await expect.poll(() => totalText.textContent()).toBe(`共 ${municipal} 条`);
    // Every municipal record made above shows, and none of the others.
    const shownNames = await columnTexts(page, '项目名称');
    made.forEach((record, index) => {
      expect(shownNames.includes(`批量项目${index + 1}`), `批量项目${index + 1}`).toBe(
        record.category === 'sz',
      );
    });
    await card.getByRole('button', { name: label('重置') }).click();
    await expect.poll(() => totalText.textContent()).toBe(`共 ${total} 条`);

    // Search bar: a project name.
    await page.getByLabel('项目名称').fill('批量项目12');
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect.poll(() => totalText.textContent()).toBe('共 1 条');
    expect(await columnTexts(page, '项目名称')).toEqual(['批量项目12']);
    await page
      .getByRole('button', { name: label('重置') })
      .first()
      .click();
    await expect.poll(() => totalText.textContent()).toBe(`共 ${total} 条`);

    // Page size 10, then page 2.
    await page.locator('.ant-pagination-options .ant-select').click();
    await pickOption(page, '10 条/页');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(10);
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(total - 10);
    await page.locator('.ant-pagination-options .ant-select').click();
    await pickOption(page, '20 条/页');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(total);

    // Sort by 标段数量: ascending, then descending, on the server.
    const amounts = async () => (await columnTexts(page, '标段数量')).map(Number);
    const header = page.locator('.ant-table-thead th', { hasText: '标段数量' });
    await header.click();
    await expect
      .poll(async () => {
        const values = await amounts();
        return values.every((value, index) => index === 0 || (values[index - 1] ?? 0) <= value);
      })
      .toBe(true);
    await header.click();
    await expect
      .poll(async () => {
        const values = await amounts();
        return (
          values.length === total &&
          values.every((value, index) => index === 0 || (values[index - 1] ?? 0) >= value)
        );
      })
      .toBe(true);
    expect((await amounts())[0]).toBe(Math.max(...made.map((record) => record.amount)));

    // Export: the browser downloads an .xlsx named after the node.
    const download = page.waitForEvent('download', { timeout: 60000 });
    await page.getByRole('button', { name: label('导出') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${NODE_TITLE}_\\d{14}\\.xlsx$`));
    // The sheet holds the list's rows in the list's order: sorted by 标段数量, descending.
    const names = await sheetColumn(await file.path(), '项目名称');
    expect(names).toEqual(await columnTexts(page, '项目名称'));
    await page.context().close();
  });
});
