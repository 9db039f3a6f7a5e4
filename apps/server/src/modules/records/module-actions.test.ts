import {
  actionNotApplicableMessage,
  FUNCTION_DENIED_MESSAGE,
  type NodeDefinitionInput,
  RECORD_CONFLICT_MESSAGE,
} from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CERTIFY,
  CERTIFY_FAILED_MESSAGE,
  CERTIFY_REMARK_MESSAGE,
  certifyModule,
} from '../../../test/action-fixtures.ts';
import { addNode, newSystem, publishedNode, saveDraft } from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, unique, useTestApp } from '../../../test/helper.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { recordRevisions } from '../../db/schema/records.ts';
import { ModuleActions } from '../../engine/module-actions.ts';
import { tableRef } from '../../engine/node-tables.ts';
import { updateEnvelope } from '../../engine/record-store.ts';

/** Module actions (decision 0030), through a test module registering 核验 (`certify`). */
const getApp = useTestApp({}, { modules: [certifyModule] });

const definition = (functions: string[]): NodeDefinitionInput => ({
  form: { items: [{ code: 'title', name: '项目名称', type: 'text', required: '1', length: 60 }] },
  list: {
    columns: [
      { code: 'title', name: '项目名称' },
      { code: 'operations', name: '操作', type: 'operations' },
    ],
  },
  functions,
});

type Headers = Record<string, string>;
let dev: Headers;
let admin: Headers;
let entA: Headers;
let node: { systemCoding: string; gnCoding: string; tableName: string; node: { id: string } };
let ref: { systemCoding: string; gnCoding: string };

async function call(method: 'POST' | 'GET' | 'PUT', url: string, headers: Headers, payload?: object) {
  const response = await getApp().inject({
    method,
    url,
    headers,
    ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload ?? {} }),
  });
  return { status: response.statusCode, body: response.json() };
}
async function created(headers: Headers, title = unique('项目')) {
  const result = await call('POST', '/ks/monitor/save', headers, { ...ref, values: { title } });
  expect(result.body.code, JSON.stringify(result.body)).toBe(200);
  return { ...(result.body.data as { id: string; version: number }), title };
}
const certify = (
  headers: Headers,
  target: { id: string; version: number },
  body: object = { remark: '合格' },
) => call('POST', `/ks/records/actions/${CERTIFY.code}`, headers, { ...ref, ...target, body });

async function recordRow(id: string) {
  const result = await getApp().db.execute(
    sql`select title, version, status from ${tableRef(node.tableName)} where id = ${id}::uuid`,
  );
  return (result as unknown as { rows: { title: string; version: number; status: string }[] }).rows[0];
}
const revisionsOf = (id: string) =>
  getApp().db.select().from(recordRevisions).where(eq(recordRevisions.recordId, id));
const logsOf = (id: string) =>
  getApp()
    .db.select()
    .from(operationLogs)
    .where(and(eq(operationLogs.targetId, id), eq(operationLogs.action, CERTIFY.label)));

async function grantCertify(roles: string[]) {
  const authority = await call('GET', '/ks/authority/v1/node/functions', admin, { nodeId: node.node.id });
  const grants = (authority.body.data.grants as { functionCode: string; roles: string[] }[]).map((grant) =>
    grant.functionCode === CERTIFY.code ? { ...grant, roles } : grant,
  );
  const saved = await call('PUT', '/ks/authority/v1/node/save-functions', admin, {
    nodeId: node.node.id,
    grants,
    visibleRoles: ['M', 'U', 'P'],
    version: authority.body.data.version,
  });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  const app = getApp();
  dev = (await loginAs(app, await createUser(app, 'D'))).headers;
  admin = (await loginAs(app, await createUser(app, 'M'))).headers;
  entA = (await loginAs(app, await createUser(app, 'U'))).headers;
  node = await publishedNode(app, dev, definition(['save', 'view', CERTIFY.code]));
  ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
});

describe('registering a module action', () => {
  it('refuses a code of a built-in function, a taken code and a definition without states', () => {
    // Registration is checked before anything runs: an outbox that cannot deliver is enough.
    const actions = new ModuleActions(() => ({
      enqueue: () => Promise.reject(new Error('no job system in this test')),
    }));
    const base = {
      label: '测试',
      color: '#123456',
      recordStates: ['draft'] as const,
      auditStates: [''] as const,
      body: z.object({}),
      handler: () => undefined,
    };
    expect(() => actions.register({ ...base, code: 'save' })).toThrow(/built-in/);
    actions.register({ ...base, code: 'send' });
    expect(() => actions.register({ ...base, code: 'send' })).toThrow(/already registered/);
    expect(() => actions.register({ ...base, code: 'spread', recordStates: [] })).toThrow(/no record state/);
    expect(() => actions.register({ ...base, code: 'margin', color: 'orange' })).toThrow(/colour/);
  });
});

describe('the button dictionary and the builder', () => {
  it('lists the registered action with its label and colour after the built-in functions, and no unregistered one', async () => {
    const result = await call('POST', '/ks/base/dictionary/config/button/pull-down', dev);
    const data = result.body.data as { value: string; label: string }[];
    expect(data.at(-1)).toEqual({ value: 'certify', label: '核验', color: '#fa8c16', action: true });
    expect(data.find((option) => option.value === 'save')).toEqual({ value: 'save', label: '保存' });
    expect(data.map((option) => option.value)).not.toContain('send');
  });

  it('refuses a draft offering an action no module registers (发送), keeping the draft', async () => {
    const app = getApp();
    const system = await newSystem(app, dev);
    const other = await addNode(app, dev, system.gnCoding);
    const response = await saveDraft(app, dev, other.id, definition(['save', 'send', CERTIFY.code]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('“发送”功能尚未开放，请取消勾选');
  });
});

describe("POST /ks/monitor/:code (the spec's path of a module action, decision 0076)", () => {
  it('runs a registered action exactly as /ks/records/actions/:code does', async () => {
    const record = await created(admin);
    const result = await call('POST', `/ks/monitor/${CERTIFY.code}`, admin, {
      ...ref,
      ...record,
      body: { remark: '合格' },
    });
    expect(result.body).toMatchObject({
      code: 200,
      message: '操作成功',
      data: { id: record.id, version: 2 },
    });
    expect(await recordRow(record.id)).toMatchObject({ title: `${record.title}（合格）`, version: 2 });
  });

  it('answers a code no module registers 404 “…”功能尚未开放, while the static /ks/monitor/* routes stay theirs', async () => {
    const record = await created(admin);
    const result = await call('POST', '/ks/monitor/margin', admin, { ...ref, ...record, body: {} });
    expect(result.status).toBe(404);
    expect(result.body.message).toBe('“保证金”功能尚未开放');
    expect((await recordRow(record.id))?.version).toBe(record.version);
    const saved = await call('POST', '/ks/monitor/save', admin, {
      ...ref,
      id: record.id,
      version: 1,
      values: { title: '改名' },
    });
    expect(saved.body.code).toBe(200);
  });
});

describe('POST /ks/records/actions/:code', () => {
  it('refuses an action no module registers as unavailable (发送 stays closed)', async () => {
    const record = await created(admin);
    const result = await call('POST', '/ks/records/actions/send', admin, { ...ref, ...record, body: {} });
    expect(result.status).toBe(404);
    expect(result.body.message).toBe('“发送”功能尚未开放');
    expect((await recordRow(record.id))?.version).toBe(record.version);
  });

  it('runs the handler, bumps the version and writes a revision and an operation-log line', async () => {
    const record = await created(admin);
    const result = await certify(admin, record);
    expect(result.body).toMatchObject({
      code: 200,
      message: '操作成功',
      data: { id: record.id, version: 2 },
    });
    expect(await recordRow(record.id)).toMatchObject({
      title: `${record.title}（合格）`,
      version: 2,
      status: 'draft',
    });
    const history = await call('POST', '/ks/common/common/record-revisions', admin, {
      ...ref,
      id: record.id,
    });
    expect(history.body.data[0]).toMatchObject({
      version: 2,
      action: 'certify',
      actionName: '核验',
      dataList: [{ field: 'title', oldValue: record.title, newValue: `${record.title}（合格）` }],
    });
    expect(await logsOf(record.id)).toEqual([
      expect.objectContaining({ result: 'ok', targetName: expect.any(String) }),
    ]);
  });

  it('refuses a body its schema refuses, changing nothing: 请输入核验意见', async () => {
    const record = await created(admin);
    const result = await certify(admin, record, { remark: ' ' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(CERTIFY_REMARK_MESSAGE);
    expect(await recordRow(record.id)).toMatchObject({ title: record.title, version: 1 });
    expect(await revisionsOf(record.id)).toHaveLength(1);
  });

  it("rolls the handler's writes back when it fails: no revision, the version unchanged, the log says why", async () => {
    const record = await created(admin);
    const result = await certify(admin, record, { remark: '失败' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(CERTIFY_FAILED_MESSAGE);
    expect(await recordRow(record.id)).toMatchObject({ title: record.title, version: 1 });
    expect((await revisionsOf(record.id)).map((revision) => revision.action)).toEqual(['create']);
    expect((await logsOf(record.id)).map((log) => log.result)).toEqual([CERTIFY_FAILED_MESSAGE]);
  });

  it('refuses a stale version with the conflict message, changing nothing', async () => {
    const record = await created(admin);
    expect((await certify(admin, record)).body.code).toBe(200);
    const stale = await certify(admin, record, { remark: '再次' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(RECORD_CONFLICT_MESSAGE);
    expect(await recordRow(record.id)).toMatchObject({ title: `${record.title}（合格）`, version: 2 });
  });

  it('refuses a record in a status the action does not apply to: 当前状态的数据不能执行核验操作', async () => {
    const app = getApp();
    const record = await created(admin);
    await app.db.transaction((tx) =>
      updateEnvelope(tx, node.tableName, record.id, 1, { status: 'approved', auditState: 'passed' }),
    );
    const result = await certify(admin, { id: record.id, version: 2 });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(actionNotApplicableMessage('核验'));
    expect(result.body.message).toBe('当前状态的数据不能执行核验操作');
    expect((await recordRow(record.id))?.version).toBe(2);
    const list = await call('POST', '/ks/monitor/table-list', admin, { ...ref, curPage: 1, pageSize: 50 });
    const row = (
      list.body.data.records as { id: string; operations: { code: string; show: boolean }[] }[]
    ).find((one) => one.id === record.id);
    expect(row?.operations.find((operation) => operation.code === 'certify')?.show).toBe(false);
  });

  it('is refused to a role without the grant in the platform wording, then allowed once granted per role', async () => {
    const record = await created(entA);
    // By default module actions are the administrators' only.
    const refused = await certify(entA, record);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FUNCTION_DENIED_MESSAGE('核验'));
    expect(refused.body.message).toBe('无权执行核验操作');
    expect((await recordRow(record.id))?.version).toBe(1);
    const rows = await call('POST', '/ks/monitor/table-list', entA, { ...ref, curPage: 1, pageSize: 50 });
    const before = (
      rows.body.data.records as { id: string; operations: { code: string; show: boolean }[] }[]
    ).find((one) => one.id === record.id);
    expect(before?.operations.find((operation) => operation.code === 'certify')).toEqual({
      code: 'certify',
      name: '核验',
      color: '#fa8c16',
      show: false,
    });

    await grantCertify(['M', 'U']);
    const authority = await call('GET', '/ks/authority/v1/node/functions', admin, { nodeId: node.node.id });
    expect(authority.body.data.offered).toContainEqual({ code: 'certify', label: '核验' });
    expect(authority.body.data.grants).toContainEqual({
      functionCode: 'certify',
      roles: ['M', 'U'],
      orgIds: [],
    });
    const form = await call('POST', '/ks/common/buttons/form-button', entA, ref);
    expect(form.body.data).toContainEqual({ code: 'certify', name: '核验', color: '#fa8c16' });
    const details = await call('POST', '/ks/info/v1/form/details', entA, { ...ref, id: record.id });
    expect(details.body.data.operations).toContainEqual({
      code: 'certify',
      name: '核验',
      color: '#fa8c16',
      show: true,
    });
    expect((await certify(entA, record)).body).toMatchObject({ code: 200, data: { version: 2 } });

    await grantCertify(['M']);
    const again = await certify(entA, { id: record.id, version: 2 });
    expect(again.body.message).toBe('无权执行核验操作');
  });

  it("refuses another enterprise's record as not found", async () => {
    await grantCertify(['M', 'U']);
    const record = await created(entA);
    const other = (await loginAs(getApp(), await createUser(getApp(), 'U'))).headers;
    const result = await certify(other, record);
    expect(result.status).toBe(404);
    expect((await recordRow(record.id))?.version).toBe(1);
  });
});
