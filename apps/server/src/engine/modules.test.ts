import type { AuditLevel, NodeDefinitionInput, NodeFunction } from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addNode, newSystem, publish, saveDraft } from '../../test/builder-fixtures.ts';
import {
  ARRIVAL_NOTE_MESSAGE,
  BANK_RECORD_FIRST_MESSAGE,
  CONFIRM_ARRIVAL,
  DEPOSIT_JOB,
  DEPOSIT_LOCKED_MESSAGE,
  DEPOSIT_NEGATIVE_MESSAGE,
  DEPOSIT_OVER_LIMIT_MESSAGE,
  type DepositTrace,
  depositModule,
  ENTERPRISE_BANKS,
  FAIL_AFTER_SAVE,
  FAIL_ON_DECISION,
} from '../../test/example-module.ts';
import { multipart } from '../../test/file-fixtures.ts';
import { createActor, type TestActor, type TestUser, unique, useTestApp } from '../../test/helper.ts';
import { auditInstances, operationLogs } from '../db/schema/index.ts';
import { rowsOf } from './node-tables.ts';

/**
 * The engine's seams (issue 17, decisions 0016 and 0030) through the example module of
 * test/example-module.ts: lifecycle handlers run inside the action's transaction (a refusal or a
 * failure rolls everything back and the operation log says why), values they change are stored,
 * its action runs like a built-in function, and side effects leave through the outbox only when
 * the action commits, delivered by the job system.
 */

const SYSTEM = unique('dep');
const trace: DepositTrace = [];
const getApp = useTestApp(
  { JOBS_POLL_SECONDS: '0.5' },
  { modules: [depositModule(SYSTEM, trace)], startJobs: true },
);

type Actor = TestActor;
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);

const ITEMS: NonNullable<NonNullable<NodeDefinitionInput['form']>['items']> = [
  { code: 'title', name: '项目名称', type: 'text', required: '1' },
  { code: 'code', name: '保证金编号', type: 'text' },
  { code: 'amount', name: '金额', type: 'number' },
  {
    code: 'bank',
    name: '缴纳银行',
    type: 'select',
    options: {
      list: [
        { value: 'icbc', label: '工商银行' },
        { value: 'abc', label: '农业银行' },
        { value: 'boc', label: '中国银行' },
      ],
    },
  },
  // The example's computed field: the service fee, stored in its column.
  { code: 'fee', name: '服务费', type: 'computed-number', formula: 'round(amount * 0.01, 2)' },
];

let systemReady: Promise<void> | undefined;
/** A published node of the module's system, with the given audit levels. */
async function depositNode(developer: Actor, levels: AuditLevel[], extra: NodeFunction[] = []) {
  const app = getApp();
  systemReady ??= newSystem(app, developer.headers, SYSTEM).then(() => undefined);
  await systemReady;
  const node = await addNode(app, developer.headers, SYSTEM);
  const definition: NodeDefinitionInput = {
    form: { items: ITEMS },
    functions: ['save', 'submit', 'audit', 'revoke', 'delete', 'view', CONFIRM_ARRIVAL.code, ...extra],
    audit: { levels },
  };
  expect((await saveDraft(app, developer.headers, node.id, definition)).json().code).toBe(200);
  const published = await publish(app, developer.headers, node.id);
  expect(published.json().code).toBe(200);
  return {
    systemCoding: SYSTEM,
    gnCoding: node.gnCoding,
    tableName: published.json().data.tableName as string,
  };
}
type DepositNode = Awaited<ReturnType<typeof depositNode>>;

const post = (url: string, who: Actor, payload: object) =>
  getApp().inject({ method: 'POST', url, headers: who.headers, payload });
const ref = (node: DepositNode) => ({ systemCoding: node.systemCoding, gnCoding: node.gnCoding });
const save = (node: DepositNode, who: Actor, values: object, id?: { id: string; version: number }) =>
  post('/ks/monitor/save', who, { ...ref(node), values, ...id });

async function row(node: DepositNode, id: string) {
  const result = await getApp().db.execute(
    sql`select title, code, amount::float8 as amount, fee::float8 as fee, status, version
      from ${sql.identifier('ks_data')}.${sql.identifier(node.tableName)} where id = ${id}::uuid and deleted_at is null`,
  );
  return rowsOf<{
    title: string;
    code: string | null;
    amount: number;
    fee: number;
    status: string;
    version: number;
  }>(result)[0];
}

async function count(node: DepositNode) {
  const result = await getApp().db.execute(
    sql`select count(*)::int as n from ${sql.identifier('ks_data')}.${sql.identifier(node.tableName)}`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** The operation-log lines of a node's action whose result is not 'ok' (the failures). */
function failures(node: DepositNode, action: string) {
  return getApp()
    .db.select({ result: operationLogs.result, targetId: operationLogs.targetId })
    .from(operationLogs)
    .where(and(eq(operationLogs.targetType, node.gnCoding), eq(operationLogs.action, action)))
    .then((rows) => rows.filter((one) => one.result !== 'ok'));
}

async function queuedJobs(recordId: string) {
  const result = await getApp().db.execute(
    sql`select data->>'event' as event from pgboss.job where name = ${DEPOSIT_JOB} and data->>'recordId' = ${recordId}`,
  );
  return rowsOf<{ event: string }>(result).map((one) => one.event);
}

const traced = (recordId: string | null, event: string) =>
  trace.filter((one) => one.recordId === recordId && one.event === event);

describe('before save and after save', () => {
  it('stores what a before-save handler changed, and the computed field with it', async () => {
    const [developer, owner] = await Promise.all([actor('D'), actor('U')]);
    const node = await depositNode(developer, []);
    const saved = await save(node, owner, { title: '一标段', code: 'bz-001', amount: 20000 });
    expect(saved.json().code).toBe(200);
    const id = saved.json().data.id as string;
    expect(await row(node, id)).toMatchObject({ code: 'BZ-001', amount: 20000, fee: 200 });
    expect(traced(id, 'afterSave')).toEqual([{ event: 'afterSave', recordId: id, detail: '1' }]);
    // The outbox's job is delivered after the commit, by the job system.
    await expect.poll(() => traced(id, 'delivered:saved').length, { timeout: 20000 }).toBe(1);
  });

  it('refuses under the field, stores nothing, and logs the refusal', async () => {
    const [developer, owner] = await Promise.all([actor('D'), actor('U')]);
    const node = await depositNode(developer, []);
    const refused = await save(node, owner, { title: '二标段', amount: -1 });
    expect(refused.json()).toMatchObject({
      code: 400,
      message: DEPOSIT_NEGATIVE_MESSAGE,
      data: { amount: DEPOSIT_NEGATIVE_MESSAGE },
    });
    expect(await count(node)).toBe(0);
    expect(await failures(node, '新增数据')).toEqual([{ result: DEPOSIT_NEGATIVE_MESSAGE, targetId: '' }]);
  });

  it('runs both on an import: refusals per row and nothing imported, else every row as a save', async () => {
    // Administrators hold every function of a node without grants (import among them).
    const [developer, owner] = await Promise.all([actor('D'), actor('M')]);
    const node = await depositNode(developer, [], ['import']);
    const importRows = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('导入数据');
      for (const one of [['项目名称', '保证金编号', '金额'], ...rows]) sheet.addRow(one);
      const content = Buffer.from(await workbook.xlsx.writeBuffer());
      const body = multipart(ref(node), { name: 'data.xlsx', content });
      const answer = await getApp().inject({
        method: 'POST',
        url: '/ks/monitor/import',
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      return answer.json();
    };
    const refused = await importRows([
      ['四标段', 'bz-401', 100],
      ['五标段', 'bz-501', -5],
    ]);
    expect(refused).toMatchObject({
      code: 200,
      data: { imported: 0, rejected: [{ row: 3, errors: { amount: DEPOSIT_NEGATIVE_MESSAGE } }] },
    });
    expect(await count(node)).toBe(0);

    const imported = await importRows([
      ['四标段', 'bz-401', 100],
      ['五标段', 'bz-501', 5],
    ]);
    expect(imported).toMatchObject({ code: 200, data: { imported: 2, rejected: [] } });
    const codes = await getApp().db.execute(
      sql`select id::text as id, code from ${sql.identifier('ks_data')}.${sql.identifier(node.tableName)} order by code`,
    );
    const stored = rowsOf<{ id: string; code: string }>(codes);
    // What the before-save handler changed is stored; the after-save handler saw each record.
    expect(stored.map((one) => one.code)).toEqual(['BZ-401', 'BZ-501']);
    for (const one of stored) expect(traced(one.id, 'afterSave')).toHaveLength(1);
  });

  it('rolls back the save and the job it enqueued when an after-save handler fails', async () => {
    const [developer, owner] = await Promise.all([actor('D'), actor('U')]);
    const node = await depositNode(developer, []);
    const first = await save(node, owner, { title: '三标段', amount: 1 });
    const id = first.json().data.id as string;
    await expect.poll(() => traced(id, 'delivered:saved').length, { timeout: 20000 }).toBe(1);

    const failed = await save(node, owner, { title: FAIL_AFTER_SAVE, amount: 2 }, { id, version: 1 });
    expect(failed.json().code).toBe(500);
    expect(await row(node, id)).toMatchObject({ title: '三标段', amount: 1, version: 1 });
    // One job from the first save; the failed save's job vanished with its transaction.
    expect(await queuedJobs(id)).toEqual(['saved']);
    expect((await failures(node, '修改数据')).map((one) => one.targetId)).toEqual([id]);
  });
});

describe('before submit and the flow decisions', () => {
  it('refuses a submit as a dialog and leaves the record a draft with no flow', async () => {
    const [developer, owner, reviewer] = await Promise.all([actor('D'), actor('U'), actor('M')]);
    const node = await depositNode(developer, [single(reviewer)]);
    const id = (await save(node, owner, { title: '超限', amount: 2_000_000 })).json().data.id as string;
    const refused = await post('/ks/monitor/submit', owner, { ...ref(node), id });
    expect(refused.json()).toMatchObject({ code: 400, message: DEPOSIT_OVER_LIMIT_MESSAGE, data: null });
    expect(await row(node, id)).toMatchObject({ status: 'draft', version: 1 });
    expect(await getApp().db.select().from(auditInstances).where(eq(auditInstances.recordId, id))).toEqual(
      [],
    );
    expect(await failures(node, '提交审核')).toEqual([{ result: DEPOSIT_OVER_LIMIT_MESSAGE, targetId: id }]);
  });

  it('decides the flow on submit when the node has no audit level', async () => {
    const [developer, owner] = await Promise.all([actor('D'), actor('U')]);
    const node = await depositNode(developer, []);
    const id = (await save(node, owner, { title: '免审', amount: 10 })).json().data.id as string;
    expect((await post('/ks/monitor/submit', owner, { ...ref(node), id })).json().code).toBe(200);
    expect(traced(id, 'beforeSubmit')).toHaveLength(1);
    expect(traced(id, 'flowDecided').map((one) => one.detail)).toEqual(['passed']);
    await expect.poll(() => traced(id, 'delivered:flow-passed').length, { timeout: 20000 }).toBe(1);
  });

  it('tells the level and the flow decided on a review, and revoked on a revoke', async () => {
    const [developer, owner, reviewer] = await Promise.all([actor('D'), actor('U'), actor('M')]);
    const node = await depositNode(developer, [single(reviewer)]);
    const passed = (await save(node, owner, { title: '审核通过的', amount: 10 })).json().data.id as string;
    expect((await post('/ks/monitor/submit', owner, { ...ref(node), id: passed })).json().code).toBe(200);
    expect(traced(passed, 'flowDecided')).toEqual([]);
    const decided = await post('/ks/monitor/audit', reviewer, {
      ...ref(node),
      id: passed,
      result: 'pass',
      advice: '',
    });
    expect(decided.json().code).toBe(200);
    expect(traced(passed, 'auditLevelDecided').map((one) => one.detail)).toEqual(['1:passed']);
    expect(traced(passed, 'flowDecided').map((one) => one.detail)).toEqual(['passed']);

    const revoked = (await save(node, owner, { title: '撤回的', amount: 10 })).json().data.id as string;
    expect((await post('/ks/monitor/submit', owner, { ...ref(node), id: revoked })).json().code).toBe(200);
    expect((await post('/ks/monitor/revoke', owner, { ...ref(node), id: revoked })).json().code).toBe(200);
    expect(traced(revoked, 'flowDecided').map((one) => one.detail)).toEqual(['revoked']);
  });

  it('rolls the review back when a flow-decided handler fails', async () => {
    const [developer, owner, reviewer] = await Promise.all([actor('D'), actor('U'), actor('M')]);
    const node = await depositNode(developer, [single(reviewer)]);
    const id = (await save(node, owner, { title: FAIL_ON_DECISION, amount: 10 })).json().data.id as string;
    expect((await post('/ks/monitor/submit', owner, { ...ref(node), id })).json().code).toBe(200);
    const failed = await post('/ks/monitor/audit', reviewer, {
      ...ref(node),
      id,
      result: 'pass',
      advice: '',
    });
    expect(failed.json().code).toBe(500);
    expect(await row(node, id)).toMatchObject({ status: 'submitted', version: 2 });
    const [instance] = await getApp().db.select().from(auditInstances).where(eq(auditInstances.recordId, id));
    expect(instance).toMatchObject({ status: 'running', currentLevel: 1 });
    expect((await queuedJobs(id)).filter((event) => event.startsWith('flow-'))).toEqual([]);
    expect((await failures(node, '审核通过')).map((one) => one.targetId)).toEqual([id]);
  });
});

describe('before delete and after delete', () => {
  it('refuses to delete what the module locked, and deletes the rest with a job after commit', async () => {
    const [developer, owner] = await Promise.all([actor('D'), actor('U')]);
    const node = await depositNode(developer, []);
    const locked = (await save(node, owner, { title: '已锁定', amount: 1 })).json().data.id as string;
    const free = (await save(node, owner, { title: '可删除', amount: 1 })).json().data.id as string;
    const remove = (id: string) =>
      getApp().inject({
        method: 'DELETE',
        url: '/ks/monitor/delete',
        headers: owner.headers,
        query: { ...ref(node), id, version: '1' },
      });
    expect((await remove(locked)).json()).toMatchObject({ code: 400, message: DEPOSIT_LOCKED_MESSAGE });
    expect(await row(node, locked)).toBeDefined();
    expect(await failures(node, '删除数据')).toEqual([{ result: DEPOSIT_LOCKED_MESSAGE, targetId: locked }]);

    expect((await remove(free)).json().code).toBe(200);
    expect(await row(node, free)).toBeUndefined();
    expect(traced(free, 'afterDelete')).toHaveLength(1);
    await expect.poll(() => traced(free, 'delivered:deleted').length, { timeout: 20000 }).toBe(1);
  });
});

function single(reviewer: Actor): AuditLevel {
  return { level: 1, name: '财务审核', way: 'single', reviewerUserId: reviewer.id, orgId: '' };
}

describe("the module's own action", () => {
  it('confirms an approved deposit for the enterprise granted it, refusing drafts and bad input', async () => {
    const [developer, owner, reviewer, admin] = await Promise.all([
      actor('D'),
      actor('U'),
      actor('M'),
      actor('M'),
    ]);
    const node = await depositNode(developer, [single(reviewer)]);
    const [nodeId] = rowsOf<{ id: string }>(
      await getApp().db.execute(
        sql`select id::text as id from menu_nodes where gn_coding = ${node.gnCoding}`,
      ),
    ).map((one) => one.id);
    const granted = await getApp().inject({
      method: 'PUT',
      url: '/ks/authority/v1/node/save-functions',
      headers: admin.headers,
      payload: {
        nodeId,
        version: 0,
        grants: ['save', 'submit', 'revoke', 'view', CONFIRM_ARRIVAL.code].map((functionCode) => ({
          functionCode,
          roles: ['U'],
          orgIds: [],
        })),
        visibleRoles: [],
      },
    });
    expect(granted.json().code).toBe(200);
    const run = (id: string, version: number, body: object) =>
      post(`/ks/records/actions/${CONFIRM_ARRIVAL.code}`, owner, { ...ref(node), id, version, body });

    const id = (await save(node, owner, { title: '到账的', amount: 5000 })).json().data.id as string;
    expect((await run(id, 1, { note: '已到账' })).json()).toMatchObject({
      code: 400,
      message: `当前状态的数据不能执行${CONFIRM_ARRIVAL.label}操作`,
    });
    expect((await post('/ks/monitor/submit', owner, { ...ref(node), id })).json().code).toBe(200);
    await post('/ks/monitor/audit', reviewer, { ...ref(node), id, result: 'pass', advice: '' });
    const approved = await row(node, id);
    expect(approved?.status).toBe('approved');

    expect((await run(id, Number(approved?.version), { note: ' ' })).json()).toMatchObject({
      code: 400,
      message: ARRIVAL_NOTE_MESSAGE,
    });
    const confirmed = await run(id, Number(approved?.version), { note: '已于11月26日到账' });
    expect(confirmed.json().code).toBe(200);
    expect(traced(id, 'confirmArrival').map((one) => one.detail)).toEqual(['已于11月26日到账']);
    expect((await row(node, id))?.version).toBe(Number(approved?.version) + 1);
    await expect.poll(() => traced(id, 'delivered:arrived').length, { timeout: 20000 }).toBe(1);
  });
});

describe('per-caller options (decision 0058)', () => {
  const pullDown = (node: DepositNode, who: Actor, id?: string) =>
    post('/ks/common/common/pull-down', who, { ...ref(node), displayCode: 'bank', ...(id ? { id } : {}) });
  const valuesOf = (response: { json(): { data: { result: { list: { value: string }[] } } } }) =>
    response.json().data.result.list.map((option) => option.value);

  it('answers what the provider gives the caller on the record, within the caller’s scope', async () => {
    const [developer, enterprise, other, admin] = await Promise.all([
      actor('D'),
      actor('U'),
      actor('U'),
      actor('M'),
    ]);
    const node = await depositNode(developer, []);
    const saved = await save(node, enterprise, { title: '一标段', bank: 'icbc' });
    const id = saved.json().data.id as string;
    // Only the provider's entries: the save's job is delivered whenever the worker gets to it.
    const heard = () => trace.filter((entry) => entry.event === 'options');
    const before = heard().length;
    expect(valuesOf(await pullDown(node, enterprise))).toEqual(ENTERPRISE_BANKS);
    expect(valuesOf(await pullDown(node, admin, id))).toEqual(['icbc', 'abc', 'boc']);
    // The provider heard who asked (role and enterprise type) and which record they edit.
    expect(heard().slice(before)).toEqual([
      { event: 'options', recordId: null, detail: 'U:施工企业:' },
      { event: 'options', recordId: id, detail: 'M::一标段' },
    ]);
    // Its refusal is the call's answer, under the field.
    expect((await pullDown(node, admin)).json()).toMatchObject({
      code: 400,
      message: BANK_RECORD_FIRST_MESSAGE,
      data: { bank: BANK_RECORD_FIRST_MESSAGE },
    });
    // A record the caller may not read is not found, and the provider never hears of it.
    const asked = heard().length;
    expect((await pullDown(node, other, id)).statusCode).toBe(404);
    expect(heard()).toHaveLength(asked);
    // The cascade tree goes through the provider as well; fields without one keep their own options.
    const tree = await post('/ks/common/common/cert-cascade', enterprise, {
      ...ref(node),
      displayCode: 'bank',
      id,
    });
    expect(tree.json().data.data.map((option: { value: string }) => option.value)).toEqual(ENTERPRISE_BANKS);
  });
});
