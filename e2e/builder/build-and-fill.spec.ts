import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  cascadeMenuLabels,
  openModal,
  openPopconfirm,
  pickCascade,
  pickOption,
  waitForNoModal,
  waitForText,
} from '../support/antd.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { acknowledgeNoticeBanners } from '../support/notices.ts';

const newPage = useBrowser();

/** The seeded administrator who reviews the node's one audit level. */
const REVIEWER = { userName: '演示审核员', account: 'reviewer' };

type OptionSpec = { label: string; value: string; children?: OptionSpec[] };
type ItemSpec = {
  code: string;
  name: string;
  /** The type picker's option title: FORM_ITEM_TYPE_LABELS[type] (the code is a grey hint beside it). */
  type: string;
  typeLabel: string;
  required?: boolean;
  options?: OptionSpec[];
  /** Codes of the items a switch-1 shows when on. */
  childNode?: string[];
};

/** Eleven item types; the switch-1 item controls 联合体名称, added before it so it can be named. */
const ITEMS: ItemSpec[] = [
  { code: 'xmmc', name: '项目名称', type: 'text', typeLabel: '单行文本', required: true },
  { code: 'je', name: '合同金额', type: 'number', typeLabel: '数字' },
  { code: 'rs', name: '参建人数', type: 'input-number', typeLabel: '整数（最小1）' },
  { code: 'bz', name: '备注', type: 'textarea', typeLabel: '多行文本' },
  { code: 'xb', name: '负责人性别', type: 'sex', typeLabel: '性别' },
  { code: 'sfbd', name: '是否本地企业', type: 'y_n_ent', typeLabel: '是否' },
  { code: 'kgrq', name: '开工日期', type: 'date', typeLabel: '日期' },
  {
    code: 'xmlx',
    name: '项目类型',
    type: 'select',
    typeLabel: '下拉选择',
    required: true,
    options: [
      { label: '房建', value: 'fj' },
      { label: '市政', value: 'sz' },
    ],
  },
  {
    code: 'zbfs',
    name: '招标方式',
    type: 'radio',
    typeLabel: '单选',
    options: [
      { label: '公开招标', value: 'gk' },
      { label: '邀请招标', value: 'yq' },
    ],
  },
  {
    code: 'szdq',
    name: '所在地区',
    type: 'cascader',
    typeLabel: '级联选择',
    required: true,
    options: [
      {
        label: '江苏',
        value: 'js',
        children: [
          { label: '南京', value: 'nj' },
          { label: '苏州', value: 'szs' },
        ],
      },
      { label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz' }] },
    ],
  },
  { code: 'lhtmc', name: '联合体名称', type: 'text', typeLabel: '单行文本' },
  {
    code: 'sflht',
    name: '是否联合体',
    type: 'switch-1',
    typeLabel: '开关（控制下级字段）',
    childNode: ['lhtmc'],
  },
];

const typeTitle = (item: ItemSpec) => item.typeLabel;

async function logInAs(page: Page, demo: (typeof DEMO)[keyof typeof DEMO]) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, demo.account, demo.password);
  await waitForPath(page, demo.home);
}

/**
 * A button by its text; antd puts a space between the two characters of a two-character label, and
 * a button's icon adds its own name before the text ("filter 筛 选").
 */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...text].join('\\s*')}$`) });

async function addTopNode(page: Page, title: string, gnCoding: string) {
  await page.getByRole('button', { name: '新增顶级节点' }).click();
  const modal = openModal(page);
  await modal.getByLabel('节点名称').fill(title);
  await modal.getByLabel('功能编码').fill(gnCoding);
  await modal.getByLabel('节点属性').click();
  await modal.getByLabel('节点属性').fill('动态列表');
  await page.locator('.ant-select-item-option[title="动态列表"]').filter({ visible: true }).first().click();
  await button(modal, '确定').click();
  await waitForNoModal(page);
  await expect.poll(() => page.locator('.ks-builder-node', { hasText: title }).count()).toBe(1);
}

/** Fills the option editor of the item dialog: top-level options, each with its children. */
async function fillOptions(dialog: Locator, options: OptionSpec[]) {
  for (const [index, option] of options.entries()) {
    const n = index + 1;
    await dialog.getByRole('button', { name: '添加选项', exact: true }).click();
    await dialog.getByLabel(`选项${n}名称`, { exact: true }).fill(option.label);
    await dialog.getByLabel(`选项${n}值`, { exact: true }).fill(option.value);
    for (const [childIndex, child] of (option.children ?? []).entries()) {
      const m = childIndex + 1;
      if (m === 1) {
        // The option just added is the last one, so its 添加下级 is the last on the dialog.
        await dialog.getByRole('button', { name: '添加下级' }).last().click();
      } else {
        await dialog.getByRole('button', { name: `添加选项${n}的下级`, exact: true }).click();
      }
      await dialog.getByLabel(`选项${n}的下级${m}名称`, { exact: true }).fill(child.label);
      await dialog.getByLabel(`选项${n}的下级${m}值`, { exact: true }).fill(child.value);
    }
  }
}

async function addFormItem(page: Page, item: ItemSpec) {
  await page.getByRole('button', { name: '新增字段' }).click();
  const dialog = openModal(page);
  await expect.poll(() => dialog.getByLabel('字段编码', { exact: true }).isVisible()).toBe(true);
  await dialog.getByLabel('字段编码', { exact: true }).fill(item.code);
  await dialog.getByLabel('字段名称', { exact: true }).fill(item.name);
  await pickOption(page, dialog.getByLabel('字段类型', { exact: true }), typeTitle(item), item.type);
  if (item.required) await pickOption(page, dialog.getByLabel('必填', { exact: true }), '必填（1）');
  if (item.options) await fillOptions(dialog, item.options);
  for (const child of item.childNode ?? []) {
    const childItem = ITEMS.find((one) => one.code === child) as ItemSpec;
    await pickOption(
      page,
      dialog.getByLabel('下级字段', { exact: true }),
      `${childItem.name}（${childItem.code}）`,
      child,
    );
    await page.keyboard.press('Escape');
  }
  await button(dialog, '确定').click();
  await waitForNoModal(page);
  await expect.poll(() => page.getByRole('cell', { name: item.code, exact: true }).count()).toBe(1);
}

/** Opens a tab of the node workspace. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'))
    .toBe('true');
}

/** Saves the draft; on a refusal the workspace's problem list is shown in the failure. */
async function saveDraft(page: Page) {
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect
    .poll(async () => {
      if (await page.getByText('配置已保存').first().isVisible()) return 'saved';
      const alert = page.locator('.ant-alert-error').filter({ visible: true });
      return (await alert.count()) > 0 ? await alert.first().innerText() : 'waiting';
    })
    .toBe('saved');
}

/** Marks on the runner's output where a long scenario is, with the time taken so far. */
const started = Date.now();
const progress = (step: string) =>
  console.info(`[build-and-fill] ${step} at ${Math.round((Date.now() - started) / 1000)} s`);

async function screenshotOnFailure<T>(pages: Page[], name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    mkdirSync('/tmp/ks-e2e-shots', { recursive: true });
    for (const [index, page] of pages.entries()) {
      if (!page.isClosed())
        await page
          .screenshot({ path: `/tmp/ks-e2e-shots/${name}-${index}.png`, fullPage: true })
          .catch(() => undefined);
    }
    throw error;
  }
}

describe('building a system from nothing and using it', () => {
  it('a developer designs, lists, audits, grants and publishes a node; an enterprise user fills and saves it', async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    const systemCoding = `E2F${suffix}`;
    const systemName = `端到端建表系统${suffix}`;
    const projectName = `端到端项目${suffix}`;
    const pages: Page[] = [];

    // ————— the developer —————
    const dev = await newPage();
    pages.push(dev);
    await screenshotOnFailure(pages, 'developer', async () => {
      await logInAs(dev, DEMO.developer);
      await dev.getByRole('button', { name: /新建系统/ }).click();
      const dialog = openModal(dev);
      await dialog.getByLabel('系统全称').fill(systemName);
      await dialog.getByLabel('系统简称').fill('端到端建表');
      await dialog.getByLabel('系统编码').fill(systemCoding);
      await button(dialog, '确定').click();
      await waitForText(dev, '系统已生成');
      const row = dev.locator('tr', { hasText: systemCoding });
      await expect.poll(() => row.isVisible()).toBe(true);

      await row.getByRole('button', { name: '菜单设置' }).click();
      await dev.waitForURL((url) => url.pathname === '/system/menuSetUp');
      await addTopNode(dev, '报名登记', 'BMDJ');
      await addTopNode(dev, '报名统计', 'BMTJ');

      // The menu set-up page opens the node's workspace.
      await dev
        .locator('.ks-builder-node', { hasText: '报名登记' })
        .getByRole('button', { name: '节点配置' })
        .click();
      await waitForPath(dev, `/system/setUpList?systemCoding=${systemCoding}&gnCoding=BMDJ`);
      await expect.poll(() => dev.getByRole('button', { name: '新增字段' }).isVisible()).toBe(true);

      // ————— form design, with the live preview —————
      progress('form');
      for (const item of ITEMS) await addFormItem(dev, item);
      const preview = dev.locator('.ant-card').filter({
        has: dev.locator('.ant-card-head-title', { hasText: '实时预览' }),
      });
      const previewLabel = (name: string) =>
        preview.locator('.ant-form-item-label label').filter({ hasText: new RegExp(`^${name}$`) });
      for (const item of ITEMS.filter((one) => one.code !== 'lhtmc')) {
        await expect.poll(() => previewLabel(item.name).count()).toBe(1);
      }
      // The switch-1 child is absent until the switch is on.
      expect(await previewLabel('联合体名称').count()).toBe(0);
      await preview.getByLabel('是否联合体').click();
      await expect.poll(() => previewLabel('联合体名称').count()).toBe(1);
      await preview.getByLabel('是否联合体').click();
      await expect.poll(() => previewLabel('联合体名称').count()).toBe(0);
      // Fixed options, radio choices and the cascade's nested options are drawn from the design.
      await expect.poll(() => preview.getByText('公开招标').isVisible()).toBe(true);
      await expect.poll(() => preview.getByText('男', { exact: true }).isVisible()).toBe(true);
      await pickOption(dev, preview.getByLabel('项目类型'), '市政');
      await pickCascade(dev, preview.getByLabel('所在地区'), ['江苏']);
      await expect.poll(() => cascadeMenuLabels(dev, 0)).toEqual(['江苏', '浙江']);
      await expect.poll(() => cascadeMenuLabels(dev, 1)).toEqual(['南京', '苏州']);
      await dev
        .locator('.ant-cascader-menu-item')
        .filter({ visible: true, hasText: /^苏州$/ })
        .click();
      await expect.poll(() => preview.locator('[data-code="szdq"]').innerText()).toMatch(/江苏\s*\/\s*苏州/);

      // ————— list: columns (one a status column) and a filter —————
      progress('list');
      await openTab(dev, '列表设置');
      const columns: { field: string; type?: string; search?: boolean; status?: boolean }[] = [
        { field: '项目名称（xmmc）', search: true },
        { field: '所在地区（szdq）' },
        { field: '项目类型（xmlx）' },
        { field: '联合体名称（lhtmc）' },
        { field: '状态（status）', type: '状态', status: true },
      ];
      for (const [index, column] of columns.entries()) {
        const n = index + 1;
        await dev.getByRole('button', { name: '新增列' }).click();
        await pickOption(dev, dev.getByLabel(`第${n}列字段`, { exact: true }), column.field);
        if (column.type) await pickOption(dev, dev.getByLabel(`第${n}列类型`, { exact: true }), column.type);
        if (column.search) await dev.getByLabel(`第${n}列搜索`, { exact: true }).check();
        if (column.status) await dev.getByLabel(`第${n}列为状态列`, { exact: true }).check();
      }
      await expect
        .poll(() => dev.getByLabel(`第${columns.length}列名称`, { exact: true }).inputValue())
        .toBe('状态');

      await openTab(dev, '筛选设置');
      await dev.getByRole('button', { name: '新增筛选', exact: true }).click();
      await dev.getByLabel('筛选1编码', { exact: true }).fill('main');
      await dev.getByRole('button', { name: '新增筛选项' }).click();
      await dev.getByLabel('筛选1第1项名称', { exact: true }).fill('项目类型');
      await pickOption(dev, dev.getByLabel('筛选1第1项字段', { exact: true }), '项目类型（xmlx）');
      await pickOption(dev, dev.getByLabel('筛选1第1项类型', { exact: true }), '下拉');

      // ————— functions and a one-level audit —————
      progress('functions');
      await openTab(dev, '功能按钮');
      const functions = dev.getByRole('tabpanel').filter({ visible: true });
      for (const name of ['保存', '提交', '审核', '删除', '查看']) {
        const box = functions.getByRole('checkbox', { name, exact: true });
        await expect.poll(() => box.count()).toBe(1);
        await box.check();
      }

      await openTab(dev, '审核流程');
      await dev.getByRole('button', { name: '新增审核级别' }).click();
      await dev.getByLabel('第1级名称', { exact: true }).fill('初审');
      await pickOption(
        dev,
        dev.getByLabel('第1级审核人', { exact: true }),
        `${REVIEWER.userName}（${REVIEWER.account}）`,
      );

      await saveDraft(dev);

      // ————— publish —————
      progress('publish');
      const publish = dev.locator('.ant-card-extra').getByRole('button', { name: /^发\s*布$/ });
      await expect.poll(() => publish.isEnabled()).toBe(true);
      await publish.click();
      await button(openPopconfirm(dev), '发布').click();
      await waitForText(dev, '发布成功', 30000);
      await expect.poll(() => dev.getByText('已发布第1版').isVisible()).toBe(true);

      // ————— the enterprise role's functions and menu visibility —————
      progress('permissions');
      await dev.locator('.ant-card-extra').getByRole('link', { name: '权限设置' }).click();
      await waitForPath(dev, `/system/permissionsSet?systemCoding=${systemCoding}&gnCoding=BMDJ`);
      for (const name of ['保存', '提交', '删除', '查看']) {
        const box = dev.getByRole('checkbox', { name: `${name}-企业用户`, exact: true });
        await expect.poll(() => box.count()).toBe(1);
        await box.check();
      }
      await dev
        .getByRole('group', { name: '菜单可见角色' })
        .or(dev.locator('[aria-label="菜单可见角色"]'))
        .first()
        .getByRole('checkbox', { name: '企业用户', exact: true })
        .check();
      await dev.getByRole('button', { name: '保存权限' }).click();
      await waitForText(dev, '权限已保存');
    });
    await dev.context().close();

    // ————— the enterprise user —————
    const ent = await newPage();
    pages.push(ent);
    await screenshotOnFailure(pages, 'enterprise', async () => {
      await acknowledgeNoticeBanners(ent);
      await logInAs(ent, DEMO.enterprise);
      // The demo enterprise's seeded notices come first (their banner covers the header).
      const banner = ent.locator('.ks-notice-banner');
      await expect
        .poll(async () => {
          if (await banner.isVisible()) {
            await banner
              .getByRole('button', { name: '我知道了' })
              .click({ timeout: 5000 })
              .catch(() => undefined);
            return false;
          }
          return ent.getByLabel('切换系统').isVisible();
        })
        .toBe(true);
      // The new system is the last of several: the switcher's list is scrolled to it.
      await pickOption(ent, ent.getByLabel('切换系统'), systemName);
      const menu = ent.getByRole('menu', { name: '功能菜单' });
      await expect.poll(() => menu.getByText('报名登记').isVisible()).toBe(true);
      // Only the node granted to the role shows; the other one stays out of its menu.
      expect(await menu.getByText('报名统计').count()).toBe(0);
      await menu.getByText('报名登记').click();
      await waitForPath(ent, `/dynamicPage/dynamicIndex?systemCoding=${systemCoding}&gnCoding=BMDJ`);
      // The list has the filter and the designed columns, the status column among them.
      await expect.poll(() => button(ent, '筛选').isVisible()).toBe(true);
      for (const title of ['项目名称', '所在地区', '状态']) {
        await expect
          .poll(() => ent.getByRole('columnheader', { name: title, exact: true }).isVisible())
          .toBe(true);
      }

      await button(ent, '新增').click();
      await ent.waitForURL((url) => url.pathname === '/dynamicPage/dynamicDetail');
      // Fields are looked up in the detail form: until the new page renders, the list's search bar
      // (项目名称 is searchable) is still on screen with an input of the same label, and typing
      // there was what once looked like text lost from the form.
      const detail = ent.locator('form.ks-schema-form');
      await expect.poll(() => detail.getByLabel('项目名称').isVisible()).toBe(true);
      await detail.getByLabel('项目名称').fill(projectName);
      await detail.getByLabel('合同金额').fill('1200.5');
      await detail.getByLabel('参建人数').fill('12');
      await pickOption(ent, detail.getByLabel('项目类型'), '房建');
      await ent.getByText('公开招标', { exact: true }).click();
      await pickCascade(ent, detail.getByLabel('所在地区'), ['江苏', '南京']);
      await expect.poll(() => ent.locator('[data-code="szdq"]').innerText()).toMatch(/江苏\s*\/\s*南京/);
      // The switch-1 shows its child, which is then required.
      expect(await detail.getByLabel('联合体名称').count()).toBe(0);
      await detail.getByLabel('是否联合体').click();
      await expect.poll(() => detail.getByLabel('联合体名称').isVisible()).toBe(true);
      await detail.getByLabel('联合体名称').fill('端到端联合体');
      // Read back: what is saved must be what the user sees.
      const shown = {
        项目名称: projectName,
        合同金额: '1200.5',
        参建人数: '12',
        联合体名称: '端到端联合体',
      };
      for (const [label, value] of Object.entries(shown)) {
        await expect.poll(() => detail.getByLabel(label).inputValue()).toBe(value);
      }

      await button(ent, '保存').click();
      await waitForText(ent, '保存成功');
      await ent.waitForURL((url) => url.searchParams.has('id'));

      await button(ent, '返回').click();
      await ent.waitForURL((url) => url.pathname === '/dynamicPage/dynamicIndex');
      // The list's table (the detail page's revision history has rows naming the project too).
      const list = ent
        .locator('.ant-table')
        .filter({ has: ent.getByRole('columnheader', { name: '所在地区', exact: true }) });
      const record = list.locator('tr', { hasText: projectName });
      await expect.poll(() => record.isVisible()).toBe(true);
      // Option fields show their labels, the cascade its path, the switch-1 child its saved value.
      const cells = await record.innerText();
      expect(cells).toContain('草稿');
      expect(cells).toContain('房建');
      expect(cells).toMatch(/江苏\s*\/\s*南京/);
      expect(cells).toContain('端到端联合体');
    });
    await ent.context().close();
  }, 420000);
});
