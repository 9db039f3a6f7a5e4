import {
  CHANGE_MESSAGES,
  type ChangeList,
  type ChangeSaved,
  CONTACT_MESSAGES,
  FUNCTION_DENIED_MESSAGE,
  RECORD_CHANGE_OPERATION,
  RECORD_CHANGE_PATHS,
  scoreAboveMaxMessage,
  scoreAboveMaxReviewMessage,
} from '@ks/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addNode, newSystem, publish, saveDraft } from '../../../test/builder-fixtures.ts';
import { createActor, type TestActor, type TestUser, unique, useTestApp } from '../../../test/helper.ts';
import { auditOrgMembers, auditOrgs, nodeFunctionGrants } from '../../db/schema/authority.ts';
import { recordAttachments, storedFiles } from '../../db/schema/files.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { notifyDeliveries, notifyTodos } from '../../db/schema/notify.ts';
import { recordChanges } from '../../db/schema/record-changes.ts';
import { recordRevisions } from '../../db/schema/records.ts';
import { refuse } from '../../engine/lifecycle.ts';
import type { EngineModule } from '../../engine/modules.ts';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import { RECORD_CHANGES_MODULE } from './index.ts';

/** The score module stand-in: a system whose changeApplied handler refuses (the pass must roll back). */
const REFUSING_SYSTEM = unique('chgrefuse');
const TRACED_SYSTEM = unique('chgtrace');
const REFUSAL = '信用分重算失败，变更未生效';
const applied: { recordId: string; changeId: string; changes: unknown; scoreSeen: unknown }[] = [];
const scoreModule: EngineModule = {
  name: 'test-change-listener',
  register: ({ events }) => {
    events.register({ systemCodings: [REFUSING_SYSTEM] }, { changeApplied: () => refuse(REFUSAL) });
    events.register(
      { systemCodings: [TRACED_SYSTEM] },
      {
        changeApplied: async ({ tx, node, recordId, changeId, changes }) => {
          // Inside the review's transaction: the new value is already written.
          const result = await tx.execute(
            sql`select score::text as score from ${tableRef(node.tableName)} where id = ${recordId}::uuid`,
          );
          applied.push({
            recordId,
            changeId,
            changes,
            scoreSeen: rowsOf<{ score: string }>(result)[0]?.score,
          });
        },
      },
    );
  },
};

// The change routes are the record-changes module's; the listener stands in for the score module.
const getApp = useTestApp({}, { modules: [RECORD_CHANGES_MODULE, scoreModule] });
type Actor = TestActor;
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);

const DEFINITION = {
  form: {
    items: [
      { code: 'title', name: '信用条目', type: 'text' as const, required: '1' as const, groupNumber: 'g1' },
      { code: 'score', name: '分数', type: 'number' as const, max: 10, groupNumber: 'g1' },
      { code: 'start_time', name: '开始时间', type: 'date' as const, groupNumber: 'g2' },
      { code: 'end_time', name: '结束时间', type: 'date' as const, groupNumber: 'g2' },
      { code: 'note', name: '备注', type: 'text' as const },
    ],
    groups: [
      { groupNumber: 'g1', name: '信用信息' },
      { groupNumber: 'g2', name: '有效期' },
    ],
  },
  functions: ['save', 'submit', 'audit', 'view'],
  allowChangeAfterApproval: true,
};

type Node = { systemCoding: string; gnCoding: string; tableName: string; nodeId: string };
async function changeNode(systemCoding = unique('chg'), allow = true): Promise<Node> {
  const app = getApp();
  const developer = await actor('D');
  const system = await newSystem(app, developer.headers, systemCoding);
  const node = await addNode(app, developer.headers, system.gnCoding);
  const saved = await saveDraft(app, developer.headers, node.id, {
    ...DEFINITION,
    allowChangeAfterApproval: allow,
  });
  expect(saved.json().code).toBe(200);
  const published = await publish(app, developer.headers, node.id);
  expect(published.json().code).toBe(200);
  return {
    systemCoding,
    gnCoding: node.gnCoding,
    tableName: published.json().data.tableName,
    nodeId: node.id,
  };
}

/** An approved record of the owner straight in the node table (the workflow has its own tests). */
async function approvedRecord(node: Node, owner: Actor, status = 'approved', auditState = 'passed') {
  const result = await getApp().db.execute(
    sql`insert into ${tableRef(node.tableName)}
      (owner_user_id, owner_enterprise_id, schema_version, status, audit_state, title, score, start_time, end_time)
      values (${owner.id}::uuid, (select enterprise_id from users where id = ${owner.id}::uuid), 1,
        ${status}, ${auditState}, '优良工程奖', 5, '2026-01-01', '2026-12-31')
      returning id::text as id`,
  );
  return rowsOf<{ id: string }>(result)[0]?.id as string;
}

async function fileOf(owner: Actor, fileName = '证明.pdf') {
  const [row] = await getApp()
    .db.insert(storedFiles)
    .values({
      storageKey: unique('k'),
      fileName,
      mimeType: 'application/pdf',
      size: 10,
      md5: unique('m'),
      ownerUserId: owner.id,
      visibility: 'owner',
    })
    .returning();
  return { fileId: row?.id as string, url: `/ks/file/v1/files/${row?.id}`, annexName: fileName };
}

const post = (url: string, who: Actor | null, payload: object) =>
  getApp().inject({ method: 'POST', url, headers: who?.headers ?? {}, payload });

const CONTACT = { ry_name: '王立新', tel: '0571-87654321' };

async function changeBody(node: Node, recordId: string, owner: Actor, extra: object = {}) {
  return {
    systemCoding: node.systemCoding,
    gnCoding: node.gnCoding,
    businessId: recordId,
    changeType: '信用信息/分数',
    changeTypeCode: 'g1/score',
    logbook: '复核后分数调整',
    dataList: [{ changeField: 'score', newValue: '8' }],
    fileList: [await fileOf(owner)],
    contact: CONTACT,
    ...extra,
  };
}

const listOf = async (node: Node, recordId: string, who: Actor, change = true) => {
  const response = await post(RECORD_CHANGE_PATHS.list, who, {
    systemCoding: node.systemCoding,
    gnCoding: node.gnCoding,
    businessId: recordId,
    change,
  });
  expect(response.json().code, response.body).toBe(200);
  return response.json().data as ChangeList;
};

async function savedAndSubmitted(node: Node, recordId: string, owner: Actor, extra: object = {}) {
  const saved = await post(RECORD_CHANGE_PATHS.save, owner, await changeBody(node, recordId, owner, extra));
  expect(saved.json(), saved.body).toMatchObject({ code: 200, message: CHANGE_MESSAGES.saved });
  const { id, version } = saved.json().data;
  const submitted = await post(RECORD_CHANGE_PATHS.submit, owner, {
    systemCoding: node.systemCoding,
    gnCoding: node.gnCoding,
    id,
    version,
    confirmed: true,
  });
  expect(submitted.json(), submitted.body).toMatchObject({ code: 200, message: CHANGE_MESSAGES.submitted });
  return submitted.json().data as ChangeSaved;
}

const review = (
  node: Node,
  who: Actor,
  change: { id: string; version: number },
  pass: boolean,
  advice = '',
) =>
  post(RECORD_CHANGE_PATHS.review, who, {
    systemCoding: node.systemCoding,
    gnCoding: node.gnCoding,
    id: change.id,
    version: change.version,
    pass,
    auditRecord: advice,
  });

async function recordValues(node: Node, id: string) {
  const result = await getApp().db.execute(
    sql`select score::text as score, end_time::text as end_time, version from ${tableRef(node.tableName)} where id = ${id}::uuid`,
  );
  return rowsOf<{ score: string; end_time: string; version: number }>(result)[0];
}

describe('change requests on approved records', () => {
  it('saves, submits and passes a change: values, revision, log, changeApplied and a notice', async () => {
    const app = getApp();
    const node = await changeNode(TRACED_SYSTEM);
    const [owner, admin] = await Promise.all([actor('U'), actor('M')]);
    const recordId = await approvedRecord(node, owner);

    const before = await listOf(node, recordId, owner);
    expect(before.canInitiate).toBe(true);
    expect(before.operations.filter((op) => op.show).map((op) => op.code)).toEqual([
      'save',
      'submit',
      'closed',
    ]);

    const submitted = await savedAndSubmitted(node, recordId, owner);
    // Every answer carries the caller's permissions and buttons.
    expect(submitted).toMatchObject({ userPermission: true, managerPermission: false });
    expect(submitted.operations.filter((op) => op.show).map((op) => op.code)).toEqual(['closed']);
    const ownerView = await listOf(node, recordId, owner);
    expect(ownerView.canInitiate).toBe(false);
    expect(ownerView.records[0]).toMatchObject({ change: 1, round: 1, changeStatus: '变更中' });
    expect(ownerView.records[0]?.dataList[0]).toMatchObject({
      changeField: 'score',
      oldValue: '5',
      newValue: '8',
    });
    expect(ownerView.records[0]?.operations.filter((op) => op.show).map((op) => op.code)).toEqual(['closed']);
    const adminView = await listOf(node, recordId, admin, false);
    expect(adminView.managerPermission).toBe(true);
    expect(adminView.records[0]?.operations.filter((op) => op.show).map((op) => op.code)).toEqual([
      'pass',
      'reject',
      'closed',
      'modify',
    ]);

    const passed = await review(node, admin, submitted, true);
    expect(passed.json(), passed.body).toMatchObject({ code: 200, message: CHANGE_MESSAGES.reviewed });
    expect((await recordValues(node, recordId))?.score).toBe('8');
    const revisions = await app.db
      .select()
      .from(recordRevisions)
      .where(eq(recordRevisions.recordId, recordId));
    expect(revisions.find((row) => row.action === 'change')?.changes).toEqual([
      { field: 'score', name: '分数', oldValue: '5', newValue: '8' },
    ]);
    const logs = await app.db.select().from(operationLogs).where(eq(operationLogs.targetId, recordId));
    expect(logs.map((row) => row.action)).toContain('变更数据');
    const event = applied.find((one) => one.recordId === recordId);
    expect(event).toMatchObject({ changeId: submitted.id, scoreSeen: '8' });
    expect(event?.changes).toEqual([{ field: 'score', oldValue: 5, newValue: 8 }]);
    const messages = await app.db
      .select()
      .from(notifyDeliveries)
      .where(eq(notifyDeliveries.userId, owner.id));
    expect(messages.length).toBeGreaterThan(0);
    const after = await listOf(node, recordId, owner);
    expect(after.records[0]).toMatchObject({ change: 2, changeStatus: '已通过' });
    expect(after.records[0]?.czTime).not.toBeNull();
    expect(after.canInitiate).toBe(true);
  });

  it('rolls the pass back when a changeApplied handler refuses it', async () => {
    const app = getApp();
    const node = await changeNode(REFUSING_SYSTEM);
    const [owner, admin] = await Promise.all([actor('U'), actor('M')]);
    const recordId = await approvedRecord(node, owner);
    const submitted = await savedAndSubmitted(node, recordId, owner);
    const before = await recordValues(node, recordId);
    const refused = await review(node, admin, submitted, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REFUSAL);
    expect(await recordValues(node, recordId)).toEqual(before);
    const revisions = await app.db
      .select()
      .from(recordRevisions)
      .where(eq(recordRevisions.recordId, recordId));
    expect(revisions.filter((row) => row.action === 'change')).toHaveLength(0);
    expect((await listOf(node, recordId, owner)).records[0]).toMatchObject({
      change: 1,
      version: submitted.version,
    });
    // The refusal is logged after the rollback.
    const logs = await app.db.select().from(operationLogs).where(eq(operationLogs.targetId, submitted.id));
    expect(logs.find((row) => row.action === '变更审核通过')?.result).toBe(REFUSAL);
  });

  it('keeps rounds after a rejection and opens a new one, the second tab', async () => {
    const node = await changeNode();
    const [owner, admin] = await Promise.all([actor('P'), actor('M')]);
    const recordId = await approvedRecord(node, owner);
    const first = await savedAndSubmitted(node, recordId, owner);
    const noAdvice = await review(node, admin, first, false, '  ');
    expect(noAdvice.json().message).toBe(CHANGE_MESSAGES.adviceRequired);
    expect((await review(node, admin, first, false, '证明材料不全')).json().code).toBe(200);
    const rejected = await listOf(node, recordId, owner);
    expect(rejected.records[0]).toMatchObject({
      change: -1,
      changeStatus: '未通过',
      auditRecord: '证明材料不全',
    });
    expect(rejected.canInitiate).toBe(true);
    const second = await savedAndSubmitted(node, recordId, owner, { logbook: '补充材料后重新申请' });
    const rounds = await listOf(node, recordId, owner);
    expect(rounds.records.map((row) => [row.round, row.change])).toEqual([
      [1, -1],
      [2, 1],
    ]);
    expect(rounds.records[1]?.id).toBe(second.id);
    expect((await recordValues(node, recordId))?.score).toBe('5');
  });

  it('answers every validation message of the specification', async () => {
    const node = await changeNode();
    const [owner, admin] = await Promise.all([actor('U'), actor('M')]);
    const recordId = await approvedRecord(node, owner);
    const refusedWith = async (extra: object, message: string, who: Actor = owner) => {
      const response = await post(
        RECORD_CHANGE_PATHS.save,
        who,
        await changeBody(node, recordId, owner, extra),
      );
      expect(response.json().message, JSON.stringify(extra)).toBe(message);
      expect(response.statusCode).toBe(400);
    };
    await refusedWith({ changeType: '', changeTypeCode: '' }, CHANGE_MESSAGES.typeRequired);
    await refusedWith({ logbook: ' ' }, CHANGE_MESSAGES.reasonRequired);
    await refusedWith({ fileList: [] }, CHANGE_MESSAGES.attachmentRequired);
    await refusedWith(
      {
        changeTypeCode: 'info',
        changeType: '附件信息',
        dataList: [{ changeField: 'enclosure', newValue: '' }],
      },
      CHANGE_MESSAGES.infoAttachmentRequired,
    );
    await refusedWith(
      { dataList: [{ changeField: 'end_time', newValue: '2025-06-30' }] },
      CHANGE_MESSAGES.endBeforeStart,
    );
    await refusedWith(
      { dataList: [{ changeField: 'score', newValue: '12' }] },
      scoreAboveMaxMessage('分数', 10),
    );
    await refusedWith(
      { dataList: [{ changeField: 'score', newValue: '-1' }] },
      CHANGE_MESSAGES.negativeScore,
    );
    await refusedWith(
      { dataList: [{ changeField: 'title', newValue: 'x'.repeat(300) }] },
      CHANGE_MESSAGES.validationFailed,
    );
    await refusedWith({ fileList: [await fileOf(owner, '说明.txt')] }, CHANGE_MESSAGES.uploadType);
    await refusedWith(
      { dataList: [{ changeField: 'nope', newValue: '1' }] },
      CHANGE_MESSAGES.unknownField('nope'),
    );

    // Saved, then submitted while editing: 请先保存; not confirmed: refused too.
    const saved = await post(RECORD_CHANGE_PATHS.save, owner, await changeBody(node, recordId, owner));
    const { id, version } = saved.json().data;
    const submit = (extra: object) =>
      post(RECORD_CHANGE_PATHS.submit, owner, {
        systemCoding: node.systemCoding,
        gnCoding: node.gnCoding,
        id,
        version,
        ...extra,
      });
    expect((await submit({ confirmed: true, editing: true })).json().message).toBe(CHANGE_MESSAGES.saveFirst);
    expect((await submit({})).statusCode).toBe(400);
    expect(
      (await post(RECORD_CHANGE_PATHS.save, owner, await changeBody(node, recordId, owner))).json().message,
    ).toBe(CHANGE_MESSAGES.pendingExists);
    const submitted = (await submit({ confirmed: true })).json().data;
    // On review the score message is the shorter one; reviewing while editing: 请先保存.
    const edit = await post(RECORD_CHANGE_PATHS.save, admin, {
      ...(await changeBody(node, recordId, owner, { dataList: [{ changeField: 'score', newValue: '11' }] })),
      id,
      version: submitted.version,
    });
    expect(edit.json().message).toBe(scoreAboveMaxReviewMessage(10));
    const editing = await post(RECORD_CHANGE_PATHS.review, admin, {
      systemCoding: node.systemCoding,
      gnCoding: node.gnCoding,
      id,
      version: submitted.version,
      pass: true,
      editing: true,
    });
    expect(editing.json().message).toBe(CHANGE_MESSAGES.saveFirst);
    // An administrator edits the status-1 change, then passes it.
    const edited = await post(RECORD_CHANGE_PATHS.save, admin, {
      ...(await changeBody(node, recordId, owner, { dataList: [{ changeField: 'score', newValue: '9.5' }] })),
      id,
      version: submitted.version,
    });
    expect(edited.json(), edited.body).toMatchObject({ code: 200, message: CHANGE_MESSAGES.saved });
    const stale = await review(node, admin, submitted, true);
    expect(stale.statusCode).toBe(409);
    expect((await review(node, admin, edited.json().data, true)).json().code).toBe(200);
    expect((await recordValues(node, recordId))?.score).toBe('9.5');
  });

  it('stores the requester’s contact person and shows it to the reviewer; a bad one changes nothing', async () => {
    const app = getApp();
    const node = await changeNode();
    const [owner, admin] = await Promise.all([actor('U'), actor('M')]);
    const recordId = await approvedRecord(node, owner);
    const refused = async (contact: object | undefined, message: string, field: string) => {
      const body = await changeBody(node, recordId, owner, { contact });
      const response = await post(RECORD_CHANGE_PATHS.save, owner, body);
      expect(response.json(), JSON.stringify(contact)).toMatchObject({
        code: 400,
        message,
        data: { [field]: message },
      });
    };
    await refused(undefined, CONTACT_MESSAGES.nameRequired, 'contact.ry_name');
    await refused({ ry_name: ' ', tel: '13857112345' }, CONTACT_MESSAGES.nameRequired, 'contact.ry_name');
    await refused({ ry_name: '王立新', tel: '' }, CONTACT_MESSAGES.telRequired, 'contact.tel');
    await refused({ ry_name: '王立新', tel: '1385711234' }, CONTACT_MESSAGES.telInvalid, 'contact.tel');
    await refused({ ry_name: '王立新', tel: '571-87654321' }, CONTACT_MESSAGES.telInvalid, 'contact.tel');
    await refused(
      { ry_name: '王'.repeat(31), tel: '13857112345' },
      CONTACT_MESSAGES.nameTooLong,
      'contact.ry_name',
    );
    // Nothing was written by the refusals.
    expect(await app.db.select().from(recordChanges).where(eq(recordChanges.businessId, recordId))).toEqual(
      [],
    );

    const saved = await post(
      RECORD_CHANGE_PATHS.save,
      owner,
      await changeBody(node, recordId, owner, { contact: { ry_name: ' 王立新 ', tel: '13857112345' } }),
    );
    expect(saved.json().code, saved.body).toBe(200);
    const { id, version } = saved.json().data;
    // The requester's edit before submitting replaces it; a bad one leaves the stored one alone.
    const edit = async (contact: object) =>
      post(RECORD_CHANGE_PATHS.save, owner, {
        ...(await changeBody(node, recordId, owner, { contact })),
        id,
        version,
      });
    expect((await edit({ ry_name: '李敏', tel: '0571-8765432x' })).json().message).toBe(
      CONTACT_MESSAGES.telInvalid,
    );
    const edited = await edit({ ry_name: '李敏', tel: '057187654321' });
    expect(edited.json().code, edited.body).toBe(200);
    const submitted = await post(RECORD_CHANGE_PATHS.submit, owner, {
      systemCoding: node.systemCoding,
      gnCoding: node.gnCoding,
      ...edited.json().data,
      confirmed: true,
    });
    expect(submitted.json().code).toBe(200);
    // The reviewer sees it in check mode; an administrator's edit of the submitted change keeps it.
    const checked = await listOf(node, recordId, admin, false);
    expect(checked.records[0]?.contact).toEqual({ ry_name: '李敏', tel: '057187654321' });
    const modified = await post(RECORD_CHANGE_PATHS.save, admin, {
      ...(await changeBody(node, recordId, owner, { contact: { ry_name: '管理员', tel: '13800000000' } })),
      id,
      version: submitted.json().data.version,
    });
    expect(modified.json().code, modified.body).toBe(200);
    expect((await listOf(node, recordId, owner)).records[0]?.contact).toEqual({
      ry_name: '李敏',
      tel: '057187654321',
    });
  });

  it('applies an attachments (info) change to the record’s files', async () => {
    const app = getApp();
    const node = await changeNode();
    const [owner, admin] = await Promise.all([actor('U'), actor('M')]);
    const recordId = await approvedRecord(node, owner);
    const newFile = await fileOf(owner, '新证书.png');
    const submitted = await savedAndSubmitted(node, recordId, owner, {
      changeType: '附件信息',
      changeTypeCode: 'info',
      dataList: [{ changeField: 'enclosure', newValue: newFile.url }],
    });
    expect((await review(node, admin, submitted, true)).json().code).toBe(200);
    const attached = await app.db
      .select()
      .from(recordAttachments)
      .where(and(eq(recordAttachments.recordId, recordId), eq(recordAttachments.gnCoding, node.gnCoding)));
    expect(attached.map((row) => row.fileId)).toEqual([newFile.fileId]);
    const fields = await post(RECORD_CHANGE_PATHS.fields, owner, { ...node, id: recordId });
    expect(fields.json().data.enclosure).toBe(newFile.url);
    expect(fields.json().data.enclosureFiles).toEqual([newFile]);
  });

  it('lets exactly one of two concurrent reviews win', async () => {
    const node = await changeNode();
    const [owner, first, second] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const recordId = await approvedRecord(node, owner);
    const submitted = await savedAndSubmitted(node, recordId, owner);
    const answers = await Promise.all([
      review(node, first, submitted, true),
      review(node, second, submitted, false, '不同意'),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect([CHANGE_MESSAGES.alreadyReviewed, CHANGE_MESSAGES.stale]).toContain(loser?.json().message);
    const decided = (await listOf(node, recordId, owner)).records[0];
    expect([2, -1]).toContain(decided?.change);
  });

  it('enforces the role matrix on every call', async () => {
    const app = getApp();
    const node = await changeNode();
    const [owner, otherEnterprise, personnel, manager, plainAdmin, developer] = await Promise.all([
      actor('U'),
      actor('U'),
      actor('P'),
      actor('M'),
      actor('M'),
      actor('D'),
    ]);
    // Saved grants: administrators view; the audit function only for a reviewer organisation.
    const [org] = await app.db
      .insert(auditOrgs)
      .values({ name: unique('变更审核组') })
      .returning();
    await app.db.insert(auditOrgMembers).values({ orgId: org?.id as string, userId: manager.id });
    await app.db.insert(nodeFunctionGrants).values([
      { nodeId: node.nodeId, functionCode: 'view', subjectType: 'role', subject: 'M' },
      { nodeId: node.nodeId, functionCode: 'audit', subjectType: 'org', subject: org?.id as string },
      ...(['save', 'submit', 'view'] as const).flatMap((functionCode) =>
        (['U', 'P'] as const).map((subject) => ({
          nodeId: node.nodeId,
          functionCode,
          subjectType: 'role' as const,
          subject,
        })),
      ),
    ]);
    const recordId = await approvedRecord(node, owner);
    const submitted = await savedAndSubmitted(node, recordId, owner);
    const ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
    const calls: [string, object][] = [
      [RECORD_CHANGE_PATHS.list, { ...ref, businessId: recordId }],
      [RECORD_CHANGE_PATHS.fields, { ...ref, id: recordId }],
      [RECORD_CHANGE_PATHS.save, await changeBody(node, recordId, owner)],
      [RECORD_CHANGE_PATHS.submit, { ...ref, id: submitted.id, version: submitted.version, confirmed: true }],
      [
        RECORD_CHANGE_PATHS.review,
        { ...ref, id: submitted.id, version: submitted.version, pass: false, auditRecord: '否' },
      ],
    ];
    for (const who of [otherEnterprise, personnel, developer])
      for (const [url, payload] of calls) {
        const response = await post(url, who, payload);
        expect(response.statusCode, `${who.loginRoleType} ${url}`).toBe(403);
        expect(JSON.stringify(response.json().data ?? null)).not.toContain('复核后分数调整');
      }
    for (const [url, payload] of calls) expect((await post(url, null, payload)).statusCode, url).toBe(401);
    expect((await post(RECORD_CHANGE_PATHS.typeTree, developer, ref)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: RECORD_CHANGE_PATHS.template, headers: developer.headers }))
        .statusCode,
    ).toBe(403);

    // An administrator without managerPermission reads, but neither edits nor reviews.
    const plain = await listOf(node, recordId, plainAdmin, false);
    expect(plain.managerPermission).toBe(false);
    expect(plain.records[0]?.operations.filter((op) => op.show).map((op) => op.code)).toEqual(['closed']);
    expect((await post(RECORD_CHANGE_PATHS.fields, plainAdmin, { ...ref, id: recordId })).json().code).toBe(
      200,
    );
    const plainReview = await review(node, plainAdmin, submitted, true);
    expect(plainReview.statusCode).toBe(403);
    expect(plainReview.json().message).toBe(CHANGE_MESSAGES.noManager);
    const plainEdit = await post(RECORD_CHANGE_PATHS.save, plainAdmin, {
      ...(await changeBody(node, recordId, owner)),
      id: submitted.id,
      version: submitted.version,
    });
    expect(plainEdit.statusCode).toBe(403);
    // Administrators never initiate on others' records; the requester cannot review their own.
    expect(
      (await post(RECORD_CHANGE_PATHS.save, manager, await changeBody(node, recordId, owner))).statusCode,
    ).toBe(403);
    expect((await review(node, owner, submitted, true)).statusCode).toBe(403);
    // The requester cannot edit a submitted change.
    const ownerEdit = await post(RECORD_CHANGE_PATHS.save, owner, {
      ...(await changeBody(node, recordId, owner)),
      id: submitted.id,
      version: submitted.version,
    });
    expect(ownerEdit.statusCode).toBe(403);
    // The manager (through the organisation) reviews.
    expect((await listOf(node, recordId, manager, false)).managerPermission).toBe(true);
    expect((await review(node, manager, submitted, true)).json().code).toBe(200);

    // Personnel initiate on their own approved record.
    const own = await approvedRecord(node, personnel);
    expect((await listOf(node, own, personnel)).canInitiate).toBe(true);
    expect(
      (await post(RECORD_CHANGE_PATHS.save, personnel, await changeBody(node, own, personnel))).json().code,
    ).toBe(200);
    expect(FUNCTION_DENIED_MESSAGE('审核')).toContain('审核');
  });

  it('gives each manager a to-do on submit and closes them when the change is decided', async () => {
    const app = getApp();
    const node = await changeNode();
    const [owner, manager, plainAdmin] = await Promise.all([actor('U'), actor('M'), actor('M')]);
    const [org] = await app.db
      .insert(auditOrgs)
      .values({ name: unique('变更审核组') })
      .returning();
    await app.db.insert(auditOrgMembers).values({ orgId: org?.id as string, userId: manager.id });
    await app.db.insert(nodeFunctionGrants).values([
      { nodeId: node.nodeId, functionCode: 'view', subjectType: 'role', subject: 'M' },
      { nodeId: node.nodeId, functionCode: 'audit', subjectType: 'org', subject: org?.id as string },
      ...(['save', 'submit', 'view'] as const).map((functionCode) => ({
        nodeId: node.nodeId,
        functionCode,
        subjectType: 'role' as const,
        subject: 'U',
      })),
    ]);
    const todosOf = (recordId: string) =>
      app.db
        .select()
        .from(notifyTodos)
        .where(
          and(
            eq(notifyTodos.businessId, recordId),
            inArray(notifyTodos.userId, [manager.id, plainAdmin.id, owner.id]),
          ),
        );
    for (const pass of [true, false]) {
      const recordId = await approvedRecord(node, owner);
      const saved = await post(RECORD_CHANGE_PATHS.save, owner, await changeBody(node, recordId, owner));
      // Saved but not submitted: nobody has anything to do yet.
      expect(saved.json().code).toBe(200);
      expect(await todosOf(recordId)).toEqual([]);
      const submitted = await post(RECORD_CHANGE_PATHS.submit, owner, {
        ...saved.json().data,
        systemCoding: node.systemCoding,
        gnCoding: node.gnCoding,
        confirmed: true,
      });
      expect(submitted.json().code, submitted.body).toBe(200);
      const open = await todosOf(recordId);
      // The manager (through the organisation) only: not the administrator without managerPermission.
      expect(open.map((todo) => [todo.userId, todo.doneAt])).toEqual([[manager.id, null]]);
      expect(open[0]).toMatchObject({
        systemCoding: node.systemCoding,
        gnCoding: node.gnCoding,
        businessName: expect.stringContaining('变更申请'),
        submitterName: expect.stringMatching(/\S/),
      });
      const badge = () =>
        app.inject({ method: 'GET', url: '/ks/notification/v1/audit/todo-count', headers: manager.headers });
      const before = (await badge()).json().data as number;
      expect(before).toBeGreaterThan(0);
      expect((await review(node, manager, submitted.json().data, pass, '材料不符')).json().code).toBe(200);
      const closed = await todosOf(recordId);
      expect(closed).toHaveLength(1);
      expect(closed[0]?.doneAt, `pass=${pass}`).not.toBeNull();
      expect((await badge()).json().data).toBe(before - 1);
    }
  });

  it('offers changes only on nodes that allow them, on approved records', async () => {
    const [owner] = await Promise.all([actor('U')]);
    const closed = await changeNode(unique('chg'), false);
    const closedRecord = await approvedRecord(closed, owner);
    const refused = await post(RECORD_CHANGE_PATHS.list, owner, { ...closed, businessId: closedRecord });
    expect(refused.json().message).toBe(CHANGE_MESSAGES.notAllowed);
    const node = await changeNode();
    const draft = await approvedRecord(node, owner, 'draft', '');
    expect((await listOf(node, draft, owner)).canInitiate).toBe(false);
    const notApproved = await post(RECORD_CHANGE_PATHS.save, owner, await changeBody(node, draft, owner));
    expect(notApproved.json().message).toBe(CHANGE_MESSAGES.notApproved);
    // The list row offers 变更 where the node allows it and the record passed, to its owner only.
    const admin = await actor('M');
    const changeOp = async (ref: Node, id: string, who: Actor) => {
      const row = await post('/ks/monitor/table-info/mtr', who, {
        systemCoding: ref.systemCoding,
        gnCoding: ref.gnCoding,
        id,
      });
      return (row.json().data.operations as { code: string; name: string; show: boolean }[]).find(
        (op) => op.code === RECORD_CHANGE_OPERATION,
      );
    };
    const approved = await approvedRecord(node, owner);
    // The mode the dialog opens in comes with the operation: the browser does not read the role.
    expect(await changeOp(node, approved, owner)).toMatchObject({
      name: '变更',
      mode: 'initiate',
      show: true,
    });
    expect(await changeOp(node, approved, admin)).toMatchObject({
      name: '变更审核',
      mode: 'check',
      show: true,
    });
    expect(await changeOp(node, draft, owner)).toMatchObject({ show: false });
    expect(await changeOp(closed, closedRecord, owner)).toBeUndefined();
  });

  it('answers the change-type tree, the change fields and the description document', async () => {
    const app = getApp();
    const node = await changeNode();
    const owner = await actor('U');
    const recordId = await approvedRecord(node, owner);
    const tree = await post(RECORD_CHANGE_PATHS.typeTree, owner, node);
    expect(tree.json().data.list).toEqual([
      {
        label: '信用信息',
        value: 'g1',
        children: [
          { label: '信用条目', value: 'title' },
          { label: '分数', value: 'score' },
        ],
      },
      {
        label: '有效期',
        value: 'g2',
        children: [
          { label: '开始时间', value: 'start_time' },
          { label: '结束时间', value: 'end_time' },
        ],
      },
      { label: '基本信息', value: 'basic', children: [{ label: '备注', value: 'note' }] },
      { label: '附件信息', value: 'info' },
    ]);
    const fields = await post(RECORD_CHANGE_PATHS.fields, owner, { ...node, id: recordId });
    expect(fields.json().data.values).toMatchObject({
      title: '优良工程奖',
      score: '5',
      end_time: '2026-12-31',
    });
    expect(fields.json().data.fields.find((item: { code: string }) => item.code === 'score').max).toBe(10);
    const docx = await app.inject({
      method: 'GET',
      url: RECORD_CHANGE_PATHS.template,
      headers: owner.headers,
      query: { systemCoding: node.systemCoding, gnCoding: node.gnCoding },
    });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(docx.rawPayload.includes(Buffer.from('word/document.xml'))).toBe(true);
  });
});
