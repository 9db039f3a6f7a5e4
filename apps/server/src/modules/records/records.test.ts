import {
  beforeParentDateMessage,
  DATE_FORMAT_MESSAGE,
  DEEP_PAGE_MESSAGE,
  dateOutOfRangeMessage,
  FUNCTION_DENIED_MESSAGE,
  INPUT_NUMBER_MESSAGE,
  inputNumberMaxMessage,
  NO_DATA_ACCESS_MESSAGE,
  type NodeDefinitionInput,
  numberMessage,
  optionMessage,
  PAGE_SIZE_MESSAGE,
  PARENT_FIRST_MESSAGE,
  RECORD_CONFLICT_MESSAGE,
  RECORD_NOT_DELETABLE_MESSAGE,
  RECORD_NOT_EDITABLE_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  rangeOrderMessage,
  requiredMessage,
  SORT_FIELD_MESSAGE,
  toggledRequiredMessage,
  tooLongMessage,
  UNKNOWN_FIELD_MESSAGE,
  UNKNOWN_OPERATOR_MESSAGE,
} from '@ks/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish, publishedNode, saveDraft } from '../../../test/builder-fixtures.ts';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, unique, useTestApp } from '../../../test/helper.ts';
import { dictionaries } from '../../db/schema/catalogues.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { tableRef } from '../../engine/node-tables.ts';
import { updateEnvelope } from '../../engine/record-store.ts';

const getApp = useTestApp();

const DICT = unique('lvl').toLowerCase();

const definition = (): NodeDefinitionInput => ({
  form: {
    items: [
      { code: 'title', name: '项目名称', type: 'text', required: '1', length: 20 },
      { code: 'amount', name: '金额', type: 'number' },
      { code: 'workers', name: '人数', type: 'input-number' },
      {
        code: 'category',
        name: '类别',
        type: 'select',
        options: {
          list: [
            { label: '房建', value: 'fj' },
            { label: '市政', value: 'sz' },
          ],
        },
      },
      {
        code: 'tags',
        name: '标签',
        type: 'select-m',
        options: {
          list: [
            { label: '甲', value: 'a' },
            { label: '乙', value: 'b' },
            { label: '丙', value: 'c' },
          ],
        },
      },
      {
        code: 'region',
        name: '地区',
        type: 'cascader',
        options: {
          list: [
            {
              label: '江苏',
              value: 'js',
              children: [
                { label: '南京', value: 'nj', children: [{ label: '玄武', value: 'xw' }] },
                { label: '苏州', value: 'sz' },
              ],
            },
            { label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz' }] },
          ],
        },
      },
      { code: 'city', name: '城市', type: 'select-link', parentNode: 'region' },
      { code: 'start_day', name: '开工日期', type: 'date', minDate: '2000-01-01' },
      { code: 'end_day', name: '竣工日期', type: 'date', parentNode: 'start_day' },
      { code: 'opened_at', name: '开标时间', type: 'datetime' },
      { code: 'period', name: '工期', type: 'daterange' },
      { code: 'has_bond', name: '有保证金', type: 'switch-1', childNode: 'bond' },
      { code: 'bond', name: '保证金', type: 'number', show: false },
      { code: 'phone', name: '电话', type: 'text', regex: '^1\\d{10}$', showPrompt: '请输入11位手机号' },
      { code: 'level', name: '等级', type: 'select', source: { kind: 'dictionary', code: DICT } },
      { code: 'sex', name: '性别', type: 'sex' },
    ],
  },
  list: {
    columns: [
      { code: 'title', name: '项目名称', isSearch: true, sortable: true },
      { code: 'amount', name: '金额', sortable: true },
      { code: 'category', name: '类别' },
      { code: 'status', name: '状态', type: 'status', isStatus: true },
      { code: 'operations', name: '操作', type: 'operations' },
    ],
    filters: [
      {
        displayCode: 'f1',
        displayList: [
          { name: '类别', code: 'category', type: 'select' },
          { name: '开工', code: 'start_day', type: 'daterange' },
          { name: '地区', code: 'region', type: 'cascader' },
          { name: '等级', code: 'level', type: 'select' },
          { name: '状态', code: 'status', type: 'select' },
          { name: '审核状态', code: 'audit_state', type: 'auditFlow' },
        ],
      },
    ],
  },
  charts: [
    {
      id: 'c1',
      title: '按类别金额',
      kind: 'bar',
      dimension: 'category',
      measure: 'sum',
      measureField: 'amount',
    },
    { id: 'c2', title: '按类别数量', kind: 'pie', dimension: 'category', measure: 'count' },
  ],
  functions: ['save', 'submit', 'revoke', 'delete', 'export', 'import', 'view', 'audit', 'assign', 'publish'],
});

type Headers = Record<string, string>;
let dev: Headers;
let admin: Headers;
let entA: Headers;
let entA2: Headers;
let entB: Headers;
let person: Headers;
let person2: Headers;
let node: { systemCoding: string; gnCoding: string; tableName: string };
let ref: { systemCoding: string; gnCoding: string };

async function call(method: 'POST' | 'DELETE' | 'GET', url: string, headers: Headers, payload?: object) {
  const app = getApp();
  const response =
    method === 'POST'
      ? await app.inject({ method, url, headers, payload: payload ?? {} })
      : await app.inject({ method, url, headers, query: payload as Record<string, string> });
  return { status: response.statusCode, body: response.json(), response };
}

async function save(headers: Headers, values: object, extra: object = {}) {
  return call('POST', '/ks/monitor/save', headers, { ...ref, values, ...extra });
}
async function created(headers: Headers, values: object = {}) {
  const result = await save(headers, { title: unique('项目'), ...values });
  expect(result.body.code, JSON.stringify(result.body)).toBe(200);
  return result.body.data as { id: string; version: number };
}
async function list(headers: Headers, body: object = {}) {
  return call('POST', '/ks/monitor/table-list', headers, { ...ref, curPage: 1, pageSize: 50, ...body });
}

beforeAll(async () => {
  const app = getApp();
  await app.db.insert(dictionaries).values({
    code: DICT,
    name: '等级',
    items: [
      { label: '一级', value: 'l1' },
      { label: '二级', value: 'l2' },
    ],
  });
  const developer = await createUser(app, 'D');
  dev = (await loginAs(app, developer)).headers;
  admin = (await loginAs(app, await createUser(app, 'M'))).headers;
  const a = await createUser(app, 'U');
  entA = (await loginAs(app, a)).headers;
  const [row] = await app.db
    .execute<{ enterprise_id: string }>(sql`select enterprise_id from users where id = ${a.id}`)
    .then((r) => (r as unknown as { rows: { enterprise_id: string }[] }).rows);
  entA2 = (await loginAs(app, await createUser(app, 'U', { enterpriseId: row?.enterprise_id }))).headers;
  entB = (await loginAs(app, await createUser(app, 'U'))).headers;
  person = (await loginAs(app, await createUser(app, 'P'))).headers;
  person2 = (await loginAs(app, await createUser(app, 'P'))).headers;
  node = await publishedNode(app, dev, definition());
  ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
});

describe('POST /ks/monitor/save', () => {
  it('creates a record owned by the caller and answers id and version 1', async () => {
    const result = await save(entA, {
      title: '综合楼',
      amount: 12.5,
      category: 'fj',
      tags: 'a;b',
      region: 'js/nj',
      start_day: '2025-03-01',
      period: '2025-03-01,2025-06-30',
      has_bond: true,
      bond: 100,
      phone: '13900000000',
      level: 'l1',
      sex: '男',
    });
    expect(result.body).toMatchObject({ code: 200, message: '保存成功', data: { version: 1 } });
    const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id: result.body.data.id });
    expect(details.body.data.record).toMatchObject({
      title: '综合楼',
      amount: 12.5,
      category: 'fj',
      tags: 'a;b',
      region: 'js/nj',
      start_day: '2025-03-01',
      period: '2025-03-01,2025-06-30',
      has_bond: true,
      bond: 100,
      level: 'l1',
    });
    expect(details.body.data.meta).toMatchObject({ status: 'draft', version: 1 });
  });

  it('numbers a new record by the server’s local clock, as people there read it', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Shanghai';
    // Beijing's date and hour now, before and after the save (the hour may turn meanwhile).
    const stamp = () =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Shanghai',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hour12: false,
      })
        .format(new Date())
        .replace(/\D/g, '');
    try {
      const before = stamp();
      const { id } = await created(entA);
      const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id });
      const businessId = details.body.data.meta.businessId as string;
      expect(businessId).toMatch(/^\d{14}-\d{4}$/);
      expect([before, stamp()]).toContain(businessId.slice(0, 10));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it.each([
    ['title', {}, requiredMessage('项目名称')],
    ['title', { title: 'x'.repeat(21) }, tooLongMessage('项目名称', 20)],
    ['amount', { amount: 'abc' }, numberMessage('金额')],
    ['workers', { workers: 0 }, INPUT_NUMBER_MESSAGE('人数')],
    ['workers', { workers: 3000000000 }, inputNumberMaxMessage('人数')],
    ['category', { category: 'zz' }, optionMessage('类别')],
    ['tags', { tags: 'a;x' }, optionMessage('标签')],
    ['region', { region: 'js/hz' }, optionMessage('地区')],
    ['start_day', { start_day: '2025-02-30' }, DATE_FORMAT_MESSAGE],
    ['start_day', { start_day: '1999-12-31' }, dateOutOfRangeMessage('开工日期')],
    // Values the database casts would refuse answer the form's message, not a 500.
    ['workers', { workers: '1.0' }, INPUT_NUMBER_MESSAGE('人数')],
    ['workers', { workers: '1e3' }, INPUT_NUMBER_MESSAGE('人数')],
    ['amount', { amount: ' ' }, numberMessage('金额')],
    ['opened_at', { opened_at: '2025-05-01 24:30' }, DATE_FORMAT_MESSAGE],
    ['opened_at', { opened_at: '2025-05-01 10:75' }, DATE_FORMAT_MESSAGE],
    ['period', { period: '2025-03-01x,2025-03-02' }, DATE_FORMAT_MESSAGE],
    ['period', { period: '2025-06-01,2025-01-01' }, rangeOrderMessage('工期')],
    [
      'end_day',
      { start_day: '2025-03-01', end_day: '2025-02-01' },
      beforeParentDateMessage('竣工日期', '开工日期'),
    ],
    ['bond', { has_bond: true }, toggledRequiredMessage('保证金')],
    ['phone', { phone: '123' }, '请输入11位手机号'],
    ['level', { level: 'l9' }, optionMessage('等级')],
    ['sex', { sex: '其他' }, optionMessage('性别')],
    ['city', { city: 'x' }, PARENT_FIRST_MESSAGE],
  ])('refuses an invalid %s with its message and saves nothing', async (field, values, message) => {
    const before = await list(entA);
    const result = await save(entA, {
      title: '有效名称',
      ...values,
      ...(field === 'title' ? { title: (values as { title?: string }).title ?? '' } : {}),
    });
    expect(result.status).toBe(400);
    expect(result.body.data[field]).toBe(message);
    expect((await list(entA)).body.data.total).toBe(before.body.data.total);
  });

  it('saves an end date whose optional start date is empty (only option children need their parent)', async () => {
    const { id } = await created(entA, { end_day: '2025-03-01' });
    const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id });
    expect(details.body.data.record).toMatchObject({ start_day: null, end_day: '2025-03-01' });
  });

  it('hidden means absent: a child of a switched-off switch-1 is not saved', async () => {
    const { id } = await created(entA, { has_bond: false, bond: 500 });
    const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id });
    expect(details.body.data.record.bond).toBeNull();
  });

  it('updates over the version loaded and refuses a stale version with 409', async () => {
    const { id } = await created(entA, { amount: 1 });
    const first = await save(entA, { title: '改名', amount: 2 }, { id, version: 1 });
    expect(first.body).toMatchObject({ code: 200, data: { id, version: 2 } });
    const stale = await save(entA, { title: '再改', amount: 3 }, { id, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(RECORD_CONFLICT_MESSAGE);
    const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id });
    expect(details.body.data.record).toMatchObject({ title: '改名', amount: 2 });
  });

  it('an update without the version loaded is refused: 缺少数据版本', async () => {
    const { id } = await created(entA);
    const result = await save(entA, { title: '改名' }, { id });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('缺少数据版本');
  });

  it('another enterprise cannot update a record by its guessed id: 数据不存在', async () => {
    const { id } = await created(entA);
    const result = await save(entB, { title: '劫持' }, { id, version: 1 });
    expect(result.status).toBe(404);
    expect(result.body.message).toBe(RECORD_NOT_FOUND_MESSAGE);
  });

  it('a colleague of the same enterprise may edit the enterprise record', async () => {
    const { id } = await created(entA);
    const result = await save(entA2, { title: '同事修改' }, { id, version: 1 });
    expect(result.body.code).toBe(200);
  });

  it('refuses edits of a record that is not draft, rejected or revoked', async () => {
    const app = getApp();
    const { id } = await created(entA);
    await app.db.transaction((tx) =>
      updateEnvelope(tx, node.tableName, id, 1, { status: 'submitted', auditState: 'pending' }),
    );
    const result = await save(entA, { title: '提交后修改' }, { id, version: 2 });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(RECORD_NOT_EDITABLE_MESSAGE);
    const removed = await call('DELETE', '/ks/monitor/delete', entA, { ...ref, id, version: '2' });
    expect(removed.body.message).toBe(RECORD_NOT_DELETABLE_MESSAGE);
  });

  it('developers have no data: 403', async () => {
    const result = await save(dev, { title: '开发者' });
    expect(result.status).toBe(403);
    expect(result.body.message).toBe(NO_DATA_ACCESS_MESSAGE);
  });

  it('writes an operation-log entry for the save', async () => {
    const app = getApp();
    const { id } = await created(person);
    const rows = await app.db.select().from(operationLogs).where(sql`target_id = ${id}`);
    expect(rows.map((row) => row.action)).toContain('新增数据');
  });

  it('update-part changes only the given fields and validates the whole record', async () => {
    const { id } = await created(entA, { amount: 5, category: 'fj' });
    const part = await call('POST', '/ks/monitor/update-part', entA, {
      ...ref,
      id,
      version: 1,
      values: { amount: 6 },
    });
    expect(part.body).toMatchObject({ code: 200, data: { version: 2 } });
    const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id });
    expect(details.body.data.record).toMatchObject({ amount: 6, category: 'fj' });
    const bad = await call('POST', '/ks/monitor/update-part', entA, {
      ...ref,
      id,
      version: 2,
      values: { title: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.title).toBe(requiredMessage('项目名称'));
  });
});

describe('row scope', () => {
  let ownA: string;
  let ownB: string;
  let ownP: string;
  beforeAll(async () => {
    ownA = (await created(entA, { title: '甲企业记录' })).id;
    ownB = (await created(entB, { title: '乙企业记录' })).id;
    ownP = (await created(person, { title: '个人记录' })).id;
  });

  it('an enterprise user lists only the records of its enterprise', async () => {
    const ids = (await list(entA2)).body.data.records.map((row: { id: string }) => row.id);
    expect(ids).toContain(ownA);
    expect(ids).not.toContain(ownB);
    expect(ids).not.toContain(ownP);
  });

  it('a personnel user lists only its own records', async () => {
    const ids = (await list(person)).body.data.records.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([ownP]));
    expect(ids).not.toContain(ownA);
    expect((await list(person2)).body.data.records.map((row: { id: string }) => row.id)).not.toContain(ownP);
  });

  it('an administrator lists every record', async () => {
    const ids = (await list(admin, { pageSize: 50 })).body.data.records.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([ownA, ownB, ownP]));
  });

  it.each([['/ks/monitor/table-list'], ['/ks/monitor/get-view-list'], ['/ks/monitor/export']])(
    'a developer gets 403 for the data of %s',
    async (url) => {
      const result = await call('POST', url, dev, { ...ref, curPage: 1, pageSize: 10 });
      expect(result.status).toBe(403);
      expect(result.body.message).toBe(NO_DATA_ACCESS_MESSAGE);
    },
  );

  it('a developer gets 403 for a record and for chart data', async () => {
    expect((await call('POST', '/ks/info/v1/form/details', dev, { ...ref, id: ownA })).status).toBe(403);
    expect((await call('POST', '/ks/monitor/table-info/mtr', dev, { ...ref, id: ownA })).status).toBe(403);
    expect((await call('POST', '/ks/statistics/v1/chart-data', dev, { ...ref, chartId: 'c1' })).status).toBe(
      403,
    );
  });

  it('a developer may read the definition: the empty form, columns and options', async () => {
    expect((await call('POST', '/ks/info/v1/form/details', dev, ref)).body.data.record).toBeNull();
    expect((await call('POST', '/ks/common/common/table/columns', dev, ref)).body.code).toBe(200);
    expect(
      (await call('POST', '/ks/common/common/pull-down', dev, { ...ref, displayCode: 'level' })).body.code,
    ).toBe(200);
  });

  it.each([
    ['/ks/info/v1/form/details'],
    ['/ks/monitor/table-info/mtr'],
    ['/ks/common/common/record-revisions'],
  ])('%s of another enterprise’s id answers 数据不存在', async (url) => {
    const result = await call('POST', url, entB, { ...ref, id: ownA });
    expect(result.status).toBe(404);
    expect(result.body.message).toBe(RECORD_NOT_FOUND_MESSAGE);
  });

  it('a guessed id that does not exist answers the same 数据不存在', async () => {
    const result = await call('POST', '/ks/info/v1/form/details', entA, {
      ...ref,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(result.body.message).toBe(RECORD_NOT_FOUND_MESSAGE);
  });

  it('another enterprise cannot delete a record by its id', async () => {
    const result = await call('DELETE', '/ks/monitor/delete', entB, { ...ref, id: ownA, version: '1' });
    expect(result.status).toBe(404);
  });

  it('a reviewer assigned a step sees the record and may audit it, but not edit it', async () => {
    const app = getApp();
    const reviewer = await createUser(app, 'P');
    const reviewerHeaders = (await loginAs(app, reviewer)).headers;
    const { id } = await created(entB, { title: '待审记录' });
    const [nodeRow] = (
      (await app.db.execute(
        sql`select id from menu_nodes where gn_coding = ${node.gnCoding}`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const [owner] = (
      (await app.db.execute(
        sql`select owner_user_id from ${tableRef(node.tableName)} where id = ${id}::uuid`,
      )) as unknown as {
        rows: { owner_user_id: string }[];
      }
    ).rows;
    await app.db.transaction((tx) =>
      updateEnvelope(tx, node.tableName, id, 1, { status: 'submitted', auditState: 'pending' }),
    );
    const instance = (
      (await app.db.execute(sql`insert into audit_instances (node_id, record_id, table_name, schema_version, levels, snapshot, submitter_user_id, status, current_level)
        values (${nodeRow?.id}::uuid, ${id}::uuid, ${node.tableName}, 1, '[]'::jsonb, '{}'::jsonb, ${owner?.owner_user_id}::uuid, 'running', 1) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0];
    expect(
      (await list(reviewerHeaders)).body.data.records.map((row: { id: string }) => row.id),
    ).not.toContain(id);
    await app.db.execute(sql`insert into audit_steps (instance_id, level, name, way, reviewer_user_id, status)
      values (${instance?.id}::uuid, 1, '初审', 'single', ${reviewer.id}::uuid, 'pending')`);
    const rows = (await list(reviewerHeaders)).body.data.records as {
      id: string;
      operations: { code: string; show: boolean }[];
    }[];
    const row = rows.find((one) => one.id === id);
    expect(row).toBeDefined();
    expect(row?.operations.find((op) => op.code === 'audit')?.show).toBe(true);
    expect(row?.operations.find((op) => op.code === 'save')?.show).toBe(false);
    const details = await call('POST', '/ks/info/v1/form/details', reviewerHeaders, { ...ref, id });
    expect(details.body.data.audit.steps).toEqual([
      expect.objectContaining({ level: 1, name: '初审', result: '', reviewerName: expect.any(String) }),
    ]);
    const edit = await call('POST', '/ks/monitor/update-part', reviewerHeaders, {
      ...ref,
      id,
      version: 2,
      values: { title: 'x' },
    });
    expect(edit.status).toBe(403);
    // Once the step is acted on, the record stays in the reviewer's scope without the audit action.
    await app.db.execute(
      sql`update audit_steps set status = 'passed' where instance_id = ${instance?.id}::uuid`,
    );
    const after = (await list(reviewerHeaders)).body.data.records as typeof rows;
    expect(after.find((one) => one.id === id)?.operations.find((op) => op.code === 'audit')?.show).toBe(
      false,
    );
  });
});

describe('POST /ks/monitor/table-list', () => {
  let headers: Headers;
  beforeAll(async () => {
    const app = getApp();
    headers = (await loginAs(app, await createUser(app, 'P'))).headers;
    const rows: [string, number, string, string, string, string][] = [
      ['桥梁一号', 100, 'fj', 'a;b', 'js/nj', '2025-01-10'],
      ['桥梁二号', 200, 'sz', 'b', 'js/sz', '2025-02-10'],
      ['隧道工程', 300, 'fj', 'c', 'zj/hz', '2025-03-10'],
      ['道路100%_x', 50, 'sz', 'a', 'zj', '2025-04-10'],
    ];
    for (const [title, amount, category, tags, region, start_day] of rows) {
      await created(headers, { title, amount, category, tags, region, start_day });
    }
  });
  const titles = async (body: object) => {
    const result = await list(headers, body);
    expect(result.body.code, JSON.stringify(result.body)).toBe(200);
    return (result.body.data.records as { title: string }[]).map((row) => row.title);
  };

  it('answers rows with envelope, colours, operations, columns and functions', async () => {
    const result = await list(headers, { pageSize: 10 });
    expect(result.body.data).toMatchObject({ total: 4, totalExact: true, curPage: 1, pageSize: 10 });
    const row = result.body.data.records[0];
    expect(row).toMatchObject({
      status: 'draft',
      statusName: '草稿',
      statusColor: expect.any(String),
      auditColor: expect.any(String),
      schemaVersion: 1,
      version: 1,
      ownerName: expect.any(String),
    });
    expect(row.operations.map((op: { code: string }) => op.code)).toEqual([
      'view',
      'save',
      'submit',
      'revoke',
      'audit',
      'assign',
      'publish',
      'delete',
    ]);
    expect(row.operations.find((op: { code: string }) => op.code === 'delete').show).toBe(true);
    expect(row.operations.find((op: { code: string }) => op.code === 'revoke').show).toBe(false);
    expect(result.body.data.columns.map((column: { code: string }) => column.code)).toContain('title');
    expect(result.body.data.functions).toEqual(['save', 'submit', 'revoke', 'delete', 'export', 'view']);
  });

  it('rows carry the display labels of option fields: select, multi, cascader path', async () => {
    const result = await list(headers, { search: [{ code: 'title', val: '桥梁一号' }] });
    const [row] = result.body.data.records;
    expect(row).toMatchObject({ category: 'fj', tags: 'a;b', region: 'js/nj' });
    expect(row.labels).toEqual({ category: '房建', tags: '甲、乙', region: '江苏/南京' });
    const second = (await list(headers, { search: [{ code: 'title', val: '桥梁二号' }] })).body.data
      .records[0];
    // The same code under different parents: the path is walked level by level.
    expect(second.labels).toMatchObject({ category: '市政', region: '江苏/苏州' });
    const cards = await call('POST', '/ks/monitor/get-view-list', headers, {
      ...ref,
      curPage: 1,
      pageSize: 10,
      search: [{ code: 'title', val: '桥梁一号' }],
    });
    expect(cards.body.data.records[0].labels).toMatchObject({ category: '房建', region: '江苏/南京' });
  });

  it('table-info/mtr labels dictionary-sourced and fixed-option fields too', async () => {
    const { id } = await created(headers, { level: 'l2', sex: '女', region: 'zj' });
    const result = await call('POST', '/ks/monitor/table-info/mtr', headers, { ...ref, id });
    expect(result.body.code, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.labels).toEqual({ level: '二级', sex: '女', region: '浙江' });
    await call('DELETE', '/ks/monitor/delete', headers, { ...ref, id, version: '1' });
  });

  it('search tags: text contains (with % and _ taken literally), select equals', async () => {
    expect(await titles({ search: [{ code: 'title', val: '桥梁' }] })).toHaveLength(2);
    expect(await titles({ search: [{ code: 'title', val: '100%_' }] })).toEqual(['道路100%_x']);
    expect(await titles({ search: [{ code: 'title', val: '%' }] })).toEqual(['道路100%_x']);
    expect((await titles({ search: [{ code: 'category', val: 'sz' }] })).sort()).toEqual(
      ['桥梁二号', '道路100%_x'].sort(),
    );
  });

  it('search tags on option fields and status read what the table shows: labels', async () => {
    const sz = ['桥梁二号', '道路100%_x'].sort();
    expect((await titles({ search: [{ code: 'category', val: '市政' }] })).sort()).toEqual(sz);
    expect((await titles({ search: [{ code: 'category', val: '市' }] })).sort()).toEqual(sz);
    expect(await titles({ search: [{ code: 'category', val: '园林' }] })).toEqual([]);
    expect(await titles({ search: [{ code: 'status', val: '草稿' }] })).toHaveLength(4);
    expect(await titles({ search: [{ code: 'status', val: '已提交' }] })).toEqual([]);
    expect(await titles({ search: [{ code: 'tags', val: '甲' }] })).toEqual(
      await titles({ search: [{ code: 'tags', val: 'a' }] }),
    );
  });

  it('filter-card values: comma-joined IN, daterange between, cascader prefix, multi any', async () => {
    expect(await titles({ filters: { category: 'fj,sz' } })).toHaveLength(4);
    expect((await titles({ filters: { start_day: '2025-02-01,2025-03-31' } })).sort()).toEqual(
      ['桥梁二号', '隧道工程'].sort(),
    );
    expect((await titles({ filters: { region: 'js' } })).sort()).toEqual(['桥梁一号', '桥梁二号'].sort());
    expect(await titles({ filters: { region: 'js,nj' } })).toEqual(['桥梁一号']);
    expect((await titles({ filters: { tags: 'a' } })).sort()).toEqual(['桥梁一号', '道路100%_x'].sort());
    expect(await titles({ filters: { category: '' } })).toHaveLength(4);
  });

  it('where tree: and/or over whitelisted fields with allowed operators', async () => {
    const where = {
      op: 'or',
      children: [
        { field: 'amount', operator: 'gte', value: 250 },
        {
          op: 'and',
          children: [
            { field: 'category', operator: 'eq', value: 'sz' },
            { field: 'amount', operator: 'lt', value: 100 },
          ],
        },
      ],
    };
    expect((await titles({ where })).sort()).toEqual(['道路100%_x', '隧道工程'].sort());
    expect(await titles({ where: { field: 'status', operator: 'in', value: ['draft'] } })).toHaveLength(4);
  });

  it('refuses unknown fields and operators not allowed for the field kind', async () => {
    const unknown = await list(headers, { where: { field: 'password_hash', operator: 'eq', value: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(UNKNOWN_FIELD_MESSAGE('password_hash'));
    const operator = await list(headers, { where: { field: 'amount', operator: 'contains', value: '1' } });
    expect(operator.body.message).toBe(UNKNOWN_OPERATOR_MESSAGE('金额'));
    const filter = await list(headers, { filters: { 'title; drop table users': 'x' } });
    expect(filter.status).toBe(400);
  });

  it('sorts by a whitelisted field both ways and refuses others', async () => {
    expect(await titles({ sortField: 'amount', sortOrder: 'asc' })).toEqual([
      '道路100%_x',
      '桥梁一号',
      '桥梁二号',
      '隧道工程',
    ]);
    expect(await titles({ sortField: 'amount', sortOrder: 'desc' })).toEqual([
      '隧道工程',
      '桥梁二号',
      '桥梁一号',
      '道路100%_x',
    ]);
    const bad = await list(headers, { sortField: 'owner_user_id' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(SORT_FIELD_MESSAGE);
  });

  it('pages with the pager sizes only and caps deep offsets', async () => {
    const page = await list(headers, { pageSize: 10, curPage: 1, sortField: 'amount', sortOrder: 'asc' });
    expect(page.body.data.records).toHaveLength(4);
    const empty = await list(headers, { pageSize: 10, curPage: 2 });
    expect(empty.body.data).toMatchObject({ records: [], total: 4 });
    const size = await list(headers, { pageSize: 15 });
    expect(size.status).toBe(400);
    expect(size.body.message).toBe(PAGE_SIZE_MESSAGE);
    const deep = await list(headers, { pageSize: 50, curPage: 201 });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe(DEEP_PAGE_MESSAGE);
  });

  it('get-view-list answers the same page with the card style', async () => {
    const result = await call('POST', '/ks/monitor/get-view-list', headers, {
      ...ref,
      curPage: 1,
      pageSize: 10,
    });
    expect(result.body.data).toMatchObject({ total: 4, cardStyle: null });
  });

  it('chart data aggregates on the server under row scope', async () => {
    const sum = await call('POST', '/ks/statistics/v1/chart-data', headers, { ...ref, chartId: 'c1' });
    expect(sum.body.data).toEqual({ categories: ['房建', '市政'], series: [400, 250] });
    const count = await call('POST', '/ks/statistics/v1/chart-data', headers, { ...ref, chartId: 'c2' });
    expect(count.body.data).toEqual({ categories: ['房建', '市政'], series: [2, 2] });
    const missing = await call('POST', '/ks/statistics/v1/chart-data', headers, { ...ref, chartId: 'nope' });
    expect(missing.body.message).toBe('图表不存在');
  });
});

describe('delete and history', () => {
  it('soft-deletes over the version, refuses a stale one, and keeps the row', async () => {
    const app = getApp();
    const { id } = await created(entA);
    const stale = await call('DELETE', '/ks/monitor/delete', entA, { ...ref, id, version: '5' });
    expect(stale.status).toBe(409);
    const removed = await call('DELETE', '/ks/monitor/delete', entA, { ...ref, id, version: '1' });
    expect(removed.body).toMatchObject({ code: 200, message: '删除成功' });
    const raw = (await app.db.execute(
      sql`select deleted_at from ${tableRef(node.tableName)} where id = ${id}::uuid`,
    )) as unknown as {
      rows: { deleted_at: unknown }[];
    };
    expect(raw.rows[0]?.deleted_at).not.toBeNull();
    const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id });
    expect(details.body.message).toBe(RECORD_NOT_FOUND_MESSAGE);
  });

  it('record-revisions lists each change with field, old and new value', async () => {
    const { id } = await created(entA, { title: '原名', amount: 1 });
    await save(entA, { title: '新名', amount: 1 }, { id, version: 1 });
    const history = await call('POST', '/ks/common/common/record-revisions', entA, { ...ref, id });
    expect(history.body.data).toHaveLength(2);
    expect(history.body.data[0]).toMatchObject({
      version: 2,
      action: 'update',
      actionName: '修改',
      dataList: [{ field: 'title', name: '项目名称', oldValue: '原名', newValue: '新名' }],
    });
    expect(history.body.data[1]).toMatchObject({ version: 1, action: 'create' });
  });
});

describe('options, filters and buttons', () => {
  it('saves a child select with an option under its parent’s value, and refuses one under another', async () => {
    const saved = await save(entA, { title: unique('项目'), region: 'js', city: 'nj' });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const deeper = await save(entA, { title: unique('项目'), region: 'js/nj', city: 'xw' });
    expect(deeper.body.code, JSON.stringify(deeper.body)).toBe(200);
    const foreign = await save(entA, { title: unique('项目'), region: 'js', city: 'hz' });
    expect(foreign.body).toMatchObject({ code: 400, data: { city: optionMessage('城市') } });
  });

  it('pull-down answers a field’s options; key gives the children of the parent’s option', async () => {
    const own = await call('POST', '/ks/common/common/pull-down', entA, { ...ref, displayCode: 'category' });
    expect(own.body.data.result).toMatchObject({ labelKey: 'label', valueKey: 'value' });
    expect(own.body.data.result.list.map((o: { value: string }) => o.value)).toEqual(['fj', 'sz']);
    const child = await call('POST', '/ks/common/common/pull-down', entA, {
      ...ref,
      displayCode: 'city',
      key: 'js',
    });
    expect(child.body.data.result.list.map((o: { value: string }) => o.value)).toEqual(['nj', 'sz']);
    // A cascader parent's value is its path, joined by '/' on the wire: the children of its last step.
    const deeper = await call('POST', '/ks/common/common/pull-down', entA, {
      ...ref,
      displayCode: 'city',
      key: 'js/nj',
    });
    expect(deeper.body.data.result.list.map((o: { value: string }) => o.value)).toEqual(['xw']);
    const dictionary = await call('POST', '/ks/common/common/pull-down', entA, {
      ...ref,
      displayCode: 'level',
    });
    expect(dictionary.body.data.result.list.map((o: { label: string }) => o.label)).toEqual(['一级', '二级']);
    const missing = await call('POST', '/ks/common/common/pull-down', entA, { ...ref, displayCode: 'nope' });
    expect(missing.body.message).toBe('字段不存在');
  });

  it('pull-down under a multi-select parent offers the children of every chosen option', async () => {
    const app = getApp();
    const own = await publishedNode(app, dev, {
      form: {
        items: [
          {
            code: 'majors',
            name: '专业',
            type: 'select-m',
            options: {
              list: [
                { label: '建筑', value: 'jz', children: [{ label: '建筑一级', value: 'jz1' }] },
                { label: '市政', value: 'sz', children: [{ label: '市政二级', value: 'sz2' }] },
                { label: '水利', value: 'sl', children: [{ label: '水利一级', value: 'sl1' }] },
              ],
            },
          },
          { code: 'grade', name: '等级', type: 'select-link', parentNode: 'majors' },
        ],
      },
      functions: ['save', 'view'],
    });
    const offered = await call('POST', '/ks/common/common/pull-down', entA, {
      systemCoding: own.systemCoding,
      gnCoding: own.gnCoding,
      displayCode: 'grade',
      key: 'jz;sz',
    });
    expect(offered.body.data.result.list.map((o: { value: string }) => o.value)).toEqual(['jz1', 'sz2']);
  });

  it('cert-cascade answers the option tree', async () => {
    const result = await call('POST', '/ks/common/common/cert-cascade', entA, {
      ...ref,
      displayCode: 'region',
    });
    expect(result.body.data.code).toBe('region');
    expect(result.body.data.data[0].children).toHaveLength(2);
  });

  it('filter-fields fills empty option lists from the fields', async () => {
    const result = await call('POST', '/ks/array/filter/directory/filter-fields', entA, {
      ...ref,
      displayCode: 'f1',
    });
    const byCode = Object.fromEntries(
      result.body.data.result.map((item: { code: string }) => [item.code, item]),
    );
    expect(byCode.category.dataList).toEqual([
      { label: '房建', value: 'fj' },
      { label: '市政', value: 'sz' },
    ]);
    expect(byCode.level.dataList.map((o: { value: string }) => o.value)).toEqual(['l1', 'l2']);
    // The record's own status and audit state, whose options are the platform's.
    expect(byCode.status.dataList.map((o: { label: string }) => o.label)).toContain('草稿');
    expect(byCode.audit_state.dataList.map((o: { label: string }) => o.label)).toEqual([
      '审核中',
      '审核通过',
      '审核退回',
      '已撤回',
    ]);
  });

  it('table and form buttons are the caller’s functions', async () => {
    const table = await call('POST', '/ks/common/buttons/table-button', entA, ref);
    expect(table.body.data).toEqual([
      { code: 'save', name: '新增' },
      { code: 'export', name: '导出' },
    ]);
    const adminTable = await call('POST', '/ks/common/buttons/table-button', admin, ref);
    expect(adminTable.body.data.map((b: { code: string }) => b.code)).toContain('import');
    const form = await call('POST', '/ks/common/buttons/form-button', entA, ref);
    expect(form.body.data.map((b: { code: string }) => b.code)).toEqual(['save', 'submit', 'revoke']);
    // Developers preview the forms they configure but use none of the functions.
    expect((await call('POST', '/ks/common/buttons/form-button', dev, ref)).body.data).toEqual([]);
  });

  it('table/columns answers the published columns', async () => {
    const result = await call('POST', '/ks/common/common/table/columns', person, ref);
    expect(result.body.data.map((c: { code: string }) => c.code)).toEqual([
      'title',
      'amount',
      'category',
      'status',
      'operations',
    ]);
  });

  it('a node never published answers 该功能尚未发布; an unknown node 节点不存在', async () => {
    const unknown = await call('POST', '/ks/common/common/table/columns', person, {
      systemCoding: 'nope',
      gnCoding: 'nope',
    });
    expect(unknown.body.message).toBe('节点不存在');
  });

  it('functions a role lacks are refused: personnel cannot import', async () => {
    const result = await call('GET', '/ks/monitor/import-template', person, ref);
    expect(result.status).toBe(403);
    expect(result.body.message).toBe(FUNCTION_DENIED_MESSAGE('导入'));
  });
});

describe('saved function grants', () => {
  it('decide, once saved, what each user may do on the node: by role and by reviewer organisation', async () => {
    const app = getApp();
    const own = await publishedNode(app, dev, {
      form: { items: [{ code: 'name', name: '名称', type: 'text', required: '1' }] },
      functions: ['save', 'export', 'view'],
    });
    const nodeRef = { systemCoding: own.systemCoding, gnCoding: own.gnCoding };
    const member = await createUser(app, 'M');
    const org = await app.inject({
      method: 'POST',
      url: '/ks/authority/audit/audit-orgs',
      headers: dev,
      payload: { name: unique('导出机构'), memberIds: [member.id] },
    });
    expect(org.json().code).toBe(200);
    const saved = await app.inject({
      method: 'PUT',
      url: '/ks/authority/v1/node/save-functions',
      headers: dev,
      payload: {
        nodeId: own.node.id,
        version: 0,
        grants: [
          { functionCode: 'save', roles: ['U'], orgIds: [] },
          { functionCode: 'view', roles: ['U'], orgIds: [] },
          { functionCode: 'export', roles: [], orgIds: [org.json().data.id] },
        ],
        visibleRoles: ['U', 'M'],
      },
    });
    expect(saved.json().code).toBe(200);
    const functionsOf = async (headers: Headers) =>
      (await call('POST', '/ks/monitor/table-list', headers, { ...nodeRef, curPage: 1, pageSize: 10 })).body
        .data.functions;
    const enterprise = (await loginAs(app, await createUser(app, 'U'))).headers;
    expect(await functionsOf(enterprise)).toEqual(['save', 'view']);
    expect(await functionsOf((await loginAs(app, member)).headers)).toEqual(['export']);
    const outsider = (await loginAs(app, await createUser(app, 'M'))).headers;
    expect(await functionsOf(outsider)).toEqual([]);
    const refused = await call('POST', '/ks/monitor/export', enterprise, { ...nodeRef });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FUNCTION_DENIED_MESSAGE('导出'));
  });
});

describe('schema versions', () => {
  it('a record keeps the form it was made with after a later publish; new records get the new one', async () => {
    const app = getApp();
    const own = await publishedNode(app, dev, {
      form: { items: [{ code: 'name', name: '名称', type: 'text', required: '1' }] },
      functions: ['save', 'view'],
    });
    const ownRef = { systemCoding: own.systemCoding, gnCoding: own.gnCoding };
    const first = await call('POST', '/ks/monitor/save', entA, { ...ownRef, values: { name: '旧' } });
    expect(first.body.code).toBe(200);
    const saved = await saveDraft(app, dev, own.node.id, {
      form: {
        items: [
          { code: 'name', name: '名称', type: 'text', required: '1' },
          { code: 'grade', name: '等级', type: 'text', required: '1' },
        ],
      },
      functions: ['save', 'view'],
    });
    expect(saved.json().code).toBe(200);
    expect((await publish(app, dev, own.node.id)).json().code).toBe(200);

    const old = await call('POST', '/ks/info/v1/form/details', entA, { ...ownRef, id: first.body.data.id });
    expect(old.body.data.schemaVersion).toBe(1);
    expect(old.body.data.items.map((item: { code: string }) => item.code)).toEqual(['name']);
    // Editing the old record validates with its own form: the new required field is not asked for.
    const edited = await call('POST', '/ks/monitor/save', entA, {
      ...ownRef,
      id: first.body.data.id,
      version: 1,
      values: { name: '旧改' },
    });
    expect(edited.body.code).toBe(200);

    const fresh = await call('POST', '/ks/info/v1/form/details', entA, ownRef);
    expect(fresh.body.data.schemaVersion).toBe(2);
    const missing = await call('POST', '/ks/monitor/save', entA, { ...ownRef, values: { name: '新' } });
    expect(missing.body.data).toEqual({ grade: requiredMessage('等级') });
  });

  it('moves records to the new form when a publish converts a column under them, and reads them after', async () => {
    // The details read is a prepared statement. select → select-multiple turns the column from
    // text into text[] with the same SQL text, and PostgreSQL refuses to run a statement prepared
    // before such a change ('cached plan must not change result type'): its name carries the version.
    // The old form no longer describes the converted data: its save would send a text into text[].
    const app = getApp();
    const options = { list: [{ label: '甲', value: 'a' }] };
    const own = await publishedNode(app, dev, {
      form: { items: [{ code: 'kind', name: '类别', type: 'select', options }] },
      functions: ['save', 'view'],
    });
    const ownRef = { systemCoding: own.systemCoding, gnCoding: own.gnCoding };
    const saved = await call('POST', '/ks/monitor/save', entA, { ...ownRef, values: { kind: 'a' } });
    const details = () =>
      call('POST', '/ks/info/v1/form/details', entA, { ...ownRef, id: saved.body.data.id });
    expect((await details()).body.data.record).toMatchObject({ kind: 'a' });

    await saveDraft(app, dev, own.node.id, {
      form: { items: [{ code: 'kind', name: '类别', type: 'select-multiple', options }] },
      functions: ['save', 'view'],
    });
    expect((await publish(app, dev, own.node.id)).json().code).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await details();
      expect(again.body.code, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.schemaVersion).toBe(2);
      expect(again.body.data.record).toMatchObject({ kind: 'a' });
    }
    const edited = await call('POST', '/ks/monitor/save', entA, {
      ...ownRef,
      id: saved.body.data.id,
      version: 1,
      values: { kind: 'a' },
    });
    expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
  });

  it('refuses a decimal on a record whose number field a publish made an integer, instead of rounding it', async () => {
    const app = getApp();
    const own = await publishedNode(app, dev, {
      form: { items: [{ code: 'qty', name: '数量', type: 'number' }] },
      functions: ['save', 'view'],
    });
    const ownRef = { systemCoding: own.systemCoding, gnCoding: own.gnCoding };
    const saved = await call('POST', '/ks/monitor/save', entA, { ...ownRef, values: { qty: '12' } });
    await saveDraft(app, dev, own.node.id, {
      form: { items: [{ code: 'qty', name: '数量', type: 'input-number' }] },
      functions: ['save', 'view'],
    });
    expect((await publish(app, dev, own.node.id)).json().code).toBe(200);
    const decimal = await call('POST', '/ks/monitor/save', entA, {
      ...ownRef,
      id: saved.body.data.id,
      version: 1,
      values: { qty: '12.5' },
    });
    expect(decimal.body).toMatchObject({ code: 400, data: { qty: INPUT_NUMBER_MESSAGE('数量') } });
  });

  it('registers its compiled schemas with the cache refresh', async () => {
    const result = await call('GET', '/ks/cache/refresh', admin);
    expect(result.body.data).toContain('node-schemas');
  });
});

describe('fileList of list rows', () => {
  it('card lists and lists asked withFiles carry each record’s files the caller may see; other lists none', async () => {
    const app = getApp();
    const own = await publishedNode(app, dev, definition());
    const ownRef = { systemCoding: own.systemCoding, gnCoding: own.gnCoding };
    const record = (
      await call('POST', '/ks/monitor/save', entA, { ...ownRef, values: { title: unique('卡片') } })
    ).body.data as { id: string };
    const form = multipart(ownRef, { name: '说明.pdf', content: PDF });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/ks/common/common/upload/attachment',
      headers: { ...entA, ...form.headers },
      payload: form.payload,
    });
    const fileId = (uploaded.json().data as { fileId: string }).fileId;
    const attached = await call('POST', '/ks/common/common/attachment/save', entA, {
      ...ownRef,
      id: record.id,
      fileList: [{ fileId, fileNo: '', fileOperationType: 'add' }],
    });
    expect(attached.body.code, JSON.stringify(attached.body)).toBe(200);
    const rowsOf = async (headers: Headers, url: string, extra: object = {}) =>
      (await call('POST', url, headers, { ...ownRef, curPage: 1, pageSize: 10, ...extra })).body.data
        .records as { id: string; fileList?: { fileId: string; fileName: string }[] }[];

    const cards = await rowsOf(entA, '/ks/monitor/get-view-list');
    expect(cards.find((row) => row.id === record.id)?.fileList).toEqual([
      expect.objectContaining({ fileId, fileName: '说明.pdf' }),
    ]);
    expect((await rowsOf(entA, '/ks/monitor/table-list'))[0]).not.toHaveProperty('fileList');
    const picked = await rowsOf(entA, '/ks/monitor/table-list', { withFiles: true });
    expect(picked[0]?.fileList?.map((file) => file.fileId)).toEqual([fileId]);
    const adminCards = await rowsOf(admin, '/ks/monitor/get-view-list');
    expect(adminCards.find((row) => row.id === record.id)?.fileList).toHaveLength(1);
  });
});
