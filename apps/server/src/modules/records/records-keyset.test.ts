import { type NodeDefinitionInput, PAGE_ANCHOR_MESSAGE } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedNode } from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, type TestUser, useTestApp } from '../../../test/helper.ts';
import { tableRef } from '../../engine/node-tables.ts';

const getApp = useTestApp();

const definition: NodeDefinitionInput = {
  form: {
    items: [
      { code: 'title', name: '项目名称', type: 'text', required: '1' },
      { code: 'amount', name: '金额', type: 'number' },
    ],
  },
  list: {
    columns: [
      { code: 'title', name: '项目名称', sortable: true },
      { code: 'amount', name: '金额', sortable: true },
    ],
  },
  functions: ['view'],
};

type Headers = Record<string, string>;
type Page = { records: { id: string }[]; total: number; totalExact: boolean; curPage: number };
let admin: Headers;
let entA: Headers;
let ref: { systemCoding: string; gnCoding: string };
let tableName: string;
let idOfB: string;

/**
 * Rows with every tie keyset paging must break by id: amounts repeat (g % 7) with a NULL every
 * fifth row, and creation times come in threes.
 */
async function seedRows(owner: TestUser, count: number, prefix: string) {
  await getApp().db.execute(sql`
    insert into ${tableRef(tableName)} (owner_user_id, owner_enterprise_id, schema_version, title, amount, created_at)
    select ${owner.id}::uuid, (select enterprise_id from users where id = ${owner.id}::uuid), 1, ${prefix} || (g % 4),
      case when g % 5 = 0 then null else g % 7 end, timestamptz '2026-01-01' + (g / 3) * interval '1 second'
    from generate_series(1, ${count}) g`);
}

async function list(headers: Headers, body: object) {
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/monitor/table-list',
    headers,
    payload: { ...ref, curPage: 1, pageSize: 10, ...body },
  });
  return { status: response.statusCode, body: response.json() as { message: string; data: Page } };
}

const ids = (page: Page) => page.records.map((row) => row.id);

beforeAll(async () => {
  const app = getApp();
  const dev = (await loginAs(app, await createUser(app, 'D'))).headers;
  admin = (await loginAs(app, await createUser(app, 'M'))).headers;
  const userA = await createUser(app, 'U');
  const userB = await createUser(app, 'U');
  entA = (await loginAs(app, userA)).headers;
  const node = await publishedNode(app, dev, definition);
  ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
  tableName = node.tableName;
  await seedRows(userA, 27, '甲');
  await seedRows(userB, 5, '乙');
  const [row] = (
    (await app.db.execute(
      sql`select id from ${tableRef(tableName)} where owner_user_id = ${userB.id}::uuid limit 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  idOfB = row?.id ?? '';
});

describe('keyset pages (after / before a record of the list)', () => {
  it.each<[string, object]>([
    ['the default order (creation time, ties by id)', {}],
    ['a nullable number ascending (nulls first)', { sortField: 'amount', sortOrder: 'asc' }],
    ['a nullable number descending (nulls last)', { sortField: 'amount', sortOrder: 'desc' }],
    ['a text field descending', { sortField: 'title', sortOrder: 'desc' }],
    ['creation time ascending', { sortField: 'createdAt', sortOrder: 'asc' }],
    ['id alone', { sortField: 'id', sortOrder: 'desc' }],
  ])('walk %s forwards and back, as the offset pages list it', async (_name, sort) => {
    const whole = await list(entA, { ...sort, pageSize: 50 });
    expect(whole.body.data.total).toBe(27);
    const expected = ids(whole.body.data);

    const pages: Page[] = [(await list(entA, sort)).body.data];
    for (let curPage = 2; pages.at(-1)?.records.length === 10; curPage += 1) {
      const after = pages.at(-1)?.records.at(-1)?.id;
      const next = await list(entA, { ...sort, curPage, after });
      expect(next.status).toBe(200);
      expect(next.body.data).toMatchObject({ curPage, total: 27, totalExact: true });
      pages.push(next.body.data);
    }
    expect(pages.flatMap(ids)).toEqual(expected);

    // Back from the last page: each page before the first row of the one after it.
    const backwards: string[][] = [];
    for (let from = pages.at(-1) as Page; ; ) {
      const before = from.records[0]?.id;
      const previous = (await list(entA, { ...sort, before })).body.data;
      if (previous.records.length === 0) break;
      backwards.unshift(ids(previous));
      from = previous;
    }
    expect([...backwards.flat(), ...ids(pages.at(-1) as Page)]).toEqual(expected);
  });

  it('pages on past the offset cap', async () => {
    const first = (await list(entA, { pageSize: 10 })).body.data;
    const deep = await list(entA, { curPage: 1001, after: first.records.at(-1)?.id });
    expect(deep.status).toBe(200);
    expect(deep.body.data.curPage).toBe(1001);
    expect(deep.body.data.records).toHaveLength(10);
  });

  it("refuses an anchor outside the caller's scope, two anchors, or one that is not an id", async () => {
    const foreign = await list(entA, { after: idOfB });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(PAGE_ANCHOR_MESSAGE);
    // The administrator's scope is every record.
    expect((await list(admin, { after: idOfB })).status).toBe(200);
    const first = (await list(entA, {})).body.data.records;
    const both = await list(entA, { after: first[0]?.id, before: first[1]?.id });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(PAGE_ANCHOR_MESSAGE);
    const bad = await list(entA, { before: "1' or '1'='1" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PAGE_ANCHOR_MESSAGE);
  });

  it('keeps its place when the anchor record is deleted meanwhile', async () => {
    const [first, second] = [(await list(entA, {})).body.data, (await list(entA, { curPage: 2 })).body.data];
    const anchor = first.records.at(-1)?.id;
    await getApp().db.execute(
      sql`update ${tableRef(tableName)} set deleted_at = now() where id = ${anchor}::uuid`,
    );
    const next = await list(entA, { curPage: 2, after: anchor });
    expect(ids(next.body.data)).toEqual(ids(second));
    await getApp().db.execute(
      sql`update ${tableRef(tableName)} set deleted_at = null where id = ${anchor}::uuid`,
    );
  });
});
