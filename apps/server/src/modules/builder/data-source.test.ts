import {
  BIND_TABLE_REQUIRED_MESSAGE,
  DATA_SOURCE_HAS_RECORDS_MESSAGE,
  DATA_TABLE_EXISTS_MESSAGE,
  DATA_TABLE_MISSING_MESSAGE,
  DATA_TABLE_NAME_MESSAGE,
  DATA_TABLE_SAME_MESSAGE,
  DATA_TABLE_TAKEN_MESSAGE,
  type DataTable,
  envelopeColumnsMissingMessage,
} from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  draftOf,
  expectRefused,
  headersByRole,
  newSystem,
  publish,
  publishedNode,
  saveDraft,
} from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, type TestApp, unique, useTestApp } from '../../../test/helper.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { tableColumns } from '../../engine/node-tables.ts';
import { itemTypeOfColumn } from './data-source-service.ts';

const getApp = useTestApp();
const developer = async () => (await loginAs(getApp(), await createUser(getApp(), 'D'))).headers;

const ENVELOPE_SQL = `id uuid primary key default gen_random_uuid(), business_id text not null default '',
  owner_user_id uuid not null, owner_enterprise_id uuid, status text not null default 'draft',
  audit_state text not null default '', schema_version integer not null, submitted_at timestamptz,
  confirmed_at timestamptz, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), version integer not null default 1, deleted_at timestamptz`;

/** A table made outside the builder, in the business-data schema. */
async function externalTable(app: TestApp, columns: string, withEnvelope = true) {
  const tableName = unique('ext_').toLowerCase();
  await app.db.execute(
    sql.raw(`create table ks_data."${tableName}" (${withEnvelope ? `${ENVELOPE_SQL}, ` : ''}${columns})`),
  );
  return tableName;
}

const dbList = async (app: TestApp, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/ks/config/new/node/db-list', headers })).json()
    .data as DataTable[];
const updateDataSource = (app: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/ks/config/new/node/update-data-source', headers, payload });

describe('GET /ks/config/new/node/db-list', () => {
  it('offers free tables of the data schema with columns and estimates, never bound ones or platform tables', async () => {
    const app = getApp();
    const headers = await developer();
    const free = await externalTable(app, 'remark text');
    const { tableName: bound } = await publishedNode(app, headers, {
      form: { items: [{ code: 'title', name: '标题', type: 'text' }] },
    });
    const tables = await dbList(app, headers);
    const names = tables.map((table) => table.tableName);
    expect(names).toContain(free);
    expect(names).not.toContain(bound);
    for (const platform of ['users', 'menu_nodes', 'node_definitions', 'operation_logs']) {
      expect(names).not.toContain(platform);
    }
    const offered = tables.find((table) => table.tableName === free);
    expect(offered?.estimatedRows).toBeGreaterThanOrEqual(0);
    expect(offered?.columns).toEqual(expect.arrayContaining([{ name: 'remark', type: 'text' }]));
  });

  it('offers the table of a deleted node again', async () => {
    const app = getApp();
    const headers = await developer();
    const { node, tableName } = await publishedNode(app, headers, {
      form: { items: [{ code: 'title', name: '标题', type: 'text' }] },
    });
    await app.inject({
      method: 'DELETE',
      url: '/ks/config/new/structure/del',
      headers,
      query: { nodeId: node.id },
    });
    expect((await dbList(app, headers)).map((table) => table.tableName)).toContain(tableName);
  });
});

describe('POST /ks/config/new/node/update-data-source', () => {
  it('creates the table now from the draft under the default name, and records it', async () => {
    const app = getApp();
    const headers = await developer();
    const system = await newSystem(app, headers);
    const node = await addNode(app, headers, system.gnCoding);
    await saveDraft(app, headers, node.id, {
      form: { items: [{ code: 'title', name: '标题', type: 'text' }] },
    });
    const response = await updateDataSource(app, headers, { nodeId: node.id, mode: 'create' });
    const tableName = `${system.gnCoding}_${node.gnCoding}`.toLowerCase();
    expect(response.json()).toMatchObject({ code: 200, data: { tableName, mode: 'created' } });
    expect((await tableColumns(app.db, tableName)).map((c) => c.name)).toContain('title');
    expect((await draftOf(app, headers, node.id)).dataSource).toEqual({ tableName, mode: 'created' });
    // Publishing uses the table it has.
    expect((await publish(app, headers, node.id)).json().data.tableName).toBe(tableName);
    const migrations = await app.inject({
      method: 'GET',
      url: '/ks/config/new/node/migrations',
      headers,
      query: { nodeId: node.id },
    });
    expect(migrations.json().data[0]).toMatchObject({ kind: 'create_table', tableName });
    const logged = await app.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, '新建节点数据表'), eq(operationLogs.targetId, node.gnCoding)));
    expect(logged).toHaveLength(1);
  });

  it('creates a table under a given name, refusing a bad name and a clash', async () => {
    const app = getApp();
    const headers = await developer();
    const system = await newSystem(app, headers);
    const node = await addNode(app, headers, system.gnCoding);
    const bad = await updateDataSource(app, headers, {
      nodeId: node.id,
      mode: 'create',
      tableName: 'Bad-Name',
    });
    expect(bad.json()).toMatchObject({ code: 400, message: DATA_TABLE_NAME_MESSAGE });
    const taken = await externalTable(app, 'remark text');
    const clash = await updateDataSource(app, headers, { nodeId: node.id, mode: 'create', tableName: taken });
    expect(clash.json()).toMatchObject({ code: 400, message: DATA_TABLE_EXISTS_MESSAGE });
    expect((await draftOf(app, headers, node.id)).dataSource).toBeNull();
    const name = unique('own_').toLowerCase();
    const created = await updateDataSource(app, headers, {
      nodeId: node.id,
      mode: 'create',
      tableName: name,
    });
    expect(created.json().data.tableName).toBe(name);
    const again = await updateDataSource(app, headers, { nodeId: node.id, mode: 'create', tableName: name });
    expect(again.json()).toMatchObject({ code: 400, message: DATA_TABLE_SAME_MESSAGE });
  });

  it('binds a free table with the envelope, adding its other columns to the draft by type', async () => {
    const app = getApp();
    const headers = await developer();
    const system = await newSystem(app, headers);
    const node = await addNode(app, headers, system.gnCoding);
    await saveDraft(app, headers, node.id, {
      form: { items: [{ code: 'title', name: '标题', type: 'text' }] },
    });
    const tableName = await externalTable(
      app,
      'title text, amount numeric(12,2), quantity integer, active boolean, due date, tags text[], "BadName" text',
    );
    await app.db.execute(sql.raw(`comment on column ks_data."${tableName}".amount is '金额'`));
    const response = await updateDataSource(app, headers, { nodeId: node.id, mode: 'bind', tableName });
    expect(response.json()).toMatchObject({
      code: 200,
      data: {
        tableName,
        mode: 'bound',
        addedItems: ['amount', 'quantity', 'active', 'due', 'tags'],
        skippedColumns: ['BadName'],
        draftVersion: 2,
      },
    });
    const draft = await draftOf(app, headers, node.id);
    expect(draft.dataSource).toEqual({ tableName, mode: 'bound' });
    const items = Object.fromEntries(draft.definition.form.items.map((item) => [item.code, item]));
    expect(items.amount).toMatchObject({ name: '金额', type: 'number' });
    expect(items.quantity?.type).toBe('input-number');
    expect(items.active?.type).toBe('switch');
    expect(items.due?.type).toBe('date');
    expect(items.tags?.type).toBe('select-multiple');
    const migrations = await app.inject({
      method: 'GET',
      url: '/ks/config/new/node/migrations',
      headers,
      query: { nodeId: node.id },
    });
    expect(migrations.json().data.at(-1)).toMatchObject({ kind: 'bind', tableName });
    const logged = await app.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, '绑定节点数据表'), eq(operationLogs.targetId, node.gnCoding)));
    expect(logged.map((row) => row.detail)).toEqual([tableName]);
    expect((await dbList(app, headers)).map((table) => table.tableName)).not.toContain(tableName);
  });

  it.each([
    ['a missing table name', { mode: 'bind' }, BIND_TABLE_REQUIRED_MESSAGE],
    [
      'a table that does not exist',
      { mode: 'bind', tableName: 'no_such_table_here' },
      DATA_TABLE_MISSING_MESSAGE,
    ],
  ])('refuses a bind with %s', async (_case, payload, message) => {
    const app = getApp();
    const headers = await developer();
    const system = await newSystem(app, headers);
    const node = await addNode(app, headers, system.gnCoding);
    const response = await updateDataSource(app, headers, { nodeId: node.id, ...payload });
    expect(response.json()).toMatchObject({ code: 400, message, data: { tableName: message } });
  });

  it('refuses a table without the record envelope, naming what is missing', async () => {
    const app = getApp();
    const headers = await developer();
    const system = await newSystem(app, headers);
    const node = await addNode(app, headers, system.gnCoding);
    const tableName = await externalTable(app, 'id uuid primary key, status text, remark text', false);
    const response = await updateDataSource(app, headers, { nodeId: node.id, mode: 'bind', tableName });
    const message = envelopeColumnsMissingMessage([
      'business_id',
      'owner_user_id',
      'owner_enterprise_id',
      'audit_state',
      'schema_version',
      'submitted_at',
      'confirmed_at',
      'created_at',
      'updated_at',
      'version',
      'deleted_at',
    ]);
    expect(response.json()).toMatchObject({ code: 400, message });
    expect((await draftOf(app, headers, node.id)).dataSource).toBeNull();
  });

  it('refuses a table another live node uses', async () => {
    const app = getApp();
    const headers = await developer();
    const { tableName } = await publishedNode(app, headers, {
      form: { items: [{ code: 'title', name: '标题', type: 'text' }] },
    });
    const system = await newSystem(app, headers);
    const node = await addNode(app, headers, system.gnCoding);
    const response = await updateDataSource(app, headers, { nodeId: node.id, mode: 'bind', tableName });
    expect(response.json()).toMatchObject({ code: 400, message: DATA_TABLE_TAKEN_MESSAGE });
  });

  it('switches an empty table, but keeps the table once it has records', async () => {
    const app = getApp();
    const headers = await developer();
    const { node, tableName } = await publishedNode(app, headers, {
      form: { items: [{ code: 'title', name: '标题', type: 'text' }] },
    });
    const first = await externalTable(app, 'title text');
    const switched = await updateDataSource(app, headers, {
      nodeId: node.id,
      mode: 'bind',
      tableName: first,
    });
    expect(switched.json().code).toBe(200);
    // The table left behind is kept and offered again.
    expect((await dbList(app, headers)).map((table) => table.tableName)).toContain(tableName);
    await app.db.execute(
      sql.raw(
        `insert into ks_data."${first}" (owner_user_id, schema_version, title) values (gen_random_uuid(), 1, 'x')`,
      ),
    );
    const second = await externalTable(app, 'title text');
    const refused = await updateDataSource(app, headers, {
      nodeId: node.id,
      mode: 'bind',
      tableName: second,
    });
    expect(refused.json()).toMatchObject({ code: 400, message: DATA_SOURCE_HAS_RECORDS_MESSAGE });
    expect((await draftOf(app, headers, node.id)).dataSource?.tableName).toBe(first);
  });

  it('is for developers only', async () => {
    const app = getApp();
    const headers = await headersByRole(app);
    const system = await newSystem(app, headers.D);
    const node = await addNode(app, headers.D, system.gnCoding);
    await expectRefused(app, headers, ['M', 'U', 'P'], { method: 'GET', url: '/ks/config/new/node/db-list' });
    await expectRefused(app, headers, ['M', 'U', 'P'], {
      method: 'POST',
      url: '/ks/config/new/node/update-data-source',
      payload: { nodeId: node.id, mode: 'create' },
    });
    expect((await draftOf(app, headers.D, node.id)).dataSource).toBeNull();
  });
});

describe('itemTypeOfColumn', () => {
  it.each([
    ['text', 'text'],
    ['character varying(50)', 'text'],
    ['uuid', 'text'],
    ['jsonb', 'textarea'],
    ['integer', 'input-number'],
    ['bigint', 'number'],
    ['numeric(12,2)', 'number'],
    ['double precision', 'number'],
    ['boolean', 'switch'],
    ['date', 'date'],
    ['timestamp with time zone', 'datetime'],
    ['timestamp without time zone', 'datetime'],
    ['date[]', 'daterange'],
    ['text[]', 'select-multiple'],
  ])('maps %s to %s', (pgType, itemType) => {
    expect(itemTypeOfColumn(pgType)).toBe(itemType);
  });
});
