import type { NodeDefinitionInput } from '@ks/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addNode,
  draftOf,
  newSystem,
  publish,
  publishedNode,
  saveDraft,
} from '../../test/builder-fixtures.ts';
import { createUser, loginAs, unique, useTestApp } from '../../test/helper.ts';
import { tableColumns } from './node-tables.ts';

/**
 * Computed fields through HTTP (decision 0017): a developer's formula is checked at draft save, the
 * published column has the result's type, every save computes the value (whatever the client sends)
 * and lists filter and sort on it as on any column.
 */
const getApp = useTestApp();

const ITEMS: NodeDefinitionInput['form'] = {
  items: [
    { code: 'title', name: '名称', type: 'text', required: '1' },
    { code: 'price', name: '单价', type: 'number' },
    { code: 'qty', name: '数量', type: 'input-number' },
    { code: 'sign_day', name: '签订日期', type: 'date' },
    { code: 'amount', name: '金额', type: 'computed-number', formula: 'round(price * qty, 2)' },
    { code: 'tax', name: '税额', type: 'computed-number', formula: 'round(amount * 0.13, 2)' },
    { code: 'due', name: '到期日', type: 'computed-date', formula: 'addDays(sign_day, 30)' },
    {
      code: 'size',
      name: '规模',
      type: 'computed-text',
      formula: 'amount >= 1000 ? "大额" : concat("小额", qty, "件")',
    },
  ],
};
const definition = (): NodeDefinitionInput => ({
  form: ITEMS,
  list: {
    columns: [
      { code: 'title', name: '名称', isSearch: true },
      { code: 'amount', name: '金额', sortable: true },
      { code: 'due', name: '到期日', sortable: true },
    ],
  },
  functions: ['save', 'delete', 'view'],
});

type Headers = Record<string, string>;
let dev: Headers;
let ent: Headers;
let ref: { systemCoding: string; gnCoding: string };
let tableName: string;

async function call(url: string, headers: Headers, payload: object) {
  const response = await getApp().inject({ method: 'POST', url, headers, payload });
  return { status: response.statusCode, body: response.json() };
}
const save = (values: object, extra: object = {}) =>
  call('/ks/monitor/save', ent, { ...ref, values, ...extra });
const recordOf = async (id: string) =>
  (await call('/ks/info/v1/form/details', ent, { ...ref, id })).body.data.record as Record<string, unknown>;
async function titles(body: object) {
  const result = await call('/ks/monitor/table-list', ent, { ...ref, curPage: 1, pageSize: 50, ...body });
  expect(result.body.code, JSON.stringify(result.body)).toBe(200);
  return (result.body.data.records as { title: string }[]).map((row) => row.title);
}

beforeAll(async () => {
  const app = getApp();
  dev = (await loginAs(app, await createUser(app, 'D'))).headers;
  ent = (await loginAs(app, await createUser(app, 'U'))).headers;
  const node = await publishedNode(app, dev, definition());
  ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
  tableName = node.tableName;
});

describe('publishing a node with computed fields', () => {
  it('gives each computed field a column of its result type', async () => {
    const columns = new Map((await tableColumns(getApp().db, tableName)).map((one) => [one.name, one.type]));
    expect(columns.get('amount')).toBe('numeric');
    expect(columns.get('tax')).toBe('numeric');
    expect(columns.get('due')).toBe('date');
    expect(columns.get('size')).toBe('text');
  });
});

describe('POST /ks/monitor/save with computed fields', () => {
  it('stores the computed values and ignores what the client sent for them', async () => {
    const result = await save({
      title: unique('合同'),
      price: '12.5',
      qty: 4,
      sign_day: '2026-01-30',
      amount: 1,
      tax: 999,
      due: '1999-01-01',
      size: '伪造',
    });
    expect(result.body.code, JSON.stringify(result.body)).toBe(200);
    expect(await recordOf(result.body.data.id)).toMatchObject({
      amount: 50,
      tax: 6.5,
      due: '2026-03-01',
      size: '小额4件',
    });
  });

  it('computes again on every update, a partial one too', async () => {
    const created = await save({ title: unique('合同'), price: 100, qty: 2, sign_day: '2026-02-01' });
    const { id, version } = created.body.data;
    const replaced = await save({ title: unique('合同'), price: 100, qty: 20, tax: 0 }, { id, version });
    expect(replaced.body.code, JSON.stringify(replaced.body)).toBe(200);
    expect(await recordOf(id)).toMatchObject({ amount: 2000, tax: 260, due: null, size: '大额' });
    const part = await call('/ks/monitor/update-part', ent, {
      ...ref,
      id,
      version: replaced.body.data.version,
      values: { price: 0.1, amount: 5 },
    });
    expect(part.body.code, JSON.stringify(part.body)).toBe(200);
    expect(await recordOf(id)).toMatchObject({ amount: 2, tax: 0.26, size: '小额20件' });
  });

  it('leaves a computed field empty while a field it reads is empty', async () => {
    const result = await save({ title: unique('合同'), price: 3 });
    expect(await recordOf(result.body.data.id)).toMatchObject({ amount: null, tax: null, due: null });
  });

  it('refuses a save whose value cannot be computed, under the field, and stores nothing', async () => {
    const app = getApp();
    const node = await publishedNode(app, dev, {
      form: {
        items: [
          { code: 'title', name: '名称', type: 'text' },
          { code: 'base', name: '底数', type: 'number' },
          { code: 'power', name: '幂', type: 'computed-number', formula: 'pow(base, 400)' },
        ],
      },
      functions: ['save', 'view'],
    });
    const nodeRef = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
    const refused = await call('/ks/monitor/save', ent, { ...nodeRef, values: { title: 'x', base: 10 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('计算字段「幂」：计算结果超出数值范围');
    expect(refused.body.data).toEqual({ power: '计算字段「幂」：计算结果超出数值范围' });
    const list = await call('/ks/monitor/table-list', ent, { ...nodeRef, curPage: 1, pageSize: 10 });
    expect(list.body.data.total).toBe(0);
  });
});

describe('publishing a new formula over existing records', () => {
  type Items = NonNullable<NodeDefinitionInput['form']>['items'] & object;
  const items: Items = [
    { code: 'title', name: '名称', type: 'text' },
    { code: 'price', name: '单价', type: 'number' },
    { code: 'total', name: '合计', type: 'computed-number', formula: 'price * 2' },
  ];
  async function nodeWithRecord() {
    const node = await publishedNode(getApp(), dev, { form: { items }, functions: ['save', 'view'] });
    const nodeRef = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
    const saved = await call('/ks/monitor/save', ent, { ...nodeRef, values: { title: 'a', price: 5 } });
    const { id, version } = saved.body.data;
    const read = async () =>
      (await call('/ks/info/v1/form/details', ent, { ...nodeRef, id })).body.data as {
        record: Record<string, unknown>;
        schemaVersion: number;
        meta: { version: number };
      };
    expect((await read()).record.total).toBe(10);
    const republish = async (next: Items) => {
      expect((await saveDraft(getApp(), dev, node.node.id, { form: { items: next } })).json().code).toBe(200);
      expect((await publish(getApp(), dev, node.node.id)).json().code).toBe(200);
    };
    return { read, republish, version };
  }
  const withTotal = (formula: string, priceType: 'number' | 'input-number' = 'number'): Items =>
    items.map((item) =>
      item.code === 'total'
        ? { ...item, formula }
        : item.code === 'price'
          ? { ...item, type: priceType }
          : item,
    );

  it('keeps a record on its own form: its formula stays the one it was filled in with', async () => {
    const { read, republish } = await nodeWithRecord();
    await republish(withTotal('price * 3'));
    expect(await read()).toMatchObject({ schemaVersion: 1, record: { total: 10 } });
  });

  it('recomputes the records a publish moves to the new form (a converted column)', async () => {
    const { read, republish, version } = await nodeWithRecord();
    // price becomes an integer column: the record moves to version 2 and follows its formula.
    await republish(withTotal('price * 3', 'input-number'));
    const after = await read();
    expect(after).toMatchObject({ schemaVersion: 2, record: { total: 15 } });
    // A derived column moved, not the record: its version (and so an open form's save) stands.
    expect(after.meta.version).toBe(version);
  });
});

describe('lists on computed columns', () => {
  const names = { small: unique('小'), middle: unique('中'), large: unique('大') };
  beforeAll(async () => {
    for (const [title, price, day] of [
      [names.small, 1, '2026-01-01'],
      [names.middle, 100, '2026-02-01'],
      [names.large, 1000, '2026-03-01'],
    ] as const) {
      const result = await save({ title, price, qty: 3, sign_day: day });
      expect(result.body.code, JSON.stringify(result.body)).toBe(200);
    }
  });
  const ours = (list: string[]) => list.filter((title) => Object.values(names).includes(title));

  it('sorts by a computed number and a computed date', async () => {
    expect(ours(await titles({ sortField: 'amount', sortOrder: 'desc' }))).toEqual([
      names.large,
      names.middle,
      names.small,
    ]);
    expect(ours(await titles({ sortField: 'due', sortOrder: 'asc' }))).toEqual([
      names.small,
      names.middle,
      names.large,
    ]);
  });

  it('filters on a computed number, date and text', async () => {
    const gte = await titles({ where: { field: 'amount', operator: 'gte', value: 300 } });
    expect(ours(gte).sort()).toEqual([names.middle, names.large].sort());
    const due = await titles({ where: { field: 'due', operator: 'gt', value: '2026-03-15' } });
    expect(ours(due)).toEqual([names.large]);
    const size = await titles({ where: { field: 'size', operator: 'eq', value: '大额' } });
    expect(ours(size)).toEqual([names.large]);
  });
});

describe('charts on computed columns', () => {
  it('sums a computed number per category', async () => {
    const node = await publishedNode(getApp(), dev, {
      form: {
        items: [
          { code: 'kind', name: '类别', type: 'text' },
          { code: 'price', name: '单价', type: 'number' },
          { code: 'qty', name: '数量', type: 'input-number' },
          { code: 'amount', name: '金额', type: 'computed-number', formula: 'price * qty' },
        ],
      },
      charts: [
        { id: 'c1', title: '金额', kind: 'bar', dimension: 'kind', measure: 'sum', measureField: 'amount' },
      ],
      functions: ['save', 'view'],
    });
    const nodeRef = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
    for (const values of [
      { kind: '甲', price: 2, qty: 3 },
      { kind: '甲', price: 1.5, qty: 2 },
      { kind: '乙', price: 10, qty: 1 },
    ])
      expect((await call('/ks/monitor/save', ent, { ...nodeRef, values })).body.code).toBe(200);
    const chart = await call('/ks/statistics/v1/chart-data', ent, { ...nodeRef, chartId: 'c1' });
    const { categories, series } = chart.body.data as { categories: string[]; series: number[] };
    expect(Object.fromEntries(categories.map((category, index) => [category, series[index]]))).toEqual({
      甲: 9,
      乙: 10,
    });
  });
});

describe('POST /ks/config/new/node/update-preview with computed fields', () => {
  const withFormula = (formula: string, type = 'computed-number' as const): NodeDefinitionInput => ({
    form: {
      items: [
        ...(ITEMS.items ?? []).filter((item) => item.code !== 'amount'),
        { code: 'amount', name: '金额', type, formula },
      ],
    },
  });

  it.each([
    ['an empty formula', withFormula(''), '计算字段「金额」：请输入公式'],
    ['an unknown field', withFormula('price * count'), '计算字段「金额」：公式引用了不存在的字段：count'],
    [
      'text in arithmetic',
      withFormula('title * qty'),
      '计算字段「金额」：字段「名称」是文本，不能用于“*”（需要数字）',
    ],
    [
      'a result of another type',
      withFormula('concat(title)'),
      '计算字段「金额」：公式的结果是文本，与字段类型（计算字段·数字）不符',
    ],
    ['a cycle', withFormula('tax + price'), '计算字段之间存在循环引用：税额 → 金额 → 税额'],
    ['a prototype key', withFormula('__proto__'), '计算字段「金额」：公式引用了不存在的字段：__proto__'],
    [
      'a constructor escape',
      withFormula('constructor.constructor("return process")()'),
      '计算字段「金额」：公式包含不支持的函数调用写法',
    ],
    ['a function not allowed', withFormula('eval("1")'), '计算字段「金额」：公式使用了不支持的函数：eval'],
    ['a huge literal', withFormula('price * 1e400'), '计算字段「金额」：公式中的数字过大：1e400'],
    [
      'deep nesting',
      withFormula(`${'abs('.repeat(40)}price${')'.repeat(40)}`),
      '计算字段「金额」：公式嵌套过深（最多32层）',
    ],
    [
      'a very long formula',
      withFormula(`price${' + price'.repeat(100)}`),
      '计算字段「金额」：公式不能超过500个字符',
    ],
  ])('refuses %s with a message naming the item and saves nothing', async (_case, draft, message) => {
    const app = getApp();
    const system = await newSystem(app, dev);
    const node = await addNode(app, dev, system.gnCoding);
    const response = await saveDraft(app, dev, node.id, draft);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await draftOf(app, dev, node.id)).version).toBe(0);
  });
});
