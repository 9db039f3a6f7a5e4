import {
  ADVICE_REQUIRED_MESSAGE,
  ASSIGN_ALREADY_MESSAGE,
  ASSIGN_AMBIGUOUS_MESSAGE,
  ASSIGN_FROM_MESSAGE,
  ASSIGN_LEVEL_MESSAGE,
  ASSIGN_TARGET_MESSAGE,
  type AuditLevel,
  FUNCTION_DENIED_MESSAGE,
  type LoginRoleType,
  NOT_IN_REVIEW_MESSAGE,
  NOT_OWNER_MESSAGE,
  NOT_PUBLISHABLE_MESSAGE,
  NOT_REVIEWER_MESSAGE,
  NOT_SUBMITTABLE_MESSAGE,
  NOT_SUBMITTER_MESSAGE,
  type NodeDefinitionInput,
  noReviewerMessage,
  RECORD_NOT_EDITABLE_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  REVOKE_REFUSED_MESSAGE,
  UPLOAD_MESSAGES,
} from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addNode, publish, publishedNode, saveDraft } from '../../../test/builder-fixtures.ts';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import {
  createUser,
  loginAs,
  type TestApp,
  type TestUser,
  unique,
  useTestApp,
} from '../../../test/helper.ts';
import { untilWaiting } from '../../../test/races.ts';
import { auditOrgMembers, auditOrgs, nodeFunctionGrants } from '../../db/schema/authority.ts';
import { operationLogs, users } from '../../db/schema/identity.ts';
import { notifyTodos } from '../../db/schema/notify.ts';
import { recordRevisions } from '../../db/schema/records.ts';
import { menuNodes, systems } from '../../db/schema/shell.ts';
import { auditInstances } from '../../db/schema/workflow.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import { flowOf } from './service.ts';

const getApp = useTestApp();

type Headers = Record<string, string>;
type Actor = TestUser & { headers: Headers };

async function actor(role: 'M' | 'D' | 'U' | 'P'): Promise<Actor> {
  const app = getApp();
  const user = await createUser(app, role);
  return { ...user, headers: (await loginAs(app, user)).headers };
}

async function orgOf(app: TestApp, members: Actor[]): Promise<string> {
  const [org] = await app.db
    .insert(auditOrgs)
    .values({ name: unique('审核机构') })
    .returning();
  if (!org) throw new Error('org not created');
  if (members.length)
    await app.db.insert(auditOrgMembers).values(members.map((m) => ({ orgId: org.id, userId: m.id })));
  return org.id;
}

const ITEMS = [
  { code: 'title', name: '标题', type: 'text' as const, required: '1' as const },
  { code: 'amount', name: '金额', type: 'number' as const },
];
const FUNCTIONS = ['save', 'submit', 'audit', 'revoke', 'assign', 'publish', 'view'] as const;

const single = (level: number, reviewer: Actor, name = `第${level}级审核`): AuditLevel => ({
  level,
  name,
  way: 'single',
  reviewerUserId: reviewer.id,
  orgId: '',
});
const byOrg = (level: number, way: 'any' | 'all', orgId: string, name = `第${level}级审核`): AuditLevel => ({
  level,
  name,
  way,
  reviewerUserId: '',
  orgId,
});

/** A published node with the given audit levels; answers its codes, node and table. */
async function auditedNode(levels: AuditLevel[], extra: Partial<NodeDefinitionInput> = {}) {
  const app = getApp();
  const developer = await actor('D');
  const node = await publishedNode(app, developer.headers, {
    form: { items: ITEMS },
    functions: [...FUNCTIONS],
    audit: { levels },
    ...extra,
  });
  return { ...node, developer };
}

/** Saved grants of node functions to a role, straight in the table (the authority page has its own tests). */
function grantRoles(nodeId: string, subject: LoginRoleType, codes: string[]) {
  return getApp()
    .db.insert(nodeFunctionGrants)
    .values(codes.map((functionCode) => ({ nodeId, functionCode, subjectType: 'role' as const, subject })));
}

/** A record of the owner straight in the node table (the records runtime has its own tests). */
async function insertRecord(
  app: TestApp,
  tableName: string,
  owner: Actor,
  values: { title?: string | null; amount?: number | null } = {},
  schemaVersion = 1,
): Promise<{ id: string; version: number }> {
  const title = values.title === undefined ? unique('工程') : values.title;
  const result = await app.db.execute(
    sql`insert into ${sql.identifier('ks_data')}.${sql.identifier(tableName)}
      (owner_user_id, owner_enterprise_id, schema_version, title, amount)
      values (${owner.id}::uuid, (select enterprise_id from users where id = ${owner.id}::uuid),
        ${schemaVersion}, ${title}, ${values.amount ?? null}::numeric)
      returning id::text as id, version`,
  );
  const [row] = rowsOf<{ id: string; version: number }>(result);
  if (!row) throw new Error('record not inserted');
  return { id: row.id, version: Number(row.version) };
}

async function envelope(app: TestApp, tableName: string, id: string) {
  const result = await app.db.execute(
    sql`select status, audit_state, version, schema_version, submitted_at, confirmed_at
      from ${sql.identifier('ks_data')}.${sql.identifier(tableName)} where id = ${id}::uuid`,
  );
  return rowsOf<{
    status: string;
    audit_state: string;
    version: number;
    schema_version: number;
    submitted_at: unknown;
    confirmed_at: unknown;
  }>(result)[0];
}

type Node = { systemCoding: string; gnCoding: string };
const post = (url: string, headers: Headers, payload: object) =>
  getApp().inject({ method: 'POST', url, headers, payload });
const submit = (node: Node, who: Actor, id: string, version?: number) =>
  post('/ks/monitor/submit', who.headers, {
    systemCoding: node.systemCoding,
    gnCoding: node.gnCoding,
    id,
    version,
  });
const audit = (node: Node, who: Actor, id: string, result: 'pass' | 'reject', advice = '') =>
  post('/ks/monitor/audit', who.headers, {
    systemCoding: node.systemCoding,
    gnCoding: node.gnCoding,
    id,
    result,
    advice,
  });
const revoke = (node: Node, who: Actor, id: string) =>
  post('/ks/monitor/revoke', who.headers, { systemCoding: node.systemCoding, gnCoding: node.gnCoding, id });

async function todoCount(who: Actor): Promise<number> {
  const response = await getApp().inject({
    method: 'GET',
    url: '/ks/notification/v1/audit/todo-count',
    headers: who.headers,
  });
  return response.json().data as number;
}

async function todoList(who: Actor, systemCoding: string) {
  const response = await post('/ks/notification/v1/audit/todo-list', who.headers, {
    systemCoding,
    curPage: 1,
    pageSize: 6,
  });
  return response.json().data.records as {
    businessName: string;
    userName: string;
    gnName: string;
    systemCoding: string;
    gnCoding: string;
    businessId: string;
  }[];
}

async function messagesOf(who: Actor) {
  const response = await post('/ks/message/v1/list', who.headers, { curPage: 1, pageSize: 50 });
  return response.json().data.records as { category: string; title: string; messages: string }[];
}

describe('POST /ks/monitor/submit', () => {
  it('shows a record under review as submitted (its snapshot), and as it is once decided', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner, { title: '提交时', amount: 1 });
    await submit(node, owner, record.id, record.version);
    // Whatever changes the stored row meanwhile (a publish converting its columns), the review is
    // of what was submitted.
    await app.db.execute(
      sql`update ${sql.identifier('ks_data')}.${sql.identifier(node.tableName)} set title = '后来' where id = ${record.id}::uuid`,
    );
    const shown = async (who: Actor) =>
      (await post('/ks/info/v1/form/details', who.headers, { ...node, id: record.id })).json().data;
    for (const who of [reviewer, owner]) {
      const form = await shown(who);
      expect(form.record).toEqual({ title: '提交时', amount: 1 });
      expect(form.items.map((item: { code: string }) => item.code)).toEqual(['title', 'amount']);
    }
    await audit(node, reviewer, record.id, 'pass');
    expect((await shown(owner)).record).toMatchObject({ title: '后来' });
  });

  it('names the to-do by the record’s first text with its business number', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner, { title: '二号工程' });
    await app.db.execute(
      sql`update ${sql.identifier('ks_data')}.${sql.identifier(node.tableName)} set business_id = '20261125100304-0001' where id = ${record.id}::uuid`,
    );
    await submit(node, owner, record.id, record.version);
    const [todo] = await todoList(reviewer, node.systemCoding);
    expect(todo?.businessName).toBe('二号工程（20261125100304-0001）');
  });

  it('snapshots the record, opens level 1 with a to-do for the reviewer and marks it submitted', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer, '初审')]);
    const record = await insertRecord(app, node.tableName, owner, { title: '一号工程', amount: 12.5 });

    const response = await submit(node, owner, record.id, record.version);
    expect(response.json()).toMatchObject({
      code: 200,
      message: '提交成功',
      data: { id: record.id, status: 'submitted', auditState: 'pending', version: record.version + 1 },
    });
    const row = await envelope(app, node.tableName, record.id);
    expect(row).toMatchObject({ status: 'submitted', audit_state: 'pending' });
    expect(row?.submitted_at).not.toBeNull();

    const [instance] = await app.db
      .select()
      .from(auditInstances)
      .where(eq(auditInstances.recordId, record.id));
    expect(instance?.snapshot.values).toEqual({ title: '一号工程', amount: 12.5 });
    expect(instance?.snapshot.items.map((item) => item.code)).toEqual(['title', 'amount']);
    expect(instance).toMatchObject({ status: 'running', currentLevel: 1, schemaVersion: 1 });

    expect(await todoCount(reviewer)).toBe(1);
    const [todo] = await todoList(reviewer, node.systemCoding);
    expect(todo).toMatchObject({ businessName: '一号工程', gnName: expect.stringContaining('节点') });
    // The to-do leads to the record: its system, node and record id.
    expect(todo).toMatchObject({
      systemCoding: node.systemCoding,
      gnCoding: node.gnCoding,
      businessId: record.id,
    });

    const revisions = await app.db
      .select()
      .from(recordRevisions)
      .where(eq(recordRevisions.recordId, record.id));
    expect(revisions).toEqual([expect.objectContaining({ action: 'submit', version: record.version + 1 })]);
    const logs = await app.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, record.id), eq(operationLogs.action, '提交审核')));
    expect(logs).toHaveLength(1);
  });

  it('answers the same through POST /ks/flow/v1/start', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('P'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const response = await post('/ks/flow/v1/start', owner.headers, { ...node, id: record.id });
    expect(response.json()).toMatchObject({ code: 200, data: { status: 'submitted' } });
  });

  it('re-validates the record against its schema: 400 with the {field: message} map and no change', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner, { title: null });
    const response = await submit(node, owner, record.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: '标题必填', data: { title: '标题必填' } });
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'draft', version: 1 });
    expect(await todoCount(reviewer)).toBe(0);
  });

  it('another enterprise guessing the id gets 数据不存在, as if absent; revoke and audit alike', async () => {
    const app = getApp();
    const [owner, other, reviewer] = await Promise.all([actor('U'), actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const response = await submit(node, other, record.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(RECORD_NOT_FOUND_MESSAGE);
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'draft', version: 1 });
    expect((await submit(node, owner, record.id)).statusCode).toBe(200);
    const revoked = await post('/ks/monitor/revoke', other.headers, { ...node, id: record.id });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe(RECORD_NOT_FOUND_MESSAGE);
    const audited = await post('/ks/monitor/audit', other.headers, {
      ...node,
      id: record.id,
      result: 'pass',
      advice: '',
    });
    expect(audited.statusCode).toBe(404);
    expect(audited.json().message).toBe(RECORD_NOT_FOUND_MESSAGE);
  });

  it('a reviewer who sees the record but does not own it may not submit it: 只能提交自己的数据', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('P')]);
    const node = await auditedNode([byOrg(1, 'any', await orgOf(app, [reviewer]))]);
    const record = await insertRecord(app, node.tableName, owner);
    expect((await submit(node, owner, record.id)).statusCode).toBe(200);
    const response = await submit(node, reviewer, record.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_OWNER_MESSAGE);
  });

  it('refuses a developer, who has no submit function on any node', async () => {
    const app = getApp();
    const [owner, reviewer, developer] = await Promise.all([actor('U'), actor('M'), actor('D')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const response = await submit(node, developer, record.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(FUNCTION_DENIED_MESSAGE('提交'));
  });

  it('refuses a stale version (409) and a record already under review', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const stale = await submit(node, owner, record.id, record.version + 5);
    expect(stale.statusCode).toBe(409);
    expect((await submit(node, owner, record.id)).json().code).toBe(200);
    const again = await submit(node, owner, record.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(NOT_SUBMITTABLE_MESSAGE);
  });

  it('approves at once on a node without audit levels and tells the submitter', async () => {
    const app = getApp();
    const owner = await actor('U');
    const node = await auditedNode([]);
    const record = await insertRecord(app, node.tableName, owner);
    const response = await submit(node, owner, record.id);
    expect(response.json().data).toMatchObject({ status: 'approved', auditState: 'passed' });
    expect((await envelope(app, node.tableName, record.id))?.confirmed_at).not.toBeNull();
    expect(await messagesOf(owner)).toEqual([expect.objectContaining({ category: 'audit_approved' })]);
  });

  it('refuses a level nobody can review, changing nothing', async () => {
    const app = getApp();
    const owner = await actor('U');
    const emptyOrg = await orgOf(app, []);
    const node = await auditedNode([byOrg(1, 'any', emptyOrg, '空机构审核')]);
    const record = await insertRecord(app, node.tableName, owner);
    const response = await submit(node, owner, record.id);
    expect(response.json()).toMatchObject({ code: 400, message: noReviewerMessage('空机构审核') });
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'draft' });
    expect(await app.db.select().from(auditInstances).where(eq(auditInstances.recordId, record.id))).toEqual(
      [],
    );
  });
});

describe('POST /ks/monitor/audit', () => {
  it('single: the reviewer passes, the record is approved, the to-do closes and the submitter is told', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer, '初审')]);
    const record = await insertRecord(app, node.tableName, owner, { title: '二号工程' });
    await submit(node, owner, record.id);

    const response = await audit(node, reviewer, record.id, 'pass', '同意');
    expect(response.json()).toMatchObject({ code: 200, data: { status: 'approved', auditState: 'passed' } });
    const row = await envelope(app, node.tableName, record.id);
    expect(row?.status).toBe('approved');
    expect(row?.confirmed_at).not.toBeNull();
    expect(await todoCount(reviewer)).toBe(0);
    expect(await messagesOf(owner)).toEqual([
      expect.objectContaining({ category: 'audit_approved', messages: expect.stringContaining('二号工程') }),
    ]);
    const flow = await flowOf(app.db, node.node.id, record.id);
    expect(flow).toEqual({
      levels: [{ level: 1, name: '初审', way: 'single' }],
      steps: [expect.objectContaining({ level: 1, name: '初审', result: 'pass', advice: '同意' })],
    });
    const logs = await app.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, record.id), eq(operationLogs.action, '审核通过')));
    expect(logs).toHaveLength(1);
    const revisions = await app.db
      .select()
      .from(recordRevisions)
      .where(eq(recordRevisions.recordId, record.id));
    expect(revisions.map((revision) => revision.action).sort()).toEqual(['audit', 'submit']);
  });

  it('refuses a reviewer without a pending step: 您不是该数据当前级别的审核人', async () => {
    const app = getApp();
    const [owner, reviewer, stranger] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    for (const who of [stranger, owner]) {
      const response = await audit(node, who, record.id, 'pass');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_REVIEWER_MESSAGE);
    }
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'submitted' });
  });

  it('refuses an audit of a record not under review', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const response = await audit(node, reviewer, record.id, 'pass');
    expect(response.json()).toMatchObject({ code: 400, message: NOT_IN_REVIEW_MESSAGE });
  });

  it('refuses advice over 500 characters: 审核意见不能超过500个字符', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    const response = await audit(node, reviewer, record.id, 'reject', '长'.repeat(501));
    expect(response.json()).toMatchObject({ code: 400, message: '审核意见不能超过500个字符' });
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'submitted' });
  });

  it('asks for a session: 10000 without a token', async () => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/monitor/audit',
      payload: { systemCoding: 's', gnCoding: 'n', id: crypto.randomUUID(), result: 'pass' },
    });
    expect(response.json().code).toBe(10000);
  });

  it('refuses a bad result value: 请选择审核结果', async () => {
    const [reviewer] = await Promise.all([actor('M')]);
    const response = await post('/ks/monitor/audit', reviewer.headers, {
      systemCoding: 's',
      gnCoding: 'n',
      id: crypto.randomUUID(),
      result: 'maybe',
    });
    expect(response.json()).toMatchObject({ code: 400, message: '请选择审核结果' });
  });

  it('rejecting needs advice (请填写审核意见); with advice it rejects, tells the submitter, and the owner resubmits', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner, { title: '三号工程' });
    await submit(node, owner, record.id);

    const bare = await audit(node, reviewer, record.id, 'reject', '   ');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      message: ADVICE_REQUIRED_MESSAGE,
      data: { advice: ADVICE_REQUIRED_MESSAGE },
    });
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'submitted' });

    const rejected = await audit(node, reviewer, record.id, 'reject', '金额缺失');
    expect(rejected.json().data).toMatchObject({ status: 'rejected', auditState: 'rejected' });
    expect(await todoCount(reviewer)).toBe(0);
    const [message] = await messagesOf(owner);
    expect(message).toMatchObject({
      category: 'audit_rejected',
      messages: expect.stringContaining('金额缺失'),
    });
    const rejectedMessages = await post('/ks/message/v1/audit/rejected-msg', owner.headers, {
      curPage: 1,
      pageSize: 10,
    });
    expect(rejectedMessages.json().data.total).toBe(1);

    const again = await submit(node, owner, record.id);
    expect(again.json().data).toMatchObject({ status: 'submitted', auditState: 'pending' });
    expect(await todoCount(reviewer)).toBe(1);
    expect(
      await app.db.select().from(auditInstances).where(eq(auditInstances.recordId, record.id)),
    ).toHaveLength(2);
    expect((await flowOf(app.db, node.node.id, record.id))?.steps).toEqual([
      expect.objectContaining({ result: '', advice: '' }),
    ]);
    // The details keep the returned round, with its advice, beside the new one.
    const details = await post('/ks/info/v1/form/details', reviewer.headers, { ...node, id: record.id });
    expect(details.json().data.audit).toMatchObject({
      steps: [{ result: '', advice: '' }],
      earlierRounds: [{ status: 'rejected', steps: [{ result: 'reject', advice: '金额缺失' }] }],
    });
  });

  it('any (或签): the first member decides, the others are skipped and their to-dos close', async () => {
    const app = getApp();
    const [owner, a, b] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const org = await orgOf(app, [a, b]);
    const node = await auditedNode([byOrg(1, 'any', org, '或签审核')]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    expect([await todoCount(a), await todoCount(b)]).toEqual([1, 1]);

    expect((await audit(node, b, record.id, 'pass')).json().data.status).toBe('approved');
    expect([await todoCount(a), await todoCount(b)]).toEqual([0, 0]);
    const late = await audit(node, a, record.id, 'pass');
    expect(late.json().message).toBe(NOT_IN_REVIEW_MESSAGE);
    const results = (await flowOf(app.db, node.node.id, record.id))?.steps.map((step) => step.result).sort();
    expect(results).toEqual(['pass', 'skipped']);
  });

  it('all (会签): every member must pass; the record stays under review until the last one does', async () => {
    const app = getApp();
    const [owner, a, b] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const org = await orgOf(app, [a, b]);
    const node = await auditedNode([byOrg(1, 'all', org, '会签审核')]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);

    const first = await audit(node, a, record.id, 'pass');
    expect(first.json().data).toMatchObject({ status: 'submitted', auditState: 'pending' });
    expect([await todoCount(a), await todoCount(b)]).toEqual([0, 1]);
    expect((await audit(node, a, record.id, 'pass')).json().message).toBe(NOT_REVIEWER_MESSAGE);
    expect(await messagesOf(owner)).toEqual([]);

    const last = await audit(node, b, record.id, 'pass');
    expect(last.json().data).toMatchObject({ status: 'approved', auditState: 'passed' });
    expect(await messagesOf(owner)).toEqual([expect.objectContaining({ category: 'audit_approved' })]);
  });

  it('all (会签): one reject rejects the whole flow and closes the other members’ to-dos', async () => {
    const app = getApp();
    const [owner, a, b, c] = await Promise.all([actor('U'), actor('M'), actor('M'), actor('M')]);
    const org = await orgOf(app, [a, b, c]);
    const node = await auditedNode([byOrg(1, 'all', org)]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    await audit(node, a, record.id, 'pass');
    const rejected = await audit(node, b, record.id, 'reject', '资料不全');
    expect(rejected.json().data.status).toBe('rejected');
    expect(await todoCount(c)).toBe(0);
    const results = (await flowOf(app.db, node.node.id, record.id))?.steps.map((step) => step.result).sort();
    expect(results).toEqual(['pass', 'reject', 'skipped']);
  });

  it('two levels: passing level 1 opens level 2 for its reviewer; passing level 2 approves', async () => {
    const app = getApp();
    const [owner, first, second] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const node = await auditedNode([single(1, first, '初审'), single(2, second, '复审')]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    expect([await todoCount(first), await todoCount(second)]).toEqual([1, 0]);
    expect((await audit(node, second, record.id, 'pass')).json().message).toBe(NOT_REVIEWER_MESSAGE);

    const one = await audit(node, first, record.id, 'pass');
    expect(one.json().data).toMatchObject({ status: 'submitted', auditState: 'pending' });
    expect([await todoCount(first), await todoCount(second)]).toEqual([0, 1]);
    const two = await audit(node, second, record.id, 'pass', '同意发布');
    expect(two.json().data).toMatchObject({ status: 'approved' });
    const flow = await flowOf(app.db, node.node.id, record.id);
    expect(flow?.levels.map((level) => level.name)).toEqual(['初审', '复审']);
    expect(flow?.steps.map((step) => [step.name, step.result])).toEqual([
      ['初审', 'pass'],
      ['复审', 'pass'],
    ]);
  });
});

describe('POST /ks/monitor/revoke', () => {
  it('lets the submitter take it back while nobody has acted: steps and to-dos close', async () => {
    const app = getApp();
    const [owner, a, b] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const org = await orgOf(app, [a, b]);
    const node = await auditedNode([byOrg(1, 'any', org)]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    const response = await revoke(node, owner, record.id);
    expect(response.json()).toMatchObject({ code: 200, data: { status: 'revoked', auditState: 'revoked' } });
    expect([await todoCount(a), await todoCount(b)]).toEqual([0, 0]);
    expect((await audit(node, a, record.id, 'pass')).json().message).toBe(NOT_IN_REVIEW_MESSAGE);
    // A revoked record goes back to its owner, who may submit it again.
    expect((await submit(node, owner, record.id)).json().data.status).toBe('submitted');
  });

  it('refuses once a reviewer has acted: 审核人已处理，不能撤回', async () => {
    const app = getApp();
    const [owner, first, second] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const node = await auditedNode([single(1, first), single(2, second)]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    await audit(node, first, record.id, 'pass');
    const response = await revoke(node, owner, record.id);
    expect(response.json()).toMatchObject({ code: 400, message: REVOKE_REFUSED_MESSAGE });
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'submitted' });
  });

  it('takes the record out of its reviewers’ scope (decision 0012: revoked flows excepted)', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('P')]);
    const node = await auditedNode([byOrg(1, 'any', await orgOf(app, [reviewer]))]);
    const record = await insertRecord(app, node.tableName, owner);
    const listed = async () =>
      (await post('/ks/monitor/table-list', reviewer.headers, { ...node, curPage: 1, pageSize: 10 })).json()
        .data.records as { id: string }[];
    await submit(node, owner, record.id);
    expect((await listed()).map((row) => row.id)).toEqual([record.id]);
    await revoke(node, owner, record.id);
    expect(await listed()).toEqual([]);
    const form = await post('/ks/info/v1/form/details', reviewer.headers, { ...node, id: record.id });
    expect(form.statusCode).toBe(404);
  });

  it('offers 撤回 in the list and the form only where revoke would succeed', async () => {
    const app = getApp();
    const [owner, first, second, admin] = await Promise.all([actor('U'), actor('M'), actor('M'), actor('M')]);
    const [ownerRow] = await app.db.select().from(users).where(eq(users.id, owner.id));
    const colleague = await createUser(app, 'U', { enterpriseId: ownerRow?.enterpriseId });
    const colleagueHeaders = (await loginAs(app, colleague)).headers;
    const node = await auditedNode([single(1, first), single(2, second)]);
    const record = await insertRecord(app, node.tableName, owner);
    const revokeShown = async (headers: Headers) => {
      const list = await post('/ks/monitor/table-list', headers, { ...node, curPage: 1, pageSize: 10 });
      const row = list.json().data.records.find((r: { id: string }) => r.id === record.id);
      const form = await post('/ks/info/v1/form/details', headers, { ...node, id: record.id });
      const shown = (operations: { code: string; show: boolean }[]) =>
        operations.find((op) => op.code === 'revoke')?.show;
      return [shown(row.operations), shown(form.json().data.operations)];
    };

    await submit(node, owner, record.id);
    expect(await revokeShown(owner.headers)).toEqual([true, true]);
    // Owner-side, but not the submitter: revoke would answer 只有提交人可以撤回.
    expect(await revokeShown(colleagueHeaders)).toEqual([false, false]);
    expect(await revokeShown(admin.headers)).toEqual([false, false]);
    expect((await revoke(node, admin, record.id)).json().message).toBe(NOT_SUBMITTER_MESSAGE);

    // Level 1 passed, level 2 pending: still submitted, but revoke would answer 审核人已处理，不能撤回.
    await audit(node, first, record.id, 'pass');
    expect(await revokeShown(owner.headers)).toEqual([false, false]);
    expect((await revoke(node, owner, record.id)).json().message).toBe(REVOKE_REFUSED_MESSAGE);
  });

  it('refuses anyone but the submitter, and a record not under review', async () => {
    const app = getApp();
    const [owner, other, reviewer] = await Promise.all([actor('P'), actor('P'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    expect((await revoke(node, owner, record.id)).json().message).toBe(NOT_IN_REVIEW_MESSAGE);
    await submit(node, owner, record.id);
    // Another personnel user cannot see the record: 数据不存在; the administrator sees it but did not submit it.
    const stranger = await revoke(node, other, record.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(RECORD_NOT_FOUND_MESSAGE);
    const response = await revoke(node, reviewer, record.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_SUBMITTER_MESSAGE);
  });
});

describe('POST /ks/monitor/assign', () => {
  it('moves a pending step and its to-do to another administrator', async () => {
    const app = getApp();
    const [owner, reviewer, admin, substitute] = await Promise.all([
      actor('U'),
      actor('M'),
      actor('M'),
      actor('M'),
    ]);
    const node = await auditedNode([single(1, reviewer, '初审')]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);

    const response = await post('/ks/monitor/assign', admin.headers, {
      ...node,
      id: record.id,
      level: 1,
      userId: substitute.id,
    });
    expect(response.json()).toMatchObject({ code: 200, data: { status: 'submitted' } });
    expect([await todoCount(reviewer), await todoCount(substitute)]).toEqual([0, 1]);
    expect((await audit(node, reviewer, record.id, 'pass')).json().message).toBe(NOT_REVIEWER_MESSAGE);
    expect((await audit(node, substitute, record.id, 'pass')).json().data.status).toBe('approved');
    const revisions = await app.db
      .select()
      .from(recordRevisions)
      .where(eq(recordRevisions.recordId, record.id));
    expect(revisions.map((revision) => revision.action)).toContain('assign');
  });

  it('refuses a non-administrator caller (403) and a non-administrator target', async () => {
    const app = getApp();
    const [owner, reviewer, admin, enterprise] = await Promise.all([
      actor('U'),
      actor('M'),
      actor('M'),
      actor('U'),
    ]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    const body = { ...node, id: record.id, level: 1, userId: enterprise.id };
    expect((await post('/ks/monitor/assign', owner.headers, body)).statusCode).toBe(403);
    const response = await post('/ks/monitor/assign', admin.headers, body);
    expect(response.json()).toMatchObject({ code: 400, message: ASSIGN_TARGET_MESSAGE });
    expect(await todoCount(reviewer)).toBe(1);
  });

  it('asks which reviewer to replace on a level with several pending ones', async () => {
    const app = getApp();
    const [owner, a, b, admin, substitute] = await Promise.all([
      actor('U'),
      actor('M'),
      actor('M'),
      actor('M'),
      actor('M'),
    ]);
    const node = await auditedNode([byOrg(1, 'all', await orgOf(app, [a, b]))]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    const body = { ...node, id: record.id, level: 1, userId: substitute.id };
    const assign = async (payload: object) =>
      (await post('/ks/monitor/assign', admin.headers, payload)).json();
    expect((await assign(body)).message).toBe(ASSIGN_AMBIGUOUS_MESSAGE);
    expect(await assign({ ...body, userId: a.id, fromUserId: b.id })).toMatchObject({
      code: 400,
      message: ASSIGN_ALREADY_MESSAGE,
    });
    expect((await assign({ ...body, fromUserId: admin.id })).message).toBe(ASSIGN_FROM_MESSAGE);
    expect((await assign({ ...body, level: 2, fromUserId: b.id })).message).toBe(ASSIGN_LEVEL_MESSAGE);
    expect((await assign({ ...body, userId: 'x' })).message).toBe('请选择审核人');
    // The form names each pending step's reviewer: what the task-assign dialog sends as fromUserId.
    const form = await post('/ks/info/v1/form/details', admin.headers, { ...node, id: record.id });
    const holders = form
      .json()
      .data.audit.steps.map((step: { reviewerUserId: string }) => step.reviewerUserId);
    expect(holders.sort()).toEqual([a.id, b.id].sort());
    const moved = await post('/ks/monitor/assign', admin.headers, { ...body, fromUserId: b.id });
    expect(moved.json().code).toBe(200);
    expect([await todoCount(a), await todoCount(b), await todoCount(substitute)]).toEqual([1, 0, 1]);
  });

  it('offers 分配 on a row to administrators only, as the route admits them, even when U holds the grant', async () => {
    const app = getApp();
    const [owner, reviewer, admin] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const grant = (subject: LoginRoleType, codes: string[]) => grantRoles(node.node.id, subject, codes);
    await grant('U', ['save', 'submit', 'view', 'assign']);
    await grant('M', ['view', 'assign']);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);

    const offered = async (who: Actor) => {
      const list = await post('/ks/monitor/table-list', who.headers, { ...node, curPage: 1, pageSize: 10 });
      const form = await post('/ks/info/v1/form/details', who.headers, { ...node, id: record.id });
      const rowOf = (rows: { id: string; operations: { code: string; show: boolean }[] }[]) =>
        rows.find((row) => row.id === record.id)?.operations;
      const shows = (operations?: { code: string; show: boolean }[]) =>
        operations?.find((operation) => operation.code === 'assign')?.show ?? false;
      return {
        row: shows(rowOf(list.json().data.records)),
        form: shows(form.json().data.operations),
        functions: (list.json().data.functions as string[]).includes('assign'),
      };
    };
    expect(await offered(owner)).toEqual({ row: false, form: false, functions: false });
    expect(await offered(admin)).toEqual({ row: true, form: true, functions: true });
    const body = { ...node, id: record.id, level: 1, userId: admin.id };
    expect((await post('/ks/monitor/assign', owner.headers, body)).statusCode).toBe(403);
  });

  it('all (会签): refuses a member who has already passed the step of another member: 该用户已是本级审核人', async () => {
    const app = getApp();
    const [owner, a, b, admin] = await Promise.all([actor('U'), actor('M'), actor('M'), actor('M')]);
    const node = await auditedNode([byOrg(1, 'all', await orgOf(app, [a, b]))]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    expect((await audit(node, a, record.id, 'pass')).json().data.status).toBe('submitted');

    const response = await post('/ks/monitor/assign', admin.headers, {
      ...node,
      id: record.id,
      level: 1,
      userId: a.id,
      fromUserId: b.id,
    });
    expect(response.json()).toMatchObject({ code: 400, message: ASSIGN_ALREADY_MESSAGE });
    // Nothing moved: a cannot pass a second time, and the level still waits for b.
    expect([await todoCount(a), await todoCount(b)]).toEqual([0, 1]);
    expect((await audit(node, a, record.id, 'pass')).json().message).toBe(NOT_REVIEWER_MESSAGE);
    expect((await audit(node, b, record.id, 'pass')).json().data.status).toBe('approved');
  });
});

describe('POST /ks/monitor/publish', () => {
  it('publishes an approved record; refuses a draft and a user without the publish function', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const body = { ...node, id: record.id };
    const draft = await post('/ks/monitor/publish', reviewer.headers, body);
    expect(draft.json()).toMatchObject({ code: 400, message: NOT_PUBLISHABLE_MESSAGE });

    await submit(node, owner, record.id);
    await audit(node, reviewer, record.id, 'pass');
    const byOwner = await post('/ks/monitor/publish', owner.headers, body);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe(FUNCTION_DENIED_MESSAGE('发布'));
    const published = await post('/ks/monitor/publish', reviewer.headers, body);
    expect(published.json()).toMatchObject({ code: 200, data: { status: 'published' } });
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'published' });
  });

  it("a publish grant reaches the caller's own records only: another enterprise's id is 数据不存在", async () => {
    const app = getApp();
    const [owner, publisher, reviewer] = await Promise.all([actor('U'), actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    await app.db.insert(nodeFunctionGrants).values(
      ['save', 'submit', 'publish'].map((functionCode) => ({
        nodeId: node.node.id,
        functionCode,
        subjectType: 'role' as const,
        subject: 'U',
      })),
    );
    const record = await insertRecord(app, node.tableName, owner);
    const own = await insertRecord(app, node.tableName, publisher);
    for (const [who, id] of [
      [owner, record.id],
      [publisher, own.id],
    ] as const) {
      await submit(node, who, id);
      await audit(node, reviewer, id, 'pass');
    }

    const foreign = await post('/ks/monitor/publish', publisher.headers, { ...node, id: record.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(RECORD_NOT_FOUND_MESSAGE);
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'approved' });
    const mine = await post('/ks/monitor/publish', publisher.headers, { ...node, id: own.id });
    expect(mine.json()).toMatchObject({ code: 200, data: { status: 'published' } });
  });
});

describe("the 'view' function", () => {
  it('without it a caller reads only the records they review: lists, forms and exports alike', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('P')]);
    const node = await auditedNode([byOrg(1, 'any', await orgOf(app, [reviewer]))], {
      functions: [...FUNCTIONS, 'export'],
    });
    const grant = (subject: LoginRoleType, codes: string[]) => grantRoles(node.node.id, subject, codes);
    await grant('U', ['save', 'submit', 'export']);
    await grant('P', ['save']);
    const record = await insertRecord(app, node.tableName, owner);
    const listed = async (who: Actor) =>
      (await post('/ks/monitor/table-list', who.headers, { ...node, curPage: 1, pageSize: 10 })).json().data
        .records as { id: string }[];
    const form = (who: Actor) => post('/ks/info/v1/form/details', who.headers, { ...node, id: record.id });

    expect(await listed(owner)).toEqual([]);
    expect((await form(owner)).statusCode).toBe(404);
    const sheet = await post('/ks/monitor/export', owner.headers, { ...node, curPage: 1, pageSize: 10 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(1); // the header alone
    // Changing it needs no 'view': the owner still submits it.
    expect((await submit(node, owner, record.id)).json().code).toBe(200);

    // The reviewer holds no grant but reviews it: the record is theirs to read.
    expect((await listed(reviewer)).map((row) => row.id)).toEqual([record.id]);
    expect((await form(reviewer)).json().code).toBe(200);

    await grant('U', ['view']);
    expect((await listed(owner)).map((row) => row.id)).toEqual([record.id]);
    expect((await form(owner)).json().code).toBe(200);
  });
});

describe('schema versions and reviewer scope', () => {
  it('reviews a record under its own schema version after a new publish changes the form and levels', async () => {
    const app = getApp();
    const [owner, first, later] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const node = await auditedNode([single(1, first)]);
    const record = await insertRecord(app, node.tableName, owner);
    const developer = node.developer.headers;
    await saveDraft(app, developer, node.node.id, {
      form: { items: [...ITEMS, { code: 'extra', name: '新增必填', type: 'text', required: '1' }] },
      functions: [...FUNCTIONS],
      audit: { levels: [single(1, later)] },
    });
    expect((await publish(app, developer, node.node.id)).json().data.schemaVersion).toBe(2);

    // Version 1 knows no 'extra' field, so the record is valid and goes to version 1's reviewer.
    expect((await submit(node, owner, record.id)).json().code).toBe(200);
    expect([await todoCount(first), await todoCount(later)]).toEqual([1, 0]);
    await audit(node, first, record.id, 'pass');
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({
      status: 'approved',
      schema_version: 1,
    });
  });

  it('keeps the to-do rows as history: completed, not deleted', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);
    await audit(node, reviewer, record.id, 'pass');
    const todos = await app.db.select().from(notifyTodos).where(eq(notifyTodos.businessId, record.id));
    expect(todos).toEqual([expect.objectContaining({ userId: reviewer.id, doneAt: expect.any(Date) })]);
  });

  it('lets a non-administrator reviewer read the attachments of a record assigned to them', async () => {
    const app = getApp();
    const [owner, reviewer, other] = await Promise.all([actor('U'), actor('P'), actor('P')]);
    // Single levels name an administrator; an organisation may hold any user.
    const node = await auditedNode([byOrg(1, 'any', await orgOf(app, [reviewer]))]);
    const record = await insertRecord(app, node.tableName, owner);
    const slot = await post('/ks/config/annex-slots', node.developer.headers, {
      gnCoding: node.gnCoding,
      annexNo: 'lic',
      annexName: '营业执照',
      annexFormat: ['pdf'],
      annexSize: 1,
      isRequired: false,
      annexCount: 2,
    });
    expect(slot.json().code).toBe(200);
    const form = multipart(
      { gnCoding: node.gnCoding, systemCoding: node.systemCoding, fileType: 'pdf', fileNo: 'lic' },
      { name: '执照.pdf', content: PDF },
    );
    const uploaded = await app.inject({
      method: 'POST',
      url: '/ks/common/common/upload/annex',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    const file = uploaded.json().data as { fileId: string; url: string };
    const saved = await post('/ks/common/common/attachment/save', owner.headers, {
      ...node,
      id: record.id,
      fileList: [{ fileId: file.fileId, fileNo: 'lic', fileOperationType: 'add' }],
    });
    expect(saved.json().code).toBe(200);
    const listUrl = `/ks/common/common/attachment/list?systemCoding=${node.systemCoding}&gnCoding=${node.gnCoding}&id=${record.id}`;
    const listOf = async (who: Actor) =>
      (await app.inject({ method: 'GET', url: listUrl, headers: who.headers })).json().data as unknown[];
    const download = async (who: Actor) =>
      (await app.inject({ method: 'GET', url: file.url, headers: who.headers })).statusCode;

    expect(await listOf(reviewer)).toEqual([]);
    expect(await download(reviewer)).toBe(404);
    await submit(node, owner, record.id);
    expect(await listOf(reviewer)).toHaveLength(1);
    expect(await download(reviewer)).toBe(200);
    expect(await listOf(other)).toEqual([]);
    expect(await download(other)).toBe(404);
  });

  it('refuses to submit a record whose required annex slots hold no file, naming them, and changes nothing', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const slot = (annexNo: string, annexName: string, isRequired: boolean, sort: number) =>
      post('/ks/config/annex-slots', node.developer.headers, {
        gnCoding: node.gnCoding,
        annexNo,
        annexName,
        annexFormat: ['pdf'],
        annexSize: 1,
        isRequired,
        annexCount: 2,
        sort,
      });
    for (const created of [
      await slot('lic', '营业执照', true, 1),
      await slot('cert', '资质证书', true, 2),
      await slot('other', '其他材料', false, 3),
    ])
      expect(created.json().code).toBe(200);

    const refused = await submit(node, owner, record.id);
    expect(refused.json()).toMatchObject({
      code: 400,
      message: UPLOAD_MESSAGES.required(['营业执照', '资质证书']),
    });
    expect(await envelope(app, node.tableName, record.id)).toMatchObject({ status: 'draft', version: 1 });

    // The attachments are saved together: a save that leaves a required slot empty is refused too.
    const fileList = [];
    for (const annexNo of ['lic', 'cert']) {
      const form = multipart(
        { gnCoding: node.gnCoding, systemCoding: node.systemCoding, fileType: 'pdf', fileNo: annexNo },
        { name: `${annexNo}.pdf`, content: PDF },
      );
      const uploaded = await app.inject({
        method: 'POST',
        url: '/ks/common/common/upload/annex',
        headers: { ...owner.headers, ...form.headers },
        payload: form.payload,
      });
      fileList.push({ fileId: uploaded.json().data.fileId, fileNo: annexNo, fileOperationType: 'add' });
    }
    const saved = await post('/ks/common/common/attachment/save', owner.headers, {
      ...node,
      id: record.id,
      fileList,
    });
    expect(saved.json().code).toBe(200);
    expect((await submit(node, owner, record.id)).json().code).toBe(200);
  });

  it("changes a node record's attachments only on its owner side, and only while it is editable", async () => {
    const app = getApp();
    const [owner, stranger, reviewer] = await Promise.all([actor('U'), actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const record = await insertRecord(app, node.tableName, owner);
    const upload = async (who: Actor) => {
      const form = multipart(
        { gnCoding: node.gnCoding, systemCoding: node.systemCoding },
        { name: '说明.pdf', content: PDF },
      );
      const uploaded = await app.inject({
        method: 'POST',
        url: '/ks/common/common/upload/attachment',
        headers: { ...who.headers, ...form.headers },
        payload: form.payload,
      });
      return (uploaded.json().data as { fileId: string }).fileId;
    };
    const attach = async (who: Actor, fileId: string) =>
      post('/ks/common/common/attachment/save', who.headers, {
        ...node,
        id: record.id,
        fileList: [{ fileId, fileNo: '', fileOperationType: 'add' }],
      });
    const attachedCount = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/ks/common/common/attachment/list?systemCoding=${node.systemCoding}&gnCoding=${node.gnCoding}&id=${record.id}`,
          headers: reviewer.headers,
        })
      ).json().data.length as number;

    // Another enterprise's file on this record: the record is not theirs to read.
    const foreign = await attach(stranger, await upload(stranger));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(RECORD_NOT_FOUND_MESSAGE);
    expect((await attach(owner, await upload(owner))).json().code).toBe(200);
    expect(await attachedCount()).toBe(1);
    // The change is in the record's own log (its drawer reads target gnCoding and the record id).
    const log = await post('/ks/common/common/logHistory', owner.headers, {
      gnCoding: node.gnCoding,
      id: record.id,
    });
    expect(log.json().data.map((entry: { logbook: string }) => entry.logbook)).toContain(
      '保存附件：新增1个，删除0个',
    );

    // Submitted: what the reviewer reviews stays as it was sent.
    await submit(node, owner, record.id);
    const late = await attach(owner, await upload(owner));
    expect(late.json()).toMatchObject({ code: 400, message: RECORD_NOT_EDITABLE_MESSAGE });
    expect(await attachedCount()).toBe(1);
  });
});

describe('DELETE /ks/config/new/structure/del of a node under review', () => {
  const deleteNode = (who: Actor, nodeId: string) =>
    getApp().inject({
      method: 'DELETE',
      url: '/ks/config/new/structure/del',
      headers: who.headers,
      query: { nodeId },
    });
  const isLive = async (nodeId: string) =>
    (await getApp().db.select().from(menuNodes).where(eq(menuNodes.id, nodeId)))[0]?.deletedAt === null;

  it('refuses the node, or a directory above it, while a record is under review (节点「…」有审核中的数据，不能删除), changing nothing', async () => {
    const app = getApp();
    const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
    const node = await auditedNode([single(1, reviewer)]);
    const directory = await addNode(app, node.developer.headers, node.systemCoding, {
      nodeProperties: 'directory',
    });
    const moved = await post('/ks/config/new/structure/move', node.developer.headers, {
      nodeId: node.node.id,
      targetParentId: directory.id,
      index: 0,
    });
    expect(moved.json().code).toBe(200);
    const record = await insertRecord(app, node.tableName, owner);
    await submit(node, owner, record.id);

    const message = `节点「${node.node.title}」有审核中的数据，不能删除`;
    for (const nodeId of [node.node.id, directory.id]) {
      expect((await deleteNode(node.developer, nodeId)).json()).toMatchObject({ code: 400, message });
    }
    const [system] = await app.db.select().from(systems).where(eq(systems.gnCoding, node.systemCoding));
    const wholeSystem = await app.inject({
      method: 'DELETE',
      url: '/ks/config/new/structure/del',
      headers: node.developer.headers,
      query: { systemId: system?.id ?? '' },
    });
    expect(wholeSystem.json()).toMatchObject({ code: 400, message });
    expect([await isLive(node.node.id), await isLive(directory.id)]).toEqual([true, true]);
    expect(
      (
        await app.db
          .select()
          .from(systems)
          .where(eq(systems.id, system?.id ?? ''))
      )[0]?.deletedAt,
    ).toBeNull();
    // The flow goes on as before: its to-do is open and the reviewer decides it.
    expect(await todoCount(reviewer)).toBe(1);
    expect((await audit(node, reviewer, record.id, 'pass')).json().data.status).toBe('approved');
    // A finished flow holds nothing back.
    expect((await deleteNode(node.developer, directory.id)).json()).toMatchObject({
      code: 200,
      data: { deletedNodes: 2 },
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a delete racing a submit waits for it and refuses (needs DATABASE_URL: PGlite has one session, so nothing runs concurrently)',
    async () => {
      const app = getApp();
      const [owner, reviewer] = await Promise.all([actor('U'), actor('M')]);
      const node = await auditedNode([single(1, reviewer)]);
      const record = await insertRecord(app, node.tableName, owner);
      // Another transaction holds the record row: the submit stops at its envelope update, inside its
      // transaction, and the delete comes while the flow is not yet committed.
      let answers: Promise<Awaited<ReturnType<typeof submit>>[]> = Promise.resolve([]);
      await app.db.transaction(async (tx) => {
        await tx.execute(
          sql`select id from ${sql.identifier('ks_data')}.${sql.identifier(node.tableName)}
            where id = ${record.id}::uuid for update`,
        );
        const submitted = submit(node, owner, record.id);
        await untilWaiting(app, [submitted]);
        const deleted = deleteNode(node.developer, node.node.id);
        await untilWaiting(app, [submitted, deleted]);
        answers = Promise.all([submitted, deleted]);
      });
      const [submitted, deleted] = await answers;
      expect(submitted?.json().code).toBe(200);
      expect(deleted?.json()).toMatchObject({
        code: 400,
        message: `节点「${node.node.title}」有审核中的数据，不能删除`,
      });
      expect(await isLive(node.node.id)).toBe(true);
      expect(await todoCount(reviewer)).toBe(1);
    },
  );
});
