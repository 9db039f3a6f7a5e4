import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  EXACT_COUNT_LIMIT,
  FUNCTION_DENIED_MESSAGE,
  IMPORT_EMPTY_MESSAGE,
  IMPORT_FILE_MESSAGE,
  type NodeDefinitionInput,
  SORT_FIELD_MESSAGE,
} from '@ks/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { publishedNode } from '../../../test/builder-fixtures.ts';
import { multipart } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestUser, useTestApp } from '../../../test/helper.ts';
import { users } from '../../db/schema/identity.ts';
import { tableRef } from '../../engine/node-tables.ts';
import { readerCaughtUp } from './xlsx.ts';

// The count rule's test holds an estimate across seconds of seeding: reuse it longer than any
// loaded machine takes, so the test sees the rule and not the clock.
const getApp = useTestApp({ LIST_ESTIMATE_SECONDS: '600' });

const definition: NodeDefinitionInput = {
  form: {
    items: [
      { code: 'title', name: '项目名称', type: 'text', required: '1' },
      { code: 'amount', name: '金额', type: 'number' },
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
      { code: 'start_day', name: '开工日期', type: 'date' },
      { code: 'urgent', name: '加急', type: 'switch' },
    ],
  },
  list: {
    columns: [
      { code: 'title', name: '项目名称' },
      { code: 'amount', name: '金额' },
      { code: 'category', name: '类别' },
      { code: 'status', name: '状态', type: 'status' },
      { code: 'operations', name: '操作', type: 'operations' },
    ],
  },
  functions: ['save', 'export', 'import', 'view'],
};

type Headers = Record<string, string>;
let admin: Headers;
let entA: Headers;
let entB: Headers;
let userA: TestUser;
let userB: TestUser;
let ref: { systemCoding: string; gnCoding: string };
let tableName: string;

/** Rows straight into the node table: export tests need thousands. */
async function seedRows(owner: TestUser, count: number, prefix: string, table = tableName) {
  const app = getApp();
  const [user] = (
    (await app.db.execute(
      sql`select id, enterprise_id from users where id = ${owner.id}::uuid`,
    )) as unknown as {
      rows: { id: string; enterprise_id: string | null }[];
    }
  ).rows;
  await app.db.execute(sql`
    insert into ${tableRef(table)} (owner_user_id, owner_enterprise_id, schema_version, title, amount, category, start_day, created_at)
    select ${user?.id}::uuid, ${user?.enterprise_id}::uuid, 1, ${prefix} || g, g, case when g % 2 = 0 then 'fj' else 'sz' end,
      date '2025-01-01' + (g % 28), now() - g * interval '1 second'
    from generate_series(1, ${count}) g`);
}

async function exportSheet(headers: Headers, body: object = {}) {
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/monitor/export',
    headers,
    payload: { ...ref, curPage: 1, pageSize: 10, ...body },
  });
  if (response.statusCode !== 200) return { response, rows: [] as unknown[][] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { response, rows };
}

/** An export download that reads its first bytes, then reads nothing more until it is destroyed. */
function startDownload(socketPath: string, headers: Headers, node: typeof ref) {
  const req = request({
    socketPath,
    path: '/ks/monitor/export',
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
  });
  const firstBytes = new Promise<void>((resolve, reject) => {
    req.on('response', (response) => {
      response.once('data', () => {
        response.pause();
        resolve();
      });
    });
    req.on('error', reject);
  });
  firstBytes.catch(() => {}); // destroying the request later rejects nothing anyone awaits
  req.end(JSON.stringify({ ...node, curPage: 1, pageSize: 10 }));
  return { req, firstBytes };
}

/**
 * Export cursors still open: PGlite's one session lists them in pg_cursors; on PostgreSQL they live
 * on a reserved connection, whose last statement is a fetch while its cursor is open.
 */
async function openExportCursors(): Promise<number> {
  const app = getApp();
  const result = process.env.DATABASE_URL
    ? await app.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query like 'fetch forward % from "export_%'`)
    : await app.db.execute(sql`select count(*)::int as n from pg_cursors where name like 'export_%'`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

async function workbookOf(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入数据');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(headers: Headers, content: Buffer, fields: object = ref) {
  const body = multipart(fields as Record<string, string>, { name: 'data.xlsx', content });
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/monitor/import',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Live rows in the node's table: exact whatever the list's count rule answers for big totals. */
async function liveRows() {
  const result = await getApp().db.execute(
    sql`select count(*)::int as n from ${tableRef(tableName)} where deleted_at is null`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Live rows one user owns: each test enterprise user is alone in its enterprise, so its whole scope. */
async function liveRowsOf(userId: string) {
  const result = await getApp().db.execute(
    sql`select count(*)::int as n from ${tableRef(tableName)} where deleted_at is null and owner_user_id = ${userId}::uuid`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

async function countOf(headers: Headers, search?: object[]) {
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/monitor/table-list',
    headers,
    payload: { ...ref, curPage: 1, pageSize: 10, ...(search ? { search } : {}) },
  });
  return response.json().data.total as number;
}

beforeAll(async () => {
  const app = getApp();
  const dev = (await loginAs(app, await createUser(app, 'D'))).headers;
  admin = (await loginAs(app, await createUser(app, 'M'))).headers;
  userA = await createUser(app, 'U');
  userB = await createUser(app, 'U');
  entA = (await loginAs(app, userA)).headers;
  entB = (await loginAs(app, userB)).headers;
  const node = await publishedNode(app, dev, definition);
  ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
  tableName = node.tableName;
  await seedRows(userA, 3000, '甲');
  await seedRows(userB, 5, '乙');
});

describe('POST /ks/monitor/export', () => {
  it('streams every row of the caller’s scope with headers, labels and the file name', async () => {
    const { response, rows } = await exportSheet(entA);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const disposition = decodeURIComponent(String(response.headers['content-disposition']));
    expect(disposition).toMatch(/_\d{14}\.xlsx/);
    expect(rows[0]).toEqual(['项目名称', '金额', '类别', '状态']);
    expect(rows).toHaveLength(3001);
    const byTitle = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byTitle.get('甲1')).toEqual(['甲1', 1, '市政', '草稿']);
    expect(byTitle.get('甲2')).toEqual(['甲2', 2, '房建', '草稿']);
    expect(byTitle.get('甲2999')).toEqual(['甲2999', 2999, '市政', '草稿']);
    const titles = new Set(rows.slice(1).map((row) => row[0]));
    expect(titles.size).toBe(3000);
    expect([...titles].some((title) => String(title).startsWith('乙'))).toBe(false);
  });

  it('answers the error envelope, not a cut-off download, when the database refuses the query', async () => {
    const table = tableRef(tableName);
    // A fault of the database mid-request: the table no longer has a column the export reads.
    await getApp().db.execute(sql`alter table ${table} rename column title to title_gone`);
    try {
      const { response } = await exportSheet(entA);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toMatchObject({ code: 500, data: null });
    } finally {
      await getApp().db.execute(sql`alter table ${table} rename column title_gone to title`);
    }
  });

  it('applies the current filter', async () => {
    const { rows } = await exportSheet(entA, {
      filters: { category: 'fj' },
      search: [{ code: 'title', val: '甲1' }],
    });
    // 甲1…甲3000 containing "甲1" with an even amount.
    const expected = Array.from({ length: 3000 }, (_, i) => i + 1).filter(
      (n) => `甲${n}`.includes('甲1') && n % 2 === 0,
    );
    expect(rows.length - 1).toBe(expected.length);
  });

  it('another enterprise exports only its own rows', async () => {
    const { rows } = await exportSheet(entB);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['乙1', '乙2', '乙3', '乙4', '乙5']);
  });

  it("logs each export on the node's own log, where an enterprise reads only its own entries", async () => {
    await exportSheet(entA);
    await exportSheet(entB);
    const nodeLog = async (headers: Headers) => {
      const response = await getApp().inject({
        method: 'POST',
        url: '/ks/common/common/logHistory',
        headers,
        payload: { gnCoding: ref.gnCoding, id: ref.gnCoding },
      });
      return response.json().data as { czrName: string; logbook: string }[];
    };
    const names = (entries: { czrName: string }[]) => new Set(entries.map((entry) => entry.czrName));
    const [nameA, nameB] = await Promise.all(
      [userA, userB].map(async (user) => {
        const [row] = await getApp().db.select().from(users).where(eq(users.id, user.id));
        return row?.userName;
      }),
    );
    expect(names(await nodeLog(entB))).toEqual(new Set([nameB]));
    expect((await nodeLog(entB)).every((entry) => entry.logbook === '导出数据')).toBe(true);
    expect([...names(await nodeLog(admin))]).toEqual(expect.arrayContaining([nameA, nameB]));
  });

  it('follows the list’s order: the node’s default (newest first), or the caller’s sort', async () => {
    // 甲n was created n seconds ago; 3,000 rows span six fetches of the export's cursor.
    const newestFirst = Array.from({ length: 3000 }, (_, i) => `甲${i + 1}`);
    const byDefault = await exportSheet(entA);
    expect(byDefault.rows.slice(1).map((row) => row[0])).toEqual(newestFirst);
    const byAmount = await exportSheet(entA, { sortField: 'amount', sortOrder: 'desc' });
    expect(byAmount.rows.slice(1).map((row) => row[0])).toEqual([...newestFirst].reverse());
    const list = await getApp().inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: entA,
      payload: { ...ref, curPage: 1, pageSize: 10, sortField: 'amount', sortOrder: 'desc' },
    });
    expect(list.json().data.records.map((row: { title: string }) => row.title)).toEqual(
      byAmount.rows.slice(1, 11).map((row) => row[0]),
    );
  });

  it('refuses a sort the list refuses, before any byte is sent', async () => {
    const { response } = await exportSheet(entA, { sortField: 'password_hash' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SORT_FIELD_MESSAGE);
  });

  it('closes its cursor when the download is cancelled halfway', async () => {
    const app = getApp();
    // 60,000 rows make about 1.4 MB of xlsx, more than a Unix socket's and the streams' buffers
    // hold: a reader that stops reading halts the export between two fetches, its cursor open.
    const developer = (await loginAs(app, await createUser(app, 'D'))).headers;
    const big = await publishedNode(app, developer, definition);
    const owner = await createUser(app, 'U');
    await seedRows(owner, 60_000, '戊', big.tableName);
    // The server removes its socket file when the app closes.
    const socketPath = join(tmpdir(), `ks-export-${process.pid}-${Date.now()}.sock`);
    await app.listen({ path: socketPath });
    const { req, firstBytes } = startDownload(socketPath, (await loginAs(app, owner)).headers, {
      systemCoding: big.systemCoding,
      gnCoding: big.gnCoding,
    });
    try {
      await firstBytes;
      await vi.waitFor(async () => expect(await openExportCursors()).toBe(1), { timeout: 15000 });
    } finally {
      req.destroy();
    }
    await vi.waitFor(async () => expect(await openExportCursors()).toBe(0), { timeout: 15000 });
    // The reserved connection went back to the pool: the next export has one.
    expect((await exportSheet(entB)).rows).toHaveLength(6);
  });

  it('refuses bad filters before any byte is sent', async () => {
    const { response } = await exportSheet(entA, {
      where: { field: 'password_hash', operator: 'eq', value: 1 },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('readerCaughtUp', () => {
  it('waits while the reader is behind, and answers false when it goes away instead', async () => {
    const stream = new PassThrough();
    stream.write(Buffer.alloc(stream.writableHighWaterMark * 3));
    expect(stream.writableNeedDrain).toBe(true);
    let answer: boolean | undefined;
    const waiting = readerCaughtUp(stream).then((value) => {
      answer = value;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answer).toBeUndefined();
    stream.destroy();
    await waiting;
    expect(answer).toBe(false);
  });

  it('answers true once the reader has taken what was written', async () => {
    const stream = new PassThrough();
    stream.write(Buffer.alloc(stream.writableHighWaterMark * 3));
    const waiting = readerCaughtUp(stream);
    stream.resume();
    expect(await waiting).toBe(true);
  });
});

describe('GET /ks/monitor/import-template', () => {
  it('answers the template with one header per field', async () => {
    const response = await getApp().inject({
      method: 'GET',
      url: '/ks/monitor/import-template',
      headers: admin,
      query: ref,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(((workbook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1)).toEqual([
      '项目名称',
      '金额',
      '类别',
      '开工日期',
      '加急',
    ]);
    expect(workbook.worksheets[1]?.getRow(4).values).toContain('可选：房建、市政');
  });

  it('leaves out computed fields, which the server computes on every save', async () => {
    const app = getApp();
    const developer = (await loginAs(app, await createUser(app, 'D'))).headers;
    const priced = await publishedNode(app, developer, {
      form: {
        items: [
          { code: 'price', name: '单价', type: 'number' },
          { code: 'qty', name: '数量', type: 'number' },
          { code: 'total', name: '合价', type: 'computed-number', formula: 'price * qty' },
        ],
      },
      functions: ['save', 'import', 'view'],
    });
    const response = await app.inject({
      method: 'GET',
      url: '/ks/monitor/import-template',
      headers: admin,
      query: { systemCoding: priced.systemCoding, gnCoding: priced.gnCoding },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(((workbook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1)).toEqual([
      '单价',
      '数量',
    ]);
  });

  it('is refused to users without the import function', async () => {
    const response = await getApp().inject({
      method: 'GET',
      url: '/ks/monitor/import-template',
      headers: entA,
      query: ref,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(FUNCTION_DENIED_MESSAGE('导入'));
  });
});

describe('POST /ks/monitor/import', () => {
  it('imports every valid row, converting labels, dates and 是/否', async () => {
    const before = await liveRows();
    const file = await workbookOf([
      ['项目名称', '金额', '类别', '开工日期', '加急'],
      ['导入一号', 10, '房建', new Date(Date.UTC(2025, 4, 6)), '是'],
      ['导入二号', '20.5', 'sz', '2025-05-07', '否'],
      [],
    ]);
    const result = await importFile(admin, file);
    expect(result.body).toMatchObject({
      code: 200,
      data: { imported: 2, rejected: [] },
      message: '成功导入2条数据',
    });
    expect(await liveRows()).toBe(before + 2);
    const list = await getApp().inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: admin,
      payload: { ...ref, curPage: 1, pageSize: 10, search: [{ code: 'title', val: '导入一号' }] },
    });
    const row = list.json().data.records[0];
    // The record's own log drawer tells how it was made.
    const log = await getApp().inject({
      method: 'POST',
      url: '/ks/common/common/logHistory',
      headers: admin,
      payload: { gnCoding: ref.gnCoding, id: row.id },
    });
    expect(log.json().data).toEqual([expect.objectContaining({ logbook: '导入数据' })]);
    expect(row).toMatchObject({
      title: '导入一号',
      amount: 10,
      category: 'fj',
      start_day: '2025-05-06',
      urgent: true,
    });
  });

  it('imports nothing when any row fails, and reports each rejected row', async () => {
    const before = await liveRows();
    const file = await workbookOf([
      ['项目名称', '金额', '类别'],
      ['好行', 1, '房建'],
      ['', 2, '房建'],
      ['坏类别', 'abc', '别墅'],
    ]);
    const result = await importFile(admin, file);
    expect(result.body.data).toEqual({
      imported: 0,
      rejected: [
        { row: 3, errors: { title: '项目名称必填' } },
        { row: 4, errors: { amount: '金额须为数字', category: '类别的选项无效，请重新选择' } },
      ],
    });
    expect(result.body.message).toBe('有2行数据未通过校验，未导入任何数据');
    expect(await liveRows()).toBe(before);
  });

  it('refuses a file that is not an xlsx', async () => {
    const result = await importFile(admin, Buffer.from('not a workbook'));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(IMPORT_FILE_MESSAGE);
  });

  it('refuses a sheet without rows', async () => {
    const result = await importFile(admin, await workbookOf([['项目名称', '金额']]));
    expect(result.body.message).toBe(IMPORT_EMPTY_MESSAGE);
  });

  it('refuses users without the import function', async () => {
    const result = await importFile(entA, await workbookOf([['项目名称'], ['x']]));
    expect(result.status).toBe(403);
  });
});

describe('export, then import', () => {
  /** A child select offering its parent option's children, and a select-edit field. */
  const linked: NodeDefinitionInput = {
    form: {
      items: [
        { code: 'title', name: '项目名称', type: 'text', required: '1' },
        {
          code: 'province',
          name: '省份',
          type: 'select',
          options: {
            list: [
              {
                label: '江苏',
                value: 'js',
                children: [
                  { label: '南京', value: 'nj' },
                  { label: '市辖区', value: 'js_sxq' },
                ],
              },
              { label: '浙江', value: 'zj', children: [{ label: '市辖区', value: 'zj_sxq' }] },
            ],
          },
        },
        { code: 'city', name: '城市', type: 'select-link', parentNode: 'province' },
        {
          code: 'kind',
          name: '工程类型',
          type: 'select-edit',
          options: { list: [{ label: '市政工程', value: 'sz' }] },
        },
      ],
    },
    list: {
      columns: [
        { code: 'title', name: '项目名称' },
        { code: 'province', name: '省份' },
        { code: 'city', name: '城市' },
        { code: 'kind', name: '工程类型' },
        { code: 'created_at', name: '创建时间', type: 'text' },
      ],
    },
    functions: ['save', 'export', 'import', 'view'],
  };
  let node: { systemCoding: string; gnCoding: string; tableName: string };

  beforeAll(async () => {
    const app = getApp();
    const developer = (await loginAs(app, await createUser(app, 'D'))).headers;
    node = await publishedNode(app, developer, linked);
    // 02:03:04 UTC is 10:03:04 in Beijing.
    await app.db.execute(sql`
      insert into ${tableRef(node.tableName)} (owner_user_id, owner_enterprise_id, schema_version, title, province, city, kind, created_at)
      select ${userA.id}::uuid, (select enterprise_id from users where id = ${userA.id}::uuid), 1, v.title, v.province, v.city, v.kind,
        timestamptz '2025-05-06 02:03:04+00'
      from (values ('原1', 'js', 'nj', 'sz'), ('原2', 'js', 'js_sxq', '自填类型'), ('原3', 'zj', 'zj_sxq', null))
        as v(title, province, city, kind)`);
  });

  const storedRows = async (prefix: string) => {
    const result = await getApp().db.execute(
      sql`select title, province, city, kind from ${tableRef(node.tableName)}
        where title like ${`${prefix}%`} and deleted_at is null order by title`,
    );
    return (result as unknown as { rows: Record<string, string | null>[] }).rows;
  };

  it('imports an exported sheet back to the same codes: a child’s label under its parent’s option, a select-edit’s label', async () => {
    const ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
    const { rows } = await exportSheet(admin, ref);
    const byTitle = new Map(rows.slice(1).map((row) => [row[0], row.slice(0, 4)]));
    expect(byTitle.get('原1')).toEqual(['原1', '江苏', '南京', '市政工程']);
    expect(byTitle.get('原3')).toEqual(['原3', '浙江', '市辖区', undefined]);
    // The same sheet, its titles renamed so the imported rows can be told from the originals.
    const sheet = rows.map((row, index) =>
      index === 0 ? row : [String(row[0]).replace('原', '回'), ...row.slice(1)],
    );
    const result = await importFile(admin, await workbookOf(sheet), ref);
    expect(result.body.data).toEqual({ imported: 3, rejected: [] });
    const strip = (rows: Record<string, string | null>[]) => rows.map(({ title: _, ...values }) => values);
    expect(strip(await storedRows('回'))).toEqual(strip(await storedRows('原')));
    expect(strip(await storedRows('回'))).toEqual([
      { province: 'js', city: 'nj', kind: 'sz' },
      { province: 'js', city: 'js_sxq', kind: '自填类型' },
      { province: 'zj', city: 'zj_sxq', kind: null },
    ]);
  });

  it('tells in the template that a child’s options follow its parent', async () => {
    const response = await getApp().inject({
      method: 'GET',
      url: '/ks/monitor/import-template',
      headers: admin,
      query: { systemCoding: node.systemCoding, gnCoding: node.gnCoding },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const hints = new Map<unknown, unknown>();
    workbook.worksheets[1]?.eachRow((row) => hints.set(row.getCell(1).value, row.getCell(3).value));
    expect(hints.get('城市')).toBe('随“省份”而定：填写所选省份下的选项');
  });

  it('writes times in the server’s time zone, as the file name’s timestamp', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Shanghai';
    const hour = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      hour12: false,
      timeZone: 'Asia/Shanghai',
    });
    const hourBefore = hour.format(new Date());
    try {
      const { response, rows } = await exportSheet(admin, {
        systemCoding: node.systemCoding,
        gnCoding: node.gnCoding,
      });
      expect(rows[0]?.[4]).toBe('创建时间');
      expect(rows.find((row) => row[0] === '原1')?.[4]).toBe('2025-05-06 10:03:04');
      // The file name's stamp is read in the same zone: the hour of Beijing's clock now.
      const disposition = decodeURIComponent(String(response.headers['content-disposition']));
      const stampHour = disposition.match(/_\d{8}(\d{2})\d{4}\.xlsx/)?.[1];
      expect([hourBefore, hour.format(new Date())]).toContain(stampHour);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('count rule', () => {
  it('counts exactly up to EXACT_COUNT_LIMIT rows, above that answers the planner’s estimate flagged inexact', async () => {
    const app = getApp();
    const userC = await createUser(app, 'U');
    const entC = (await loginAs(app, userC)).headers;
    await seedRows(userC, EXACT_COUNT_LIMIT, '丙');
    expect(await countOf(entC)).toBe(EXACT_COUNT_LIMIT);
    const exact = await app.inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: entC,
      payload: { ...ref, curPage: 1, pageSize: 10 },
    });
    expect(exact.json().data.totalExact).toBe(true);
    await seedRows(userC, 5, '丙新');
    await app.db.execute(sql`analyze ${tableRef(tableName)}`);
    const estimated = await app.inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: entC,
      payload: { ...ref, curPage: 1, pageSize: 10 },
    });
    expect(estimated.json().data).toMatchObject({ totalExact: false });
    const estimate = estimated.json().data.total as number;
    expect(estimate).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The estimate is reused for a few seconds (an estimate either way); a cache refresh asks again.
    await seedRows(userC, 5000, '丙再');
    await app.db.execute(sql`analyze ${tableRef(tableName)}`);
    const page = { ...ref, curPage: 1, pageSize: 10 };
    const reused = await app.inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: entC,
      payload: page,
    });
    expect(reused.json().data).toMatchObject({ total: estimate, totalExact: false });
    const manager = (await loginAs(app, await createUser(app, 'M'))).headers;
    const refreshed = await app.inject({ method: 'GET', url: '/ks/cache/refresh', headers: manager });
    expect(refreshed.json().data).toContain('list-estimates');
    const fresh = await app.inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: entC,
      payload: page,
    });
    expect(fresh.json().data.total).toBeGreaterThan(estimate);
    // While the estimate is held, pages are read without a count; the short last page tells the
    // total exactly, and a full page in between keeps the held estimate.
    const live = await liveRowsOf(userC.id);
    const last = await app.inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: entC,
      payload: { ...page, curPage: Math.floor(live / 10) + 1 },
    });
    expect(last.json().data).toMatchObject({ total: live, totalExact: true });
    expect(last.json().data.records).toHaveLength(live % 10);
    const middle = await app.inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: entC,
      payload: { ...page, curPage: 50 },
    });
    expect(middle.json().data).toMatchObject({ total: fresh.json().data.total, totalExact: false });
    // A narrower filter is counted exactly again.
    expect(await countOf(entC, [{ code: 'title', val: '丙新' }])).toBe(5);
  });

  it('analyses a table whose statistics contradict the count, so the total is not stuck at the limit', async () => {
    // A new node's table, bulk-loaded and never analysed: without statistics the planner guesses
    // a handful of rows for the owner's scope, which would end the pager at EXACT_COUNT_LIMIT.
    const app = getApp();
    const developer = (await loginAs(app, await createUser(app, 'D'))).headers;
    const fresh = await publishedNode(app, developer, definition);
    const owner = await createUser(app, 'U');
    await app.db.execute(sql`
      insert into ${tableRef(fresh.tableName)} (owner_user_id, owner_enterprise_id, schema_version, title)
      select ${owner.id}::uuid, (select enterprise_id from users where id = ${owner.id}::uuid), 1, '丁' || g
      from generate_series(1, 4000) g`);
    const response = await app.inject({
      method: 'POST',
      url: '/ks/monitor/table-list',
      headers: (await loginAs(app, owner)).headers,
      payload: { systemCoding: fresh.systemCoding, gnCoding: fresh.gnCoding, curPage: 1, pageSize: 10 },
    });
    const { total, totalExact } = response.json().data as { total: number; totalExact: boolean };
    expect(totalExact).toBe(false);
    expect(total).toBeGreaterThan(3200);
    expect(total).toBeLessThan(4800);
  });
});
