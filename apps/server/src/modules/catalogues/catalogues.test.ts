import { BUILTIN_FUNCTIONS } from '@ks/contract';
import { and, eq, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  draftOf,
  newSystem,
  publish,
  publishedNode,
  saveDraft,
} from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, unique, useTestApp } from '../../../test/helper.ts';
import { holdDefinitionRow, holdOperationLog, raceWhileHeld, untilWaiting } from '../../../test/races.ts';
import { dictionaries, valueRanges } from '../../db/schema/catalogues.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { nodeSchemaVersions } from '../../db/schema/node-config.ts';
import { resolveOptions } from '../../engine/option-sources.ts';

const getApp = useTestApp();

type Role = 'M' | 'D' | 'U' | 'P';
const headerCache = new Map<Role, Promise<Record<string, string>>>();
/** One logged-in user per role for this file (tests that need a fresh user make their own). */
const headersOf = (role: Role) => {
  let headers = headerCache.get(role);
  if (!headers) {
    headers = (async () => {
      const app = getApp();
      return (await loginAs(app, await createUser(app, role))).headers;
    })();
    headerCache.set(role, headers);
  }
  return headers;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(role: Role | null, method: Method, url: string, payload?: object) {
  const isQuery = method === 'GET' || method === 'DELETE';
  return getApp().inject({
    method,
    url,
    headers: role ? await headersOf(role) : {},
    ...(isQuery ? { query: payload as Record<string, string> } : { payload }),
  });
}

const DICS = '/ks/base/dictionary/config/dics';
const RANGES = '/ks/node/field/value-ranges';
const STYLES = '/ks/config/style-templates';

const items = [
  { label: '施工', value: 'sg' },
  { label: '监理', value: 'jl', isDisabled: true },
];
async function createDictionary(role: Role = 'D', code = unique('dic')) {
  const response = await call(role, 'POST', DICS, { code, name: '企业类型', items });
  expect(response.json()).toMatchObject({ code: 200 });
  return response.json().data as { id: string; code: string; version: number };
}

const tree = [
  {
    label: '江苏省',
    value: '32',
    children: [
      { label: '南京市', value: '3201', children: [{ label: '玄武区', value: '320102' }] },
      { label: '苏州市', value: '3205', children: [] },
    ],
  },
  { label: '浙江省', value: '33', children: [{ label: '杭州市', value: '3301' }] },
];
async function createValueRange(role: Role = 'D', code = unique('vr')) {
  const response = await call(role, 'POST', RANGES, { code, name: '行政区划', tree });
  expect(response.json()).toMatchObject({ code: 200 });
  return response.json().data as { id: string; code: string; version: number };
}

/** A node whose draft (and, when asked, published definition) has a select fed by `source`. */
async function nodeUsing(source: { kind: 'dictionary' | 'value-range'; code: string }, published: boolean) {
  const app = getApp();
  const developer = await headersOf('D');
  const definition = { form: { items: [{ code: 'kind', name: '类别', type: 'select' as const, source }] } };
  if (published) return (await publishedNode(app, developer, definition)).node;
  const system = await newSystem(app, developer);
  const node = await addNode(app, developer, system.gnCoding);
  expect((await saveDraft(app, developer, node.id, definition)).json().code).toBe(200);
  return node;
}

async function logged(action: string, targetId: string) {
  return getApp()
    .db.select()
    .from(operationLogs)
    .where(and(eq(operationLogs.action, action), eq(operationLogs.targetId, targetId)));
}

describe('resolveOptions', () => {
  it('answers null for a static source, live items for a dictionary, the tree for a value range, [] for unknown codes', async () => {
    const db = getApp().db;
    const dictionary = await createDictionary();
    const range = await createValueRange();
    expect(await resolveOptions(db, { kind: 'static' })).toBeNull();
    expect(await resolveOptions(db, { kind: 'dictionary', code: dictionary.code })).toEqual(items);
    const resolvedTree = await resolveOptions(db, { kind: 'value-range', code: range.code });
    expect(resolvedTree?.[0]?.children?.[0]?.children).toEqual([{ label: '玄武区', value: '320102' }]);
    // An empty children list is stored as a leaf.
    expect(resolvedTree?.[0]?.children?.[1]).toEqual({ label: '苏州市', value: '3205' });
    expect(await resolveOptions(db, { kind: 'dictionary', code: 'noSuchCode' })).toEqual([]);
    expect(await resolveOptions(db, { kind: 'value-range', code: 'noSuchCode' })).toEqual([]);
  });

  it('gives no options once the dictionary is deleted', async () => {
    const dictionary = await createDictionary();
    expect((await call('D', 'DELETE', DICS, { id: dictionary.id })).json().code).toBe(200);
    expect(await resolveOptions(getApp().db, { kind: 'dictionary', code: dictionary.code })).toEqual([]);
  });
});

describe('dictionaries', () => {
  it('lets developers and administrators create, list, change and delete, logging each', async () => {
    const code = unique('Dic_');
    const created = await call('M', 'POST', DICS, { code, name: ' 企业类型 ', items });
    expect(created.json()).toMatchObject({
      code: 200,
      message: '保存成功',
      data: { code, name: '企业类型', items, version: 1 },
    });
    const { id } = created.json().data;
    expect(await logged('新增字典', code)).toHaveLength(1);

    const listed = await call('D', 'GET', DICS, { keyword: code.slice(0, 10) });
    expect(listed.json().data.map((row: { code: string }) => row.code)).toContain(code);
    const none = await call('D', 'GET', DICS, { keyword: 'zz_no_such_dictionary' });
    expect(none.json().data).toEqual([]);

    const changed = await call('D', 'PUT', DICS, {
      id,
      version: 1,
      name: '企业类别',
      items: [{ label: '设计', value: 'sj' }],
    });
    expect(changed.json()).toMatchObject({
      code: 200,
      data: { code, name: '企业类别', items: [{ label: '设计', value: 'sj' }], version: 2 },
    });
    expect(await logged('修改字典', code)).toHaveLength(1);

    const deleted = await call('M', 'DELETE', DICS, { id });
    expect(deleted.json()).toMatchObject({ code: 200, message: '删除成功' });
    expect(await logged('删除字典', code)).toHaveLength(1);
    expect((await call('D', 'GET', DICS, { keyword: code })).json().data).toEqual([]);
    // The code is free again after a deletion.
    expect((await call('D', 'POST', DICS, { code, name: '再建', items })).json().code).toBe(200);
  });

  it.each([
    [{ code: '', name: '类型', items }, '请输入字典编码'],
    [{ code: '1abc', name: '类型', items }, '字典编码须以字母开头，由字母、数字或下划线组成'],
    [{ code: 'a-b', name: '类型', items }, '字典编码须以字母开头，由字母、数字或下划线组成'],
    [{ code: `a${'b'.repeat(40)}`, name: '类型', items }, '字典编码不能超过40个字符'],
    [{ code: 'abc', name: '  ', items }, '请输入字典名称'],
    [{ code: 'abc', name: '名'.repeat(41), items }, '字典名称不能超过40个字符'],
    [{ code: 'abc', name: '类型', items: [] }, '请至少添加一个字典项'],
    [{ code: 'abc', name: '类型' }, '请至少添加一个字典项'],
    [{ code: 'abc', name: '类型', items: [{ label: '', value: 'a' }] }, '请输入选项名称'],
    [{ code: 'abc', name: '类型', items: [{ label: 'A', value: ' ' }] }, '请输入选项值'],
    [
      { code: 'abc', name: '类型', items: [{ label: 'A'.repeat(101), value: 'a' }] },
      '选项名称不能超过100个字符',
    ],
    [
      { code: 'abc', name: '类型', items: [{ label: 'A', value: 'a'.repeat(101) }] },
      '选项值不能超过100个字符',
    ],
    [
      {
        code: 'abc',
        name: '类型',
        items: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'a' },
        ],
      },
      '选项值「a」重复',
    ],
    [
      {
        code: 'abc',
        name: '类型',
        items: Array.from({ length: 501 }, (_, i) => ({ label: `L${i}`, value: `v${i}` })),
      },
      '字典项不能超过500个',
    ],
  ])('refuses a bad dictionary %#: %s', async (body, message) => {
    const response = await call('D', 'POST', DICS, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('places a duplicate value under its item', async () => {
    const response = await call('D', 'POST', DICS, {
      code: 'dupfield',
      name: '类型',
      items: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'a' },
      ],
    });
    expect(response.json().data).toEqual({ 'items.1.value': '选项值「a」重复' });
  });

  it('refuses a value holding a multi-value join character: a choice of it could never be saved', async () => {
    const response = await call('D', 'POST', DICS, {
      code: 'joinfield',
      name: '类型',
      items: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b;c' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toEqual({ 'items.1.value': '选项值「b;c」不能包含分号、斜杠或逗号' });
  });

  it('refuses a taken code: 字典编码已存在，请换一个编码', async () => {
    const { code } = await createDictionary();
    const response = await call('M', 'POST', DICS, { code, name: '重复', items });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('字典编码已存在，请换一个编码');
  });

  it('refuses a stale version with 409, an unknown id with 字典不存在, bad ids and a missing version', async () => {
    const { id } = await createDictionary();
    expect((await call('D', 'PUT', DICS, { id, version: 1, name: '一', items })).json().code).toBe(200);
    const stale = await call('M', 'PUT', DICS, { id, version: 1, name: '二', items });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('数据已被他人修改，请刷新后重试');
    const unknown = await call('D', 'PUT', DICS, { id: crypto.randomUUID(), version: 1, name: '二', items });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('字典不存在');
    expect((await call('D', 'PUT', DICS, { id: 'x', version: 1, name: '二', items })).json().message).toBe(
      '请选择要操作的数据',
    );
    expect((await call('D', 'PUT', DICS, { id, name: '二', items })).json().message).toBe('缺少版本号');
    const gone = await call('D', 'DELETE', DICS, { id: crypto.randomUUID() });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('字典不存在');
    expect((await call('D', 'DELETE', DICS, {})).json().message).toBe('请选择要操作的数据');
  });

  it('refuses to delete a dictionary a draft or a published form uses, naming the nodes', async () => {
    const { id, code } = await createDictionary();
    const source = { kind: 'dictionary' as const, code };
    const draftNode = await nodeUsing(source, false);
    const publishedNodeRow = await nodeUsing(source, true);
    const refused = await call('D', 'DELETE', DICS, { id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `字典正在被节点${[draftNode.title, publishedNodeRow.title]
        .sort()
        .map((title) => `「${title}」`)
        .join('、')}的表单使用，不能删除`,
    );

    // The draft stops using it; the published version still does.
    const developer = await headersOf('D');
    const plain = { form: { items: [{ code: 'kind', name: '类别', type: 'text' as const }] } };
    expect((await saveDraft(getApp(), developer, draftNode.id, plain)).json().code).toBe(200);
    expect((await saveDraft(getApp(), developer, publishedNodeRow.id, plain)).json().code).toBe(200);
    const stillPublished = await call('D', 'DELETE', DICS, { id });
    expect(stillPublished.json().message).toBe(
      `字典正在被节点「${publishedNodeRow.title}」的表单使用，不能删除`,
    );

    // Publishing the draft without it frees the dictionary.
    expect((await publish(getApp(), developer, publishedNodeRow.id)).json().code).toBe(200);
    expect((await call('D', 'DELETE', DICS, { id })).json().code).toBe(200);
  });

  it('refuses enterprise and personnel users and callers without a session', async () => {
    const { id } = await createDictionary();
    for (const role of ['U', 'P'] as const) {
      expect((await call(role, 'GET', DICS)).statusCode).toBe(403);
      expect((await call(role, 'POST', DICS, { code: unique('x'), name: '类型', items })).statusCode).toBe(
        403,
      );
      expect((await call(role, 'PUT', DICS, { id, version: 1, name: '类型', items })).statusCode).toBe(403);
      expect((await call(role, 'DELETE', DICS, { id })).statusCode).toBe(403);
      expect((await call(role, 'POST', '/ks/base/dictionary/config/button/pull-down')).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', DICS)).json().code).toBe(10000);
    expect(
      (await call(null, 'POST', '/ks/base/dictionary/config/dic/pull-down', { code: 'a' })).json().code,
    ).toBe(10000);
  });
});

describe('POST /ks/base/dictionary/config/dic/pull-down', () => {
  it('answers any session the items with their keys', async () => {
    const { code } = await createDictionary();
    for (const role of ['U', 'P', 'M', 'D'] as const) {
      const response = await call(role, 'POST', '/ks/base/dictionary/config/dic/pull-down', { code });
      expect(response.json()).toEqual({
        code: 200,
        message: '成功',
        data: { list: items, labelKey: 'label', valueKey: 'value' },
      });
    }
  });

  it('answers 字典不存在 for an unknown code and 请选择编码 without one', async () => {
    const unknown = await call('U', 'POST', '/ks/base/dictionary/config/dic/pull-down', { code: 'noSuch' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('字典不存在');
    const missing = await call('U', 'POST', '/ks/base/dictionary/config/dic/pull-down', { code: ' ' });
    expect(missing.json().message).toBe('请选择编码');
  });
});

describe('POST /ks/base/dictionary/config/button/pull-down', () => {
  it('answers developers and administrators every node function with its label', async () => {
    for (const role of ['D', 'M'] as const) {
      const response = await call(role, 'POST', '/ks/base/dictionary/config/button/pull-down');
      const data = response.json().data as { label: string; value: string }[];
      // The built-in functions, then the module actions registered (trade notices' 发送 and 展开).
      expect(data.map((option) => option.value)).toEqual([...BUILTIN_FUNCTIONS, 'send', 'spread']);
      expect(data.find((option) => option.value === 'send')?.label).toBe('发送');
      expect(data[0]).toEqual({ label: '保存', value: 'save' });
      expect(data.find((option) => option.value === 'audit')?.label).toBe('审核');
    }
  });
});

describe('value ranges', () => {
  it('lets developers and administrators create, list, change and delete, logging each', async () => {
    const code = unique('Area_');
    const created = await call('M', 'POST', RANGES, { code, name: '行政区划', tree });
    expect(created.json()).toMatchObject({ code: 200, message: '保存成功', data: { code, version: 1 } });
    const { id } = created.json().data;
    expect(await logged('新增值域', code)).toHaveLength(1);
    expect(
      (await call('D', 'GET', RANGES, { keyword: code })).json().data.map((row: { id: string }) => row.id),
    ).toEqual([id]);

    const changed = await call('D', 'PUT', RANGES, {
      id,
      version: 1,
      name: '区划',
      tree: [{ label: '上海市', value: '31' }],
    });
    expect(changed.json()).toMatchObject({
      code: 200,
      data: { name: '区划', tree: [{ label: '上海市', value: '31' }] },
    });
    expect(await logged('修改值域', code)).toHaveLength(1);
    const stale = await call('D', 'PUT', RANGES, { id, version: 1, name: '区划', tree });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('数据已被他人修改，请刷新后重试');

    expect((await call('M', 'DELETE', RANGES, { id })).json()).toMatchObject({
      code: 200,
      message: '删除成功',
    });
    expect(await logged('删除值域', code)).toHaveLength(1);
    const gone = await call('D', 'DELETE', RANGES, { id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('值域不存在');
    const unknown = await call('D', 'PUT', RANGES, { id, version: 2, name: '区划', tree });
    expect(unknown.json().message).toBe('值域不存在');
  });

  const deep = [
    {
      label: '1',
      value: '1',
      children: [
        {
          label: '2',
          value: '2',
          children: [
            {
              label: '3',
              value: '3',
              children: [{ label: '4', value: '4', children: [{ label: '5', value: '5' }] }],
            },
          ],
        },
      ],
    },
  ];
  const wide = Array.from({ length: 101 }, (_, i) => ({
    label: `省${i}`,
    value: `p${i}`,
    children: Array.from({ length: 50 }, (_, j) => ({ label: `市${j}`, value: `c${j}` })),
  }));
  it.each([
    [{ code: '', name: '区划', tree }, '请输入值域编码'],
    [{ code: '_a', name: '区划', tree }, '值域编码须以字母开头，由字母、数字或下划线组成'],
    [{ code: `a${'b'.repeat(40)}`, name: '区划', tree }, '值域编码不能超过40个字符'],
    [{ code: 'area', name: '', tree }, '请输入值域名称'],
    [{ code: 'area', name: '名'.repeat(41), tree }, '值域名称不能超过40个字符'],
    [{ code: 'area', name: '区划', tree: [] }, '请至少添加一个选项'],
    [{ code: 'area', name: '区划', tree: deep }, '值域最多4级'],
    [
      {
        code: 'area',
        name: '区划',
        tree: [
          {
            label: '江苏省',
            value: '32',
            children: [
              { label: '南京市', value: '01' },
              { label: '南京', value: '01' },
            ],
          },
        ],
      },
      '同一级中选项值「01」重复',
    ],
    [{ code: 'area', name: '区划', tree: wide }, '值域选项不能超过5000个'],
    [{ code: 'area', name: '区划', tree: [{ label: '', value: 'a' }] }, '请输入选项名称'],
    [
      {
        code: 'area',
        name: '区划',
        tree: [{ label: '江苏', value: 'js', children: [{ label: '南京', value: 'js/nj' }] }],
      },
      '选项值「js/nj」不能包含分号、斜杠或逗号',
    ],
  ])('refuses a bad value range %#: %s', async (body, message) => {
    const response = await call('D', 'POST', RANGES, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('allows one value under different parents (uniqueness is among siblings)', async () => {
    const response = await call('D', 'POST', RANGES, {
      code: unique('vr'),
      name: '区划',
      tree: [
        { label: '甲', value: 'a', children: [{ label: '一', value: '1' }] },
        { label: '乙', value: 'b', children: [{ label: '一', value: '1' }] },
      ],
    });
    expect(response.json().code).toBe(200);
  });

  it('refuses a taken code: 值域编码已存在，请换一个编码', async () => {
    const { code } = await createValueRange();
    const response = await call('D', 'POST', RANGES, { code, name: '区划', tree });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('值域编码已存在，请换一个编码');
  });

  it('refuses to delete a value range a form uses, naming the node', async () => {
    const { id, code } = await createValueRange();
    const node = await nodeUsing({ kind: 'value-range', code }, false);
    const refused = await call('D', 'DELETE', RANGES, { id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`值域正在被节点「${node.title}」的表单使用，不能删除`);
  });

  it('answers any session the tree by code, 值域不存在 for an unknown code', async () => {
    const { code } = await createValueRange();
    const response = await call('P', 'POST', '/ks/node/field/value-range', { code });
    expect(response.json().code).toBe(200);
    expect(response.json().data[0]).toMatchObject({ label: '江苏省', value: '32' });
    expect(response.json().data[0].children[0].children).toEqual([{ label: '玄武区', value: '320102' }]);
    const unknown = await call('U', 'POST', '/ks/node/field/value-range', { code: 'noSuch' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('值域不存在');
  });

  it('refuses enterprise and personnel users the management calls', async () => {
    const { id } = await createValueRange();
    for (const role of ['U', 'P'] as const) {
      expect((await call(role, 'GET', RANGES)).statusCode).toBe(403);
      expect((await call(role, 'POST', RANGES, { code: unique('x'), name: '区划', tree })).statusCode).toBe(
        403,
      );
      expect((await call(role, 'PUT', RANGES, { id, version: 1, name: '区划', tree })).statusCode).toBe(403);
      expect((await call(role, 'DELETE', RANGES, { id })).statusCode).toBe(403);
    }
  });
});

type SourceKind = 'dictionary' | 'value-range';
/** The two catalogues a form item takes its options from, as the tests below meet them. */
const SOURCES = [
  {
    kind: 'dictionary' as SourceKind,
    url: DICS,
    create: () => createDictionary(),
    table: dictionaries,
    missing: '字典不存在',
    inUse: (title: string) => `字典正在被节点「${title}」的表单使用，不能删除`,
    deleteAction: '删除字典',
  },
  {
    kind: 'value-range' as SourceKind,
    url: RANGES,
    create: () => createValueRange(),
    table: valueRanges,
    missing: '值域不存在',
    inUse: (title: string) => `值域正在被节点「${title}」的表单使用，不能删除`,
    deleteAction: '删除值域',
  },
];
const formUsing = (kind: SourceKind, code: string) => ({
  form: { items: [{ code: 'kind', name: '类别', type: 'select' as const, source: { kind, code } }] },
});
const plainForm = { form: { items: [{ code: 'kind', name: '类别', type: 'text' as const }] } };
/** A node of a new system, with nothing saved yet. */
async function bareNode() {
  const developer = await headersOf('D');
  const system = await newSystem(getApp(), developer);
  return addNode(getApp(), developer, system.gnCoding);
}
async function isListed(url: string, id: string) {
  const listed = await call('D', 'GET', url);
  return listed.json().data.some((row: { id: string }) => row.id === id);
}

describe('definitions naming a dictionary or value range', () => {
  it.each(SOURCES)(
    'refuses a draft naming a $kind that is unknown or deleted: $missing',
    async ({ kind, url, create, missing }) => {
      const app = getApp();
      const developer = await headersOf('D');
      const node = await bareNode();
      const deleted = await create();
      expect((await call('D', 'DELETE', url, { id: deleted.id })).json().code).toBe(200);
      for (const code of ['noSuchCode', deleted.code]) {
        const refused = await saveDraft(app, developer, node.id, formUsing(kind, code));
        expect(refused.json()).toMatchObject({
          code: 400,
          message: missing,
          data: { 'form.items.0.source': missing },
        });
      }
      expect((await draftOf(app, developer, node.id)).version).toBe(0);
      const live = await create();
      expect((await saveDraft(app, developer, node.id, formUsing(kind, live.code))).json().code).toBe(200);
    },
  );

  it.each(SOURCES)(
    'refuses to publish a draft whose $kind is gone since it was saved: $missing',
    async ({ kind, create, table, missing }) => {
      const app = getApp();
      const developer = await headersOf('D');
      const node = await bareNode();
      const entry = await create();
      expect((await saveDraft(app, developer, node.id, formUsing(kind, entry.code))).json().code).toBe(200);
      // Gone behind the in-use check's back (as one deleted before that check existed).
      await app.db.update(table).set({ deletedAt: new Date() }).where(eq(table.id, entry.id));
      expect((await publish(app, developer, node.id)).json()).toMatchObject({ code: 400, message: missing });
      expect((await draftOf(app, developer, node.id)).publishedVersion).toBe(0);
    },
  );
});

describe.runIf(process.env.DATABASE_URL)(
  'deletes racing definition writes (needs DATABASE_URL: PGlite has one session, so nothing runs concurrently)',
  () => {
    type Answer = Awaited<ReturnType<typeof call>>;

    it.each(SOURCES)(
      'a delete of a $kind racing a draft save that starts using it waits for the save and refuses',
      async ({ kind, url, create, inUse }) => {
        const app = getApp();
        const developer = await headersOf('D');
        const entry = await create();
        const node = await bareNode();
        expect((await saveDraft(app, developer, node.id, plainForm)).json().code).toBe(200);
        // The delete comes while the save's new draft is not committed.
        const [saved, deleted] = await raceWhileHeld(app, holdDefinitionRow(node.id), [
          () => saveDraft(app, developer, node.id, formUsing(kind, entry.code)),
          () => call('D', 'DELETE', url, { id: entry.id }),
        ]);
        expect(saved?.json().code).toBe(200);
        expect(deleted?.json()).toMatchObject({ code: 400, message: inUse(node.title) });
        expect(await isListed(url, entry.id)).toBe(true);
      },
    );

    it.each(SOURCES)(
      'two deletes of one $kind at once: one deletes and logs, the other waits and answers $missing',
      async ({ url, create, missing, deleteAction }) => {
        const app = getApp();
        const entry = await create();
        const [first, second] = await raceWhileHeld(app, holdOperationLog, [
          () => call('D', 'DELETE', url, { id: entry.id }),
          () => call('D', 'DELETE', url, { id: entry.id }),
        ]);
        expect(first?.json().code).toBe(200);
        expect(second?.statusCode).toBe(404);
        expect(second?.json().message).toBe(missing);
        expect(await logged(deleteAction, entry.code)).toHaveLength(1);
      },
    );

    it.each(SOURCES)(
      'a draft save racing the delete of its $kind waits for the delete and is refused: $missing',
      async ({ kind, url, create, missing }) => {
        const app = getApp();
        const developer = await headersOf('D');
        const entry = await create();
        const node = await bareNode();
        // The save comes while the delete is not committed.
        const [deleted, saved] = await raceWhileHeld(app, holdOperationLog, [
          () => call('D', 'DELETE', url, { id: entry.id }),
          () => saveDraft(app, developer, node.id, formUsing(kind, entry.code)),
        ]);
        expect(deleted?.json().code).toBe(200);
        expect(saved?.json()).toMatchObject({ code: 400, message: missing });
        expect((await draftOf(app, developer, node.id)).version).toBe(0);
      },
    );

    it('a delete racing a publish of a form using the dictionary waits for the publish and refuses', async () => {
      const app = getApp();
      const developer = await headersOf('D');
      const { id, code } = await createDictionary();
      const node = await bareNode();
      expect((await saveDraft(app, developer, node.id, formUsing('dictionary', code))).json().code).toBe(200);
      let answers: Promise<Answer[]> = Promise.resolve([]);
      // This transaction takes the node's version 1: the publish stops at freezing it, inside its
      // transaction. Meanwhile the draft stops using the dictionary, so only the version being
      // published names it when the delete asks.
      const held = app.db.transaction(async (tx) => {
        await tx
          .insert(nodeSchemaVersions)
          .values({ nodeId: node.id, schemaVersion: 1, definition: plainForm as never });
        const published = publish(app, developer, node.id);
        await untilWaiting(app, [published]);
        expect((await saveDraft(app, developer, node.id, plainForm)).json().code).toBe(200);
        const deleted = call('D', 'DELETE', DICS, { id });
        await untilWaiting(app, [published, deleted]);
        answers = Promise.all([published, deleted]);
        tx.rollback();
      });
      await expect(held).rejects.toBeInstanceOf(TransactionRollbackError);
      const [published, deleted] = await answers;
      expect(published?.json().code).toBe(200);
      expect(deleted?.json()).toMatchObject({
        code: 400,
        message: `字典正在被节点「${node.title}」的表单使用，不能删除`,
      });
      expect(await isListed(DICS, id)).toBe(true);
    });
  },
);

describe('style templates', () => {
  const style = { titleKey: 'name', width: '50%', contents: [{ contentKey: 'phone', fontSize: 12 }] };

  it('lets developers create, list, change and delete, logging each', async () => {
    const name = unique('卡片');
    const created = await call('D', 'POST', STYLES, { name, style });
    expect(created.json()).toMatchObject({
      code: 200,
      data: {
        name,
        version: 1,
        style: { titleKey: 'name', titleFontSize: 16, titleFontStyle: 'bold', width: '50%' },
      },
    });
    const { id } = created.json().data;
    expect(await logged('新增样式模板', id)).toHaveLength(1);
    expect((await call('D', 'GET', STYLES)).json().data.map((row: { id: string }) => row.id)).toContain(id);

    const changed = await call('D', 'PUT', STYLES, { id, version: 1, name, style: { titleKey: 'title' } });
    expect(changed.json()).toMatchObject({
      code: 200,
      data: { version: 2, style: { titleKey: 'title', width: '100%' } },
    });
    expect(await logged('修改样式模板', id)).toHaveLength(1);
    const stale = await call('D', 'PUT', STYLES, { id, version: 1, name, style });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('数据已被他人修改，请刷新后重试');

    expect((await call('D', 'DELETE', STYLES, { id })).json().code).toBe(200);
    expect(await logged('删除样式模板', id)).toHaveLength(1);
    const gone = await call('D', 'DELETE', STYLES, { id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('样式模板不存在');
    const unknown = await call('D', 'PUT', STYLES, { id, version: 2, name, style });
    expect(unknown.json().message).toBe('样式模板不存在');
  });

  it('refuses a taken name on create and on rename: 已有同名样式模板，请换一个名称', async () => {
    const first = unique('卡片');
    const second = unique('卡片');
    expect((await call('D', 'POST', STYLES, { name: first, style })).json().code).toBe(200);
    const other = (await call('D', 'POST', STYLES, { name: second, style })).json().data;
    const taken = await call('D', 'POST', STYLES, { name: first, style });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('已有同名样式模板，请换一个名称');
    const renamed = await call('D', 'PUT', STYLES, { id: other.id, version: 1, name: first, style });
    expect(renamed.json().message).toBe('已有同名样式模板，请换一个名称');
    // Keeping its own name is fine.
    expect(
      (await call('D', 'PUT', STYLES, { id: other.id, version: 1, name: second, style })).json().code,
    ).toBe(200);
  });

  it.each([
    [{ name: '', style }, '请输入样式模板名称'],
    [{ name: '名'.repeat(41), style }, '样式模板名称不能超过40个字符'],
    [{ name: '卡片', style: { ...style, titleKey: '' } }, '请选择标题字段'],
    [{ name: '卡片', style: { ...style, width: '25%' } }, '卡片宽度只能为100%、50%或33.3%'],
    [{ name: '卡片', style: { ...style, contents: [{ contentKey: '' }] } }, '请选择内容字段'],
  ])('refuses a bad template %#: %s', async (body, message) => {
    const response = await call('D', 'POST', STYLES, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('is for developers only', async () => {
    const { id } = (await call('D', 'POST', STYLES, { name: unique('卡片'), style })).json().data;
    for (const role of ['M', 'U', 'P'] as const) {
      expect((await call(role, 'GET', STYLES)).statusCode).toBe(403);
      expect((await call(role, 'POST', STYLES, { name: unique('卡片'), style })).statusCode).toBe(403);
      expect((await call(role, 'PUT', STYLES, { id, version: 1, name: '卡片', style })).statusCode).toBe(403);
      expect((await call(role, 'DELETE', STYLES, { id })).statusCode).toBe(403);
    }
  });
});
