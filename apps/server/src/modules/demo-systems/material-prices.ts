import type { NodeDefinitionInput, WireRecord } from '@ks/contract';
import { DEMO_REGIONS } from './regions.ts';
import { type DemoAttachment, type DemoNode, type DemoRecord, type DemoSystem, labelled } from './types.ts';

/**
 * 材料价格信息 (material price information): price periods, material groups and the material
 * prices enterprises report per material, city and period. The price node runs a two-level audit:
 * one named reviewer first, then any one member of the review group (或签).
 *
 * Periods and groups are master data administrators keep (enterprise users see only their own
 * enterprise's records, so those nodes are in the administrators' menu only); the price form picks
 * them from the dictionaries of the same names, and cities from the 省/市 value range.
 */

export const MATERIAL_SYSTEM_CODING = 'DEMO_CLJG';
export const PERIOD_NODE = 'CLJG_JGQC';
export const GROUP_NODE = 'CLJG_CLFZ';
export const PRICE_NODE = 'CLJG_CLJG';
export const PRICE_REVIEW_ORG = '材料价格复核组（演示）';
/** The price node's chart of average prices per material group. */
export const PRICE_CHART_BY_GROUP = 'avg_price_by_group';
export const PRICE_FILTER = 'cljg_price_filter';

const MATERIAL_GROUPS = labelled('钢材', '水泥', '混凝土', '砂石料', '防水材料', '电线电缆', '管材', '木材');
const PERIODS = labelled('2026年09月', '2026年10月', '2026年11月');
const UNITS = labelled('吨', '立方米', '平方米', '米', '千克', '块');

export const PERIOD_DEFINITION: NodeDefinitionInput = {
  form: {
    items: [
      {
        code: 'period_name',
        name: '期次名称',
        type: 'select',
        required: '1',
        source: { kind: 'dictionary', code: 'cljg_period' },
        prompt: '请选择期次',
      },
      {
        code: 'collect_range',
        name: '采价周期',
        type: 'daterange',
        required: '1',
        tips: '本期价格的采集起止日期',
      },
      { code: 'publish_date', name: '发布日期', type: 'date', required: '1' },
      { code: 'is_current', name: '当前期次', type: 'switch', tips: '打开后在价格填报中默认使用该期次' },
      { code: 'remark', name: '说明', type: 'textarea', col: 24, length: 500, prompt: '本期价格的采集说明' },
    ],
  },
  list: {
    columns: [
      { code: 'period_name', name: '期次名称', isSearch: true, width: 140 },
      { code: 'collect_range', name: '采价周期', width: 220 },
      { code: 'publish_date', name: '发布日期', sortable: true },
      { code: 'is_current', name: '当前期次', type: 'switch', listAlignment: 'center' },
      { code: 'operations', name: '操作', type: 'operations', width: 160 },
    ],
    sortField: 'publish_date',
    sortOrder: 'desc',
  },
  functions: ['save', 'delete', 'export', 'view'],
};

export const GROUP_DEFINITION: NodeDefinitionInput = {
  form: {
    items: [
      { code: 'group_name', name: '分组名称', type: 'text', required: '1', length: 30 },
      {
        code: 'group_code',
        name: '分组编码',
        type: 'text',
        required: '1',
        regex: '^[A-Z]{2}\\d{2}$',
        showPrompt: '分组编码为2位大写字母加2位数字，如GC01',
        prompt: '如GC01',
      },
      {
        code: 'category',
        name: '材料类别',
        type: 'radio',
        required: '1',
        options: { list: labelled('主要材料', '辅助材料', '周转材料') },
      },
      {
        code: 'common_units',
        name: '常用单位',
        type: 'select-multiple',
        options: { list: UNITS },
      },
      { code: 'sort_no', name: '排序号', type: 'input-number', required: '1' },
      { code: 'enabled', name: '是否启用', type: 'switch-2' },
      { code: 'description', name: '分组说明', type: 'textarea', col: 24, length: 300 },
    ],
  },
  list: {
    columns: [
      { code: 'group_name', name: '分组名称', isSearch: true },
      { code: 'group_code', name: '分组编码', isSearch: true },
      { code: 'category', name: '材料类别' },
      { code: 'common_units', name: '常用单位' },
      { code: 'sort_no', name: '排序号', listAlignment: 'right', sortable: true },
      { code: 'enabled', name: '是否启用', type: 'dui', listAlignment: 'center' },
      { code: 'operations', name: '操作', type: 'operations' },
    ],
    view: 'card',
    cardStyle: {
      titleKey: 'group_name',
      titleFontSize: 16,
      titleFontStyle: 'bold',
      width: '33.3%',
      contents: [
        { contentKey: 'group_code', fontSize: 13, color: '#666666' },
        { contentKey: 'category', fontSize: 14, color: '#0958d9' },
        { contentKey: 'description', fontSize: 13, color: '#595959' },
      ],
    },
    sortField: 'sort_no',
    sortOrder: 'asc',
  },
  functions: ['save', 'delete', 'export', 'view'],
};

export const PRICE_DEFINITION: NodeDefinitionInput = {
  form: {
    groups: [
      { groupNumber: '1', name: '材料信息' },
      { groupNumber: '2', name: '价格信息' },
      { groupNumber: '3', name: '调价说明' },
    ],
    items: [
      {
        code: 'material_group',
        name: '材料分组',
        type: 'select',
        required: '1',
        source: { kind: 'dictionary', code: 'cljg_material_group' },
        groupNumber: '1',
      },
      { code: 'material_name', name: '材料名称', type: 'text', required: '1', length: 50, groupNumber: '1' },
      {
        code: 'spec_model',
        name: '规格型号',
        type: 'text',
        length: 60,
        groupNumber: '1',
        prompt: '如HRB400E Φ18',
      },
      {
        code: 'unit',
        name: '计量单位',
        type: 'select',
        required: '1',
        options: { list: UNITS },
        groupNumber: '1',
      },
      {
        code: 'city',
        name: '城市',
        type: 'cascader',
        required: '1',
        source: { kind: 'value-range', code: DEMO_REGIONS.code },
        groupNumber: '2',
        tips: '先选省份，再选城市',
      },
      {
        code: 'period',
        name: '价格期次',
        type: 'select',
        required: '1',
        source: { kind: 'dictionary', code: 'cljg_period' },
        groupNumber: '2',
      },
      { code: 'price_date', name: '采价日期', type: 'date', required: '1', groupNumber: '2' },
      { code: 'tax_price', name: '含税价格（元）', type: 'number', required: '1', groupNumber: '2' },
      {
        code: 'tax_rate',
        name: '税率（%）',
        type: 'input-number',
        required: '1',
        groupNumber: '2',
        tips: '增值税税率，如13、9',
      },
      {
        code: 'price_sources',
        name: '价格来源',
        type: 'checkbox',
        required: '1',
        col: 24,
        options: { list: labelled('市场调查', '厂家报价', '招标采购', '网络询价') },
        groupNumber: '2',
      },
      {
        code: 'is_adjusted',
        name: '较上期调价',
        type: 'switch-1',
        childNode: 'previous_price,adjust_reason',
        groupNumber: '3',
        tips: '打开后须填写上期价格和调价原因',
      },
      {
        code: 'previous_price',
        name: '上期价格（元）',
        type: 'number',
        show: false,
        groupNumber: '3',
      },
      {
        code: 'adjust_reason',
        name: '调价原因',
        type: 'textarea',
        show: false,
        col: 24,
        length: 500,
        groupNumber: '3',
      },
      { code: 'remark', name: '备注', type: 'textarea', col: 24, length: 500, groupNumber: '3' },
    ],
  },
  list: {
    columns: [
      { code: 'material_name', name: '材料名称', isSearch: true, width: 160 },
      { code: 'material_group', name: '材料分组' },
      { code: 'spec_model', name: '规格型号', isSearch: true },
      { code: 'unit', name: '单位', listAlignment: 'center' },
      { code: 'city', name: '城市' },
      { code: 'period', name: '价格期次', isSearch: true },
      { code: 'tax_price', name: '含税价格（元）', listAlignment: 'right', sortable: true },
      { code: 'price_date', name: '采价日期', sortable: true },
      { code: 'status', name: '状态', type: 'status', isStatus: true, listAlignment: 'center' },
      { code: 'audit_state', name: '审核流程', type: 'auditFlow', listAlignment: 'center' },
      { code: 'operations', name: '操作', type: 'operations', width: 220 },
    ],
    filters: [
      {
        displayCode: PRICE_FILTER,
        displayList: [
          { name: '材料分组', code: 'material_group', type: 'select' },
          { name: '城市', code: 'city', type: 'cascader' },
          { name: '价格期次', code: 'period', type: 'select' },
          { name: '采价日期', code: 'price_date', type: 'daterange' },
        ],
      },
    ],
    sortField: 'price_date',
    sortOrder: 'desc',
  },
  charts: [
    {
      id: PRICE_CHART_BY_GROUP,
      title: '各材料分组平均含税价格',
      kind: 'bar',
      dimension: 'material_group',
      measure: 'avg',
      measureField: 'tax_price',
    },
    {
      id: 'price_count_by_period',
      title: '各期次价格填报数量',
      kind: 'line',
      dimension: 'period',
      measure: 'count',
    },
  ],
  functions: ['save', 'submit', 'audit', 'revoke', 'delete', 'export', 'import', 'view'],
  // An approved price is corrected through a change request, reviewed like the report.
  allowChangeAfterApproval: true,
};

const period = (
  name: string,
  from: string,
  to: string,
  publishDate: string,
  current: boolean,
): DemoRecord => ({
  owner: 'admin',
  state: 'draft',
  values: {
    period_name: name,
    collect_range: `${from},${to}`,
    publish_date: publishDate,
    is_current: current,
    remark: `${name}主要建筑材料市场价格，采集自省内各市造价管理机构与重点企业报价。`,
  },
});

const group = (
  name: string,
  code: string,
  category: string,
  units: string[],
  sortNo: number,
  description: string,
): DemoRecord => ({
  owner: 'admin',
  state: 'draft',
  values: {
    group_name: name,
    group_code: code,
    category,
    common_units: units.join(';'),
    sort_no: sortNo,
    enabled: true,
    description,
  },
});

type Price = {
  group: string;
  name: string;
  spec: string;
  unit: string;
  city: string;
  period: string;
  date: string;
  price: number;
  rate?: number;
  sources: string[];
  adjusted?: { previous: number; reason: string };
};
const price = (p: Price): WireRecord => ({
  material_group: p.group,
  material_name: p.name,
  spec_model: p.spec,
  unit: p.unit,
  city: p.city,
  period: p.period,
  price_date: p.date,
  tax_price: p.price,
  tax_rate: p.rate ?? 13,
  price_sources: p.sources.join(';'),
  is_adjusted: p.adjusted !== undefined,
  ...(p.adjusted ? { previous_price: p.adjusted.previous, adjust_reason: p.adjusted.reason } : {}),
  remark: '',
});

const rebar = (period: string, date: string, value: number, adjusted?: Price['adjusted']) =>
  price({
    group: '钢材',
    name: '螺纹钢',
    spec: 'HRB400E Φ18',
    unit: '吨',
    city: '江苏省/南京市',
    period,
    date,
    price: value,
    sources: ['市场调查', '厂家报价'],
    adjusted,
  });

/** The price form's annex slots: the enquiry record is required, the maker's quotation optional. */
export const PRICE_ANNEX_SLOTS: NonNullable<DemoNode['annexSlots']> = [
  {
    annexNo: 'xjjl',
    annexName: '询价记录',
    annexFormat: ['pdf', 'jpg', 'jpeg', 'png'],
    annexSize: 10,
    isRequired: true,
    annexCount: 3,
    description: '采价时的询价单、报价截图或调查记录',
    sort: 1,
  },
  {
    annexNo: 'cjbj',
    annexName: '厂家报价单',
    annexFormat: ['pdf', 'xlsx', 'jpg', 'png'],
    annexSize: 20,
    isRequired: false,
    annexCount: 5,
    description: '生产厂家或供应商出具的报价单',
    sort: 2,
  },
];

/** The enquiry record a reporter attaches; the demo's is one small English-text PDF. */
const enquiry = (material: string): DemoAttachment[] => [
  { annexNo: 'xjjl', asset: 'demo-price-enquiry.pdf', fileName: `${material}询价记录（演示）.pdf` },
];

/** Materials reported month by month in the price series, with their November price. */
const MATERIALS = [
  {
    group: '钢材',
    name: '高速线材',
    spec: 'HPB300 Φ8',
    unit: '吨',
    base: 3890,
    sources: ['市场调查', '厂家报价'],
  },
  { group: '钢材', name: '热轧H型钢', spec: 'Q235B 300×300', unit: '吨', base: 4120, sources: ['厂家报价'] },
  {
    group: '水泥',
    name: '复合硅酸盐水泥',
    spec: 'P.C 42.5 袋装',
    unit: '吨',
    base: 385,
    sources: ['市场调查'],
  },
  {
    group: '混凝土',
    name: '商品混凝土',
    spec: 'C35',
    unit: '立方米',
    base: 492,
    rate: 3,
    sources: ['市场调查', '网络询价'],
  },
  {
    group: '砂石料',
    name: '碎石',
    spec: '5-31.5mm',
    unit: '立方米',
    base: 118,
    rate: 3,
    sources: ['网络询价'],
  },
  {
    group: '防水材料',
    name: '聚氨酯防水涂料',
    spec: '单组分 Ⅱ型',
    unit: '千克',
    base: 18.6,
    sources: ['厂家报价'],
  },
  {
    group: '电线电缆',
    name: '布电线',
    spec: 'BV-2.5',
    unit: '米',
    base: 2.65,
    sources: ['招标采购', '厂家报价'],
  },
  { group: '管材', name: 'PPR给水管', spec: 'De32 S4', unit: '米', base: 12.4, sources: ['市场调查'] },
  {
    group: '木材',
    name: '建筑模板',
    spec: '1830×915×15mm',
    unit: '块',
    base: 58,
    sources: ['市场调查', '网络询价'],
  },
  {
    group: '砂石料',
    name: '机制砂',
    spec: '中砂 Ⅱ区',
    unit: '立方米',
    base: 105,
    rate: 3,
    sources: ['市场调查'],
  },
];
const SERIES_CITIES = ['江苏省/南京市', '江苏省/徐州市', '浙江省/温州市', '安徽省/芜湖市', '江苏省/南通市'];
const SERIES_PERIODS = [
  { period: '2026年09月', day: '2026-09-', factor: 0.97 },
  { period: '2026年10月', day: '2026-10-', factor: 1.01 },
  { period: '2026年11月', day: '2026-11-', factor: 1 },
];
/** Where the series' records end up: mostly published prices, some still under way. */
const SERIES_STATES: DemoRecord['state'][] = [
  'approved',
  'approved',
  'submitted',
  'approved',
  'level1',
  'draft',
];

/**
 * Thirty more price reports (ten materials over the three periods, in several cities) so the list
 * has pages to turn: at the default 10 rows there are four, at 20 two.
 */
export function priceSeries(): DemoRecord[] {
  return MATERIALS.flatMap((material, m) =>
    SERIES_PERIODS.map(({ period, day, factor }, p): DemoRecord => {
      const index = m * SERIES_PERIODS.length + p;
      const state = SERIES_STATES[index % SERIES_STATES.length] ?? 'draft';
      const value = Math.round(material.base * factor * (1 + ((index % 5) - 2) / 100) * 100) / 100;
      return {
        owner: 'enterprise',
        state,
        values: price({
          ...material,
          city: SERIES_CITIES[index % SERIES_CITIES.length] ?? '江苏省/南京市',
          period,
          date: `${day}${String(10 + (index % 15)).padStart(2, '0')}`,
          price: value,
        }),
        // Every report that left draft carries its enquiry record, as the slot requires.
        ...(state === 'draft' ? {} : { attachments: enquiry(material.name) }),
      };
    }),
  );
}

export const MATERIAL_PRICE_SYSTEM: DemoSystem = {
  systemName: '材料价格信息系统（演示）',
  title: '材料价格',
  gnCoding: MATERIAL_SYSTEM_CODING,
  dictionaries: [
    { code: 'cljg_material_group', name: '材料分组（演示）', items: MATERIAL_GROUPS },
    { code: 'cljg_period', name: '价格期次（演示）', items: PERIODS },
  ],
  valueRanges: [DEMO_REGIONS],
  auditOrgs: [{ name: PRICE_REVIEW_ORG, members: ['admin', 'reviewer'] }],
  nodes: [
    {
      gnCoding: 'CLJG_JCSJ',
      title: '基础数据',
      nodeProperties: 'directory',
      icon: 'AppstoreOutlined',
      roles: ['M'],
      children: [
        {
          gnCoding: PERIOD_NODE,
          title: '价格期次',
          nodeProperties: 'dynamicList',
          roles: ['M'],
          definition: PERIOD_DEFINITION,
          grants: { M: ['save', 'delete', 'export', 'view'] },
          records: [
            period('2026年09月', '2026-09-01', '2026-09-25', '2026-09-30', false),
            period('2026年10月', '2026-10-01', '2026-10-25', '2026-10-31', false),
            period('2026年11月', '2026-11-01', '2026-11-20', '2026-11-21', true),
          ],
        },
        {
          gnCoding: GROUP_NODE,
          title: '材料分组',
          nodeProperties: 'dynamicList',
          roles: ['M'],
          definition: GROUP_DEFINITION,
          grants: { M: ['save', 'delete', 'export', 'view'] },
          records: [
            group('钢材', 'GC01', '主要材料', ['吨'], 1, '螺纹钢、线材、型钢、钢板等建筑用钢。'),
            group('水泥', 'SN01', '主要材料', ['吨'], 2, '通用硅酸盐水泥，含袋装与散装。'),
            group('混凝土', 'HN01', '主要材料', ['立方米'], 3, '预拌商品混凝土，按强度等级计价。'),
            group('砂石料', 'SS01', '主要材料', ['立方米', '吨'], 4, '中砂、碎石、机制砂等地材。'),
            group('防水材料', 'FS01', '辅助材料', ['平方米'], 5, '改性沥青卷材、防水涂料等。'),
            group('电线电缆', 'DL01', '辅助材料', ['米'], 6, '电力电缆、控制电缆与布电线。'),
            group('管材', 'GC02', '辅助材料', ['米'], 7, '镀锌钢管、PE管、PPR管等。'),
          ],
        },
      ],
    },
    {
      gnCoding: 'CLJG_JGXX',
      title: '价格信息',
      nodeProperties: 'directory',
      icon: 'FundOutlined',
      roles: ['M', 'U'],
      children: [
        {
          gnCoding: PRICE_NODE,
          title: '材料价格',
          nodeProperties: 'dynamicList',
          roles: ['M', 'U'],
          definition: PRICE_DEFINITION,
          annexSlots: PRICE_ANNEX_SLOTS,
          audit: [
            { level: 1, name: '价格初审', way: 'single', reviewer: 'reviewer' },
            { level: 2, name: '价格复核', way: 'any', org: PRICE_REVIEW_ORG },
          ],
          grants: {
            M: ['save', 'submit', 'audit', 'revoke', 'delete', 'export', 'import', 'view'],
            U: ['save', 'submit', 'revoke', 'delete', 'export', 'import', 'view'],
          },
          records: [
            {
              owner: 'enterprise',
              state: 'approved',
              attachments: enquiry('螺纹钢'),
              values: rebar('2026年09月', '2026-09-18', 3650),
            },
            {
              owner: 'enterprise',
              state: 'approved',
              attachments: enquiry('螺纹钢'),
              values: rebar('2026年10月', '2026-10-20', 3720, {
                previous: 3650,
                reason: '钢坯价格上涨，厂家上调出厂价',
              }),
            },
            {
              owner: 'enterprise',
              state: 'approved',
              attachments: enquiry('螺纹钢'),
              values: rebar('2026年11月', '2026-11-18', 3680, {
                previous: 3720,
                reason: '需求转淡，市场成交价回落',
              }),
            },
            {
              owner: 'enterprise',
              state: 'approved',
              attachments: enquiry('电力电缆'),
              values: price({
                group: '电线电缆',
                name: '电力电缆',
                spec: 'YJV-3×95+1×50',
                unit: '米',
                city: '江苏省/南京市',
                period: '2026年11月',
                date: '2026-11-17',
                price: 268,
                sources: ['厂家报价', '招标采购'],
              }),
            },
            {
              owner: 'enterprise',
              state: 'level1',
              attachments: enquiry('普通硅酸盐水泥'),
              values: price({
                group: '水泥',
                name: '普通硅酸盐水泥',
                spec: 'P.O 42.5 散装',
                unit: '吨',
                city: '江苏省/苏州市',
                period: '2026年11月',
                date: '2026-11-16',
                price: 420,
                sources: ['市场调查'],
              }),
            },
            {
              owner: 'enterprise',
              state: 'submitted',
              attachments: enquiry('商品混凝土'),
              values: price({
                group: '混凝土',
                name: '商品混凝土',
                spec: 'C30',
                unit: '立方米',
                city: '浙江省/杭州市',
                period: '2026年11月',
                date: '2026-11-19',
                price: 465,
                rate: 3,
                sources: ['市场调查', '网络询价'],
                adjusted: { previous: 480, reason: '砂石料价格回落，搅拌站下调报价' },
              }),
            },
            {
              owner: 'enterprise',
              state: 'rejected',
              // Submitted with its enquiry record (the slot is required); the reviewer wants more sources.
              attachments: enquiry('中砂'),
              advice: '询价记录仅有一家询价单位，请补充至少三家后重新提交',
              values: price({
                group: '砂石料',
                name: '中砂',
                spec: '细度模数2.3-3.0',
                unit: '立方米',
                city: '安徽省/合肥市',
                period: '2026年11月',
                date: '2026-11-15',
                price: 128,
                rate: 3,
                sources: ['网络询价'],
              }),
            },
            {
              owner: 'enterprise',
              state: 'revoked',
              attachments: enquiry('SBS防水卷材'),
              values: price({
                group: '防水材料',
                name: 'SBS改性沥青防水卷材',
                spec: '4mm Ⅱ型 PY',
                unit: '平方米',
                city: '浙江省/宁波市',
                period: '2026年11月',
                date: '2026-11-14',
                price: 32,
                sources: ['厂家报价'],
              }),
            },
            {
              owner: 'enterprise',
              state: 'draft',
              values: price({
                group: '管材',
                name: '镀锌钢管',
                spec: 'DN100',
                unit: '米',
                city: '江苏省/无锡市',
                period: '2026年11月',
                date: '2026-11-20',
                price: 88,
                sources: ['市场调查'],
              }),
              revision: { tax_price: 86.5, remark: '复核厂家报价后更正' },
            },
            ...priceSeries(),
          ],
        },
      ],
    },
  ],
};
