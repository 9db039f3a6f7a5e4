import type { FormItem } from '@ks/contract/form-schema';
import { type DraftState, emptyNodeDefinition, type NodeDefinition } from '@ks/contract/node-definition';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toggleCheckbox } from '@/test/checkbox.ts';
import { failure, ok } from '@/test/fetch-mock.ts';
import { renderAsRole } from '@/test/render-as-role.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';
import { NODE, SYSTEM } from './test-fixtures.ts';

vi.mock('echarts-for-react', () => ({
  default: ({ option }: { option: unknown }) => <pre data-testid="chart">{JSON.stringify(option)}</pre>,
}));

// Whole-shell renders with antd under jsdom are slow on a shared two-core machine.
vi.setConfig({ testTimeout: testTimeout(16) });
// First renders of the lazy workspace chunk are slow when the machine is busy.
configure({ asyncUtilTimeout: waitBound(4).timeout });

const PATH = '/system/setUpList?systemCoding=JYGL&gnCoding=xmxx';

const textItem = (code: string, name: string): FormItem => ({
  code,
  bianma: '',
  name,
  type: 'text',
  show: true,
  required: '0',
  col: 12,
  source: { kind: 'static' },
  parentNode: '',
  childNode: '',
  groupNumber: '',
  regex: '',
  showPrompt: '',
  curInfo: '',
  selectMode: '',
  readonly: false,
  tips: '',
  length: 0,
  prompt: '',
  minDate: '',
  maxDate: '',
  formula: '',
});

const draftOf = (patch: Partial<NodeDefinition> = {}, extra: Partial<DraftState> = {}): DraftState => ({
  nodeId: NODE.id,
  definition: { ...emptyNodeDefinition(), ...patch },
  version: 3,
  publishedVersion: 0,
  dataSource: null,
  ...extra,
});

function renderSetup(
  path: string,
  draft: DraftState | (() => DraftState),
  routes: Parameters<typeof renderAsRole>[2] = {},
) {
  return renderAsRole('D', path, {
    'GET /ks/config/new/node/system-list': ok([SYSTEM]),
    'GET /ks/config/new/node/node-list': ok([NODE]),
    'GET /ks/config/new/node/previews': () => ok(typeof draft === 'function' ? draft() : draft),
    'GET /ks/config/new/node/migrations': ok([]),
    'GET /ks/config/new/node/versions': ok([]),
    'GET /ks/config/style-templates': ok([]),
    'GET /ks/base/dictionary/config/dics': ok([]),
    'GET /ks/node/field/value-ranges': ok([]),
    'GET /ks/authority/audit/audit-orgs': ok([]),
    'GET /ks/authority/audit/reviewers': ok([]),
    ...routes,
  });
}

const modalOf = (element: HTMLElement) => element.closest('.ant-modal') as HTMLElement;
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定|OK/ });

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

/** Picks an option of an antd Select; `search` narrows long (virtual) lists first. */
async function choose(label: string, option: string, scope: HTMLElement = document.body, search?: string) {
  const input = within(scope).getByLabelText(label);
  await waitFor(() => expect(input.closest('.ant-select')?.className).not.toContain('ant-select-disabled'));
  fireEvent.mouseDown(input);
  if (search !== undefined) fireEvent.change(input, { target: { value: search } });
  const choices = await screen.findAllByTitle(option);
  fireEvent.click(choices[choices.length - 1] as HTMLElement);
}

describe('node workspace: picking the node', () => {
  it('offers the node picker without gnCoding and opens the chosen node', async () => {
    const { location } = renderSetup('/system/setUpList', draftOf());
    expect(await screen.findByText('节点配置：请选择节点')).toBeTruthy();
    await choose('选择系统', '交易管理系统');
    await choose('选择节点', '项目信息（动态列表）');
    expect(await screen.findByText('节点配置：项目信息')).toBeTruthy();
    expect(location()).toContain('gnCoding=xmxx');
  });
});

describe('node workspace: 表单设计', () => {
  it('checks a new item with the contract and saves it in the draft over its version', async () => {
    const { callsTo } = renderSetup(PATH, draftOf(), {
      'POST /ks/config/new/node/update-preview': ({ body }) =>
        ok({ ...draftOf(), ...(body as object), version: 4 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '新增字段' }));
    const dialog = modalOf(await screen.findByText('新增字段', { selector: '.ant-modal-title' }));
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请输入字段名称')).toBeTruthy();
    expect(
      within(dialog).getByText('字段编码须以小写字母开头，由小写字母、数字或下划线组成，最多40个字符'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('字段编码'), { target: { value: 'status' } });
    expect(await within(dialog).findByText('该字段编码为平台保留字段，请换一个编码')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('字段编码'), { target: { value: 'xm_name' } });
    fireEvent.change(within(dialog).getByLabelText('字段名称'), { target: { value: '项目名称' } });
    fireEvent.click(okButton(dialog));
    const row = (await screen.findByText('xm_name')).closest('tr') as HTMLElement;
    expect(within(row).getByText('单行文本')).toBeTruthy();
    // The live preview is the real form renderer.
    await waitFor(() =>
      expect(document.querySelector('.ant-card label[for]')?.textContent).toContain('项目名称'),
    );
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('配置已保存')).toBeTruthy();
    const body = callsTo('POST /ks/config/new/node/update-preview')[0]?.body as {
      nodeId: string;
      version: number;
      definition: NodeDefinition;
    };
    expect(body.nodeId).toBe(NODE.id);
    expect(body.version).toBe(3);
    expect(body.definition.form.items.map((item) => [item.code, item.name, item.type])).toEqual([
      ['xm_name', '项目名称', 'text'],
    ]);
  });

  it('refuses a duplicate code and an option type without options', async () => {
    renderSetup(PATH, draftOf({ form: { items: [textItem('xm_name', '项目名称')], groups: [] } }));
    fireEvent.click(await screen.findByRole('button', { name: '新增字段' }));
    const dialog = modalOf(await screen.findByText('新增字段', { selector: '.ant-modal-title' }));
    fireEvent.change(within(dialog).getByLabelText('字段编码'), { target: { value: 'xm_name' } });
    fireEvent.change(within(dialog).getByLabelText('字段名称'), { target: { value: '重复' } });
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('字段编码已存在，请换一个编码')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('字段编码'), { target: { value: 'xm_type' } });
    await choose('字段类型', '下拉选择', dialog, '下拉选择');
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请至少添加一个选项')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '添加选项' }));
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('选项的名称和值不能为空')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('选项1名称'), { target: { value: '房建' } });
    fireEvent.change(within(dialog).getByLabelText('选项1值'), { target: { value: 'fj' } });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('xm_type')).toBeTruthy();
  });
});

describe('node workspace: saving and publishing', () => {
  it('lists what the contract refuses and sends nothing', async () => {
    const { callsTo } = renderSetup(PATH, draftOf(), {
      'POST /ks/config/new/node/update-preview': ok(draftOf()),
    });
    await openTab('列表设置');
    fireEvent.click(await screen.findByRole('button', { name: '新增列' }));
    await openTab('筛选设置');
    fireEvent.click(await screen.findByRole('button', { name: '新增筛选' }));
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('列表第1列：请选择列字段')).toBeTruthy();
    expect(screen.getByText('列表第1列：请输入列名称')).toBeTruthy();
    expect(screen.getByText('筛选1：请输入筛选编码')).toBeTruthy();
    expect(callsTo('POST /ks/config/new/node/update-preview')).toEqual([]);
  });

  it('says when someone else saved first and reloads the draft on request', async () => {
    const { callsTo } = renderSetup(PATH, draftOf(), {
      'POST /ks/config/new/node/update-preview': failure(409, 409, '数据已被他人修改，请刷新后重试'),
    });
    await openTab('列表设置');
    fireEvent.click(await screen.findByRole('radio', { name: '卡片' }));
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    const dialog = modalOf(await screen.findByText('数据已被他人修改，请刷新后重试'));
    const loads = callsTo('GET /ks/config/new/node/previews').length;
    fireEvent.click(within(dialog).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(callsTo('GET /ks/config/new/node/previews').length).toBe(loads + 1));
  });

  it('publishes a saved draft: 发布成功, and will not publish unsaved changes', async () => {
    const { callsTo } = renderSetup(PATH, draftOf(), {
      'POST /ks/config/new/node/publish': ok({ schemaVersion: 1, tableName: 'jygl_xmxx' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '发 布' }));
    const popconfirm = (await screen.findByText('发布节点')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popconfirm).getByRole('button', { name: '发 布' }));
    expect(await screen.findByText('发布成功（第1版）')).toBeTruthy();
    expect(callsTo('POST /ks/config/new/node/publish')[0]?.body).toEqual({ nodeId: NODE.id });
    await openTab('列表设置');
    fireEvent.click(await screen.findByRole('radio', { name: '卡片' }));
    expect((screen.getByRole('button', { name: '发 布' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('warns before leaving with unsaved changes', async () => {
    const { location } = renderSetup(PATH, draftOf());
    await openTab('列表设置');
    fireEvent.click(await screen.findByRole('radio', { name: '卡片' }));
    fireEvent.click(screen.getByRole('link', { name: '菜单设置' }));
    const dialog = modalOf(await screen.findByText('离开后未保存的修改将丢失，确定离开吗？'));
    fireEvent.click(within(dialog).getByRole('button', { name: '留 下' }));
    await waitFor(() => expect(location()).toContain('/system/setUpList'));
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
  });
});

describe('node workspace: other tabs', () => {
  it('功能按钮: offers the button dictionary with the module actions and saves the ticked functions', async () => {
    const { callsTo } = renderSetup(PATH, draftOf({ functions: ['send'] }), {
      'POST /ks/base/dictionary/config/button/pull-down': ok([
        { label: '保存', value: 'save' },
        { label: '提交', value: 'submit' },
        { label: '核验', value: 'certify', color: '#fa8c16', action: true },
      ]),
      'POST /ks/config/new/node/update-preview': ok(
        draftOf({ functions: ['submit', 'certify'] }, { version: 4 }),
      ),
    });
    await openTab('功能按钮');
    // A function the draft offers that no module registers shows ticked, to be unticked; the save
    // is refused while it stays.
    const send = (await screen.findByRole('checkbox', { name: '发送（暂未开放）' })) as HTMLInputElement;
    expect(send.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('功能按钮：“发送”功能尚未开放，请取消勾选')).toBeTruthy();
    expect(callsTo('POST /ks/config/new/node/update-preview')).toHaveLength(0);
    await toggleCheckbox(send);
    expect(screen.queryByRole('checkbox', { name: '发送（暂未开放）' })).toBeNull();
    await toggleCheckbox(await screen.findByRole('checkbox', { name: '核验' }));
    await toggleCheckbox(await screen.findByRole('checkbox', { name: '提交' }));
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() =>
      expect(
        (callsTo('POST /ks/config/new/node/update-preview')[0]?.body as { definition?: NodeDefinition })
          ?.definition?.functions,
      ).toEqual(['submit', 'certify']),
    );
  });

  it('卡片样式 (/system/setTypeCard): applies a style template and previews it by field names', async () => {
    renderSetup(
      '/system/setTypeCard?systemCoding=JYGL&gnCoding=xmxx',
      draftOf({ form: { items: [textItem('xm_name', '项目名称')], groups: [] } }),
      {
        'GET /ks/config/style-templates': ok([
          {
            id: '33333333-3333-4333-8333-333333333333',
            name: '蓝色标题',
            style: {
              titleKey: 'xm_name',
              titleFontSize: 18,
              titleFontStyle: 'bold',
              width: '50%',
              contents: [],
            },
            version: 1,
            updatedAt: '2026-11-21T00:00:00Z',
          },
        ]),
      },
    );
    expect(await screen.findByText('未设置卡片样式')).toBeTruthy();
    await choose('应用样式模板', '蓝色标题');
    expect(await screen.findByText('【项目名称】')).toBeTruthy();
  });

  it('审核流程 (/system/auditWay): needs a reviewer per level, then saves the levels', async () => {
    const reviewer = { id: '44444444-4444-4444-8444-444444444444', userName: '王审核', account: 'wang' };
    // Levels need the node to offer 审核 (the contract checks it).
    const { callsTo } = renderSetup(
      '/system/auditWay?systemCoding=JYGL&gnCoding=xmxx',
      draftOf({ functions: ['audit'] }),
      {
        'GET /ks/authority/audit/reviewers': ok([reviewer]),
        'POST /ks/config/new/node/update-preview': ok(draftOf({}, { version: 4 })),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: '新增审核级别' }));
    fireEvent.change(screen.getByLabelText('第1级名称'), { target: { value: '初审' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('第1级审核：请为审核级别选择审核人或审核机构')).toBeTruthy();
    await choose('第1级审核人', '王审核（wang）');
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() =>
      expect(
        (callsTo('POST /ks/config/new/node/update-preview')[0]?.body as { definition?: NodeDefinition })
          ?.definition?.audit.levels,
      ).toEqual([{ level: 1, name: '初审', way: 'single', reviewerUserId: reviewer.id, orgId: '' }]),
    );
    // The reviewer organisations are managed on the same page.
    expect(screen.getByRole('button', { name: '新增审核机构' })).toBeTruthy();
  });

  it('审核流程: 允许审核通过后变更 is off by default and saved when ticked', async () => {
    const { callsTo } = renderSetup('/system/auditWay?systemCoding=JYGL&gnCoding=xmxx', draftOf({}), {
      'POST /ks/config/new/node/update-preview': ok(draftOf({}, { version: 4 })),
    });
    const setting = await screen.findByRole('checkbox', { name: '允许审核通过后变更' });
    expect((setting as HTMLInputElement).checked).toBe(false);
    fireEvent.click(setting);
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() =>
      expect(
        (callsTo('POST /ks/config/new/node/update-preview')[0]?.body as { definition?: NodeDefinition })
          ?.definition?.allowChangeAfterApproval,
      ).toBe(true),
    );
  });

  it('数据源: checks the choice, binds a table and tells what the bind added', async () => {
    const { callsTo } = renderSetup(PATH, draftOf(), {
      'GET /ks/config/new/node/db-list': ok([
        { tableName: 'old_projects', estimatedRows: 1200, columns: [{ name: 'xm_name', type: 'text' }] },
      ]),
      'GET /ks/config/new/node/migrations': ok([
        {
          id: 1,
          tableName: 'jygl_xmxx',
          kind: 'create_table',
          statement: 'create table ks_data.jygl_xmxx ()',
          detail: '',
          appliedByName: '开发者',
          appliedAt: '2026-11-21T08:00:00Z',
        },
      ]),
      'POST /ks/config/new/node/update-data-source': ok({
        tableName: 'old_projects',
        mode: 'bound',
        addedItems: ['xm_name', 'xm_code'],
        skippedColumns: [],
        draftVersion: 4,
      }),
    });
    await openTab('数据源');
    expect(await screen.findByText('create table ks_data.jygl_xmxx ()')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新数据表名'), { target: { value: '9bad' } });
    fireEvent.click(screen.getByRole('button', { name: '新建数据表' }));
    const popconfirm = (await screen.findByText('按已保存的表单字段为该节点新建数据表？')).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(within(popconfirm).getByRole('button', { name: '新 建' }));
    expect(
      await screen.findByText('数据表名须以小写字母开头，由小写字母、数字或下划线组成，最多63个字符'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绑定已有数据表' }));
    fireEvent.click(await screen.findByRole('button', { name: '绑 定' }));
    expect(await screen.findByText('请选择要绑定的数据表')).toBeTruthy();
    await choose('选择数据表', 'old_projects（约1200行）');
    fireEvent.click(screen.getByRole('button', { name: '绑 定' }));
    expect(await screen.findByText('数据源已设置，已从数据表添加2个字段')).toBeTruthy();
    expect(callsTo('POST /ks/config/new/node/update-data-source')[0]?.body).toEqual({
      nodeId: NODE.id,
      mode: 'bind',
      tableName: 'old_projects',
    });
  });

  it('图表设置 (/system/echartsSetting): draws a published chart from chart-data and checks the measure', async () => {
    const chart = {
      id: 'chart_a',
      title: '按类型统计',
      kind: 'bar' as const,
      dimension: 'xm_name',
      measure: 'count' as const,
      measureField: '',
    };
    const { callsTo } = renderSetup(
      '/system/echartsSetting?systemCoding=JYGL&gnCoding=xmxx',
      draftOf(
        { form: { items: [textItem('xm_name', '项目名称')], groups: [] }, charts: [chart] },
        { publishedVersion: 1 },
      ),
      { 'POST /ks/statistics/v1/chart-data': ok({ categories: ['房建', '市政'], series: [3, 5] }) },
    );
    const drawn = await screen.findByTestId('chart');
    expect(JSON.parse(drawn.textContent ?? '{}').xAxis.data).toEqual(['房建', '市政']);
    expect(callsTo('POST /ks/statistics/v1/chart-data')[0]?.body).toEqual({
      systemCoding: 'JYGL',
      gnCoding: 'xmxx',
      chartId: 'chart_a',
    });
    await choose('图表1统计方式', '求和');
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(
      await screen.findByText('图表1：图表「按类型统计」按求和或平均统计时，统计字段须为数字字段'),
    ).toBeTruthy();
  });
});
