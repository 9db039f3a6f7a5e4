import type { NodeAuthority, NodeDefinitionInput } from '@ks/contract';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  draftOf,
  newSystem,
  publish,
  publishedNode,
  saveDraft,
} from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, type TestUser, unique, useTestApp } from '../../../test/helper.ts';
import { holdDefinitionRow, holdOperationLog, raceWhileHeld, untilWaiting } from '../../../test/races.ts';
import type { Db } from '../../db/client.ts';
import { auditOrgs, nodeFunctionGrants } from '../../db/schema/authority.ts';
import { operationLogs, users } from '../../db/schema/identity.ts';
import { nodeSchemaVersions } from '../../db/schema/node-config.ts';
import { allowedFunctions } from '../../engine/grants.ts';

const getApp = useTestApp();

type Role = 'M' | 'D' | 'U' | 'P';
const headerCache = new Map<Role, Promise<Record<string, string>>>();
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
async function call(
  who: Role | Record<string, string> | null,
  method: Method,
  url: string,
  payload?: object,
) {
  const isQuery = method === 'GET' || method === 'DELETE';
  const headers = who === null ? {} : typeof who === 'string' ? await headersOf(who) : who;
  return getApp().inject({
    method,
    url,
    headers,
    ...(isQuery ? { query: payload as Record<string, string> } : { payload }),
  });
}

const ORGS = '/ks/authority/audit/audit-orgs';
const FUNCTIONS = '/ks/authority/v1/node/functions';
const SAVE = '/ks/authority/v1/node/save-functions';

async function userName(id: string) {
  const [row] = await getApp().db.select({ userName: users.userName }).from(users).where(eq(users.id, id));
  return row?.userName ?? '';
}

async function createOrg(memberIds: string[], name = unique('审核处')) {
  const response = await call('M', 'POST', ORGS, { name, memberIds });
  expect(response.json()).toMatchObject({ code: 200 });
  return response.json().data as { id: string; name: string; version: number };
}

const offering = (functions: string[], extra: Partial<NodeDefinitionInput> = {}): NodeDefinitionInput => ({
  form: { items: [{ code: 'title', name: '标题', type: 'text' }] },
  functions: functions as NodeDefinitionInput['functions'],
  ...extra,
});

/** A definition whose one audit level goes to this organisation. */
const reviewedBy = (orgId: string) =>
  offering(['save', 'submit', 'audit'], {
    audit: { levels: [{ level: 1, name: '初审', way: 'any', orgId }] },
  });
/** A node of a new system, with nothing saved yet. */
async function bareNode() {
  const developer = await headersOf('D');
  const system = await newSystem(getApp(), developer);
  return addNode(getApp(), developer, system.gnCoding);
}
async function isListed(orgId: string) {
  const listed = await call('M', 'GET', ORGS);
  return listed.json().data.some((row: { id: string }) => row.id === orgId);
}

/** A published node offering these functions, with its system coding. */
async function nodeOffering(functions: string[], extra: Partial<NodeDefinitionInput> = {}) {
  return publishedNode(getApp(), await headersOf('D'), offering(functions, extra));
}

async function authorityOf(nodeId: string, role: Role = 'M') {
  const response = await call(role, 'GET', FUNCTIONS, { nodeId });
  expect(response.json().code).toBe(200);
  return response.json().data as NodeAuthority;
}

async function logged(action: string, targetId: string) {
  return getApp()
    .db.select()
    .from(operationLogs)
    .where(and(eq(operationLogs.action, action), eq(operationLogs.targetId, targetId)));
}

describe('reviewer organisations', () => {
  it('lets administrators and developers create, list, change and delete, answering member names', async () => {
    const first = await createUser(getApp(), 'M');
    const second = await createUser(getApp(), 'M');
    const name = unique('审核处');
    const created = await call('D', 'POST', ORGS, { name, memberIds: [first.id] });
    expect(created.json()).toMatchObject({
      code: 200,
      data: {
        name,
        version: 1,
        members: [{ id: first.id, userName: await userName(first.id), account: first.account }],
      },
    });
    const { id } = created.json().data;
    expect(await logged('新增审核机构', id)).toHaveLength(1);

    const listed = (await call('M', 'GET', ORGS)).json().data as { id: string; members: unknown[] }[];
    expect(listed.find((org) => org.id === id)?.members).toHaveLength(1);

    const changed = await call('M', 'PUT', ORGS, {
      id,
      version: 1,
      name: `${name}二`,
      memberIds: [first.id, second.id],
    });
    expect(changed.json()).toMatchObject({ code: 200, data: { name: `${name}二`, version: 2 } });
    expect(
      changed
        .json()
        .data.members.map((member: { id: string }) => member.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect(await logged('修改审核机构', id)).toHaveLength(1);

    const stale = await call('M', 'PUT', ORGS, { id, version: 1, name, memberIds: [first.id] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('数据已被他人修改，请刷新后重试');

    expect((await call('D', 'DELETE', ORGS, { id })).json()).toMatchObject({
      code: 200,
      message: '删除成功',
    });
    expect(await logged('删除审核机构', id)).toHaveLength(1);
    expect(
      ((await call('M', 'GET', ORGS)).json().data as { id: string }[]).map((org) => org.id),
    ).not.toContain(id);
    const gone = await call('D', 'DELETE', ORGS, { id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('审核机构不存在');
    const unknown = await call('M', 'PUT', ORGS, { id, version: 2, name, memberIds: [first.id] });
    expect(unknown.json().message).toBe('审核机构不存在');
    // The name is free again.
    expect((await call('M', 'POST', ORGS, { name, memberIds: [first.id] })).json().code).toBe(200);
  });

  it.each([
    [{ name: '', memberIds: ['00000000-0000-4000-8000-000000000000'] }, '请输入审核机构名称'],
    [
      { name: '名'.repeat(41), memberIds: ['00000000-0000-4000-8000-000000000000'] },
      '审核机构名称不能超过40个字符',
    ],
    [{ name: '审核处', memberIds: [] }, '请选择审核机构成员'],
    [{ name: '审核处' }, '请选择审核机构成员'],
    [{ name: '审核处', memberIds: ['nope'] }, '审核人无效'],
    [
      {
        name: '审核处',
        memberIds: ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'],
      },
      '审核机构成员重复',
    ],
    [
      {
        name: '审核处',
        memberIds: Array.from(
          { length: 201 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      },
      '审核机构成员不能超过200人',
    ],
  ])('refuses bad input %#: %s', async (body, message) => {
    const response = await call('M', 'POST', ORGS, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses members who are not live administrators', async () => {
    const app = getApp();
    const enterprise = await createUser(app, 'U');
    const notAdmin = await call('M', 'POST', ORGS, { name: unique('审核处'), memberIds: [enterprise.id] });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().message).toBe(`「${await userName(enterprise.id)}」不是管理员，审核人须为管理员`);

    const disabled = await createUser(app, 'M', { status: 'disabled' });
    const deleted = await createUser(app, 'M', { deletedAt: new Date() });
    for (const memberId of [disabled.id, deleted.id, crypto.randomUUID()]) {
      const response = await call('M', 'POST', ORGS, { name: unique('审核处'), memberIds: [memberId] });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('所选审核人不存在或已停用');
    }
    const org = await createOrg([(await createUser(app, 'M')).id]);
    const update = await call('M', 'PUT', ORGS, {
      id: org.id,
      version: 1,
      name: org.name,
      memberIds: [enterprise.id],
    });
    expect(update.json().message).toBe(`「${await userName(enterprise.id)}」不是管理员，审核人须为管理员`);
  });

  it('refuses a taken name: 已有同名审核机构，请换一个名称', async () => {
    const admin = await createUser(getApp(), 'M');
    const first = await createOrg([admin.id]);
    const second = await createOrg([admin.id]);
    const taken = await call('M', 'POST', ORGS, { name: first.name, memberIds: [admin.id] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('已有同名审核机构，请换一个名称');
    const renamed = await call('M', 'PUT', ORGS, {
      id: second.id,
      version: 1,
      name: first.name,
      memberIds: [admin.id],
    });
    expect(renamed.json().message).toBe('已有同名审核机构，请换一个名称');
  });

  it('refuses bad ids: 请选择审核机构', async () => {
    expect((await call('M', 'DELETE', ORGS, { id: 'x' })).json().message).toBe('请选择审核机构');
    expect(
      (
        await call('M', 'PUT', ORGS, { id: 'x', version: 1, name: 'a', memberIds: [crypto.randomUUID()] })
      ).json().message,
    ).toBe('请选择审核机构');
  });

  it('refuses to delete an organisation an audit level names, naming the node', async () => {
    const org = await createOrg([(await createUser(getApp(), 'M')).id]);
    const { node } = await nodeOffering(['save', 'submit', 'audit'], {
      audit: { levels: [{ level: 1, name: '初审', way: 'any', orgId: org.id }] },
    });
    const refused = await call('M', 'DELETE', ORGS, { id: org.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`审核机构正在被节点「${node.title}」的审核流程使用，不能删除`);
  });

  it('refuses while an older version still has records to review by the organisation, until they are approved', async () => {
    const app = getApp();
    const [member, owner] = await Promise.all([createUser(app, 'M'), createUser(app, 'U')]);
    const [memberHeaders, ownerHeaders, developer] = await Promise.all([
      loginAs(app, member).then((login) => login.headers),
      loginAs(app, owner).then((login) => login.headers),
      headersOf('D'),
    ]);
    const [old, next] = [await createOrg([member.id]), await createOrg([member.id])];
    const levelOf = (orgId: string) => ({
      audit: { levels: [{ level: 1, name: '初审', way: 'any' as const, orgId }] },
    });
    const published = await nodeOffering(['save', 'submit', 'audit'], levelOf(old.id));
    const ref = { systemCoding: published.systemCoding, gnCoding: published.gnCoding };
    const saved = await call(ownerHeaders, 'POST', '/ks/monitor/save', {
      ...ref,
      values: { title: '旧版数据' },
    });
    const { id } = saved.json().data as { id: string };
    // Version 2 sends new records elsewhere; the record above stays on version 1 and its levels.
    const draft = offering(['save', 'submit', 'audit'], levelOf(next.id));
    expect((await saveDraft(app, developer, published.node.id, draft)).json().code).toBe(200);
    expect((await publish(app, developer, published.node.id)).json().code).toBe(200);

    const inUse = `审核机构正在被节点「${published.node.title}」的审核流程使用，不能删除`;
    // A draft on version 1: submitting it would open a level going to the organisation.
    expect((await call('M', 'DELETE', ORGS, { id: old.id })).json()).toMatchObject({
      code: 400,
      message: inUse,
    });
    // Under review: its running flow carries the levels of version 1.
    expect((await call(ownerHeaders, 'POST', '/ks/monitor/submit', { ...ref, id })).json().code).toBe(200);
    expect((await call('M', 'DELETE', ORGS, { id: old.id })).json()).toMatchObject({
      code: 400,
      message: inUse,
    });
    // Approved, the record opens no level any more: nothing holds the organisation back.
    const passed = await call(memberHeaders, 'POST', '/ks/monitor/audit', {
      ...ref,
      id,
      result: 'pass',
      advice: '',
    });
    expect(passed.json().data.status).toBe('approved');
    expect((await call('M', 'DELETE', ORGS, { id: old.id })).json().code).toBe(200);
  });

  it('refuses to publish a draft whose organisation is gone since it was saved: 第1级审核机构不存在', async () => {
    const app = getApp();
    const developer = await headersOf('D');
    const org = await createOrg([(await createUser(app, 'M')).id]);
    const node = await bareNode();
    expect((await saveDraft(app, developer, node.id, reviewedBy(org.id))).json().code).toBe(200);
    // Gone behind the in-use check's back (as one deleted before that check existed).
    await app.db.update(auditOrgs).set({ deletedAt: new Date() }).where(eq(auditOrgs.id, org.id));
    expect((await publish(app, developer, node.id)).json()).toMatchObject({
      code: 400,
      message: '第1级审核机构不存在',
    });
    expect((await draftOf(app, developer, node.id)).publishedVersion).toBe(0);
  });

  it('drops the function grants of a deleted organisation', async () => {
    const org = await createOrg([(await createUser(getApp(), 'M')).id]);
    const { node } = await nodeOffering(['audit']);
    const saved = await call('M', 'PUT', SAVE, {
      nodeId: node.id,
      version: 0,
      grants: [{ functionCode: 'audit', roles: [], orgIds: [org.id] }],
      visibleRoles: [],
    });
    expect(saved.json().code).toBe(200);
    expect((await call('M', 'DELETE', ORGS, { id: org.id })).json().code).toBe(200);
    const rows = await getApp()
      .db.select()
      .from(nodeFunctionGrants)
      .where(eq(nodeFunctionGrants.nodeId, node.id));
    expect(rows).toEqual([]);
    expect((await authorityOf(node.id)).grants).toEqual([{ functionCode: 'audit', roles: [], orgIds: [] }]);
  });

  it('refuses enterprise and personnel users', async () => {
    const org = await createOrg([(await createUser(getApp(), 'M')).id]);
    for (const role of ['U', 'P'] as const) {
      expect((await call(role, 'GET', ORGS)).statusCode).toBe(403);
      expect((await call(role, 'POST', ORGS, { name: unique('x'), memberIds: [] })).statusCode).toBe(403);
      expect(
        (await call(role, 'PUT', ORGS, { id: org.id, version: 1, name: 'x', memberIds: [] })).statusCode,
      ).toBe(403);
      expect((await call(role, 'DELETE', ORGS, { id: org.id })).statusCode).toBe(403);
      expect((await call(role, 'GET', '/ks/authority/audit/reviewers')).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', ORGS)).json().code).toBe(10000);
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'organisation deletes racing definition writes (needs DATABASE_URL: PGlite has one session, so nothing runs concurrently)',
  () => {
    type Answer = Awaited<ReturnType<typeof call>>;
    const inUse = (title: string) => `审核机构正在被节点「${title}」的审核流程使用，不能删除`;

    it('a delete racing a draft save that starts using the organisation waits for the save and refuses', async () => {
      const app = getApp();
      const developer = await headersOf('D');
      const org = await createOrg([(await createUser(app, 'M')).id]);
      const node = await bareNode();
      expect((await saveDraft(app, developer, node.id, offering(['save']))).json().code).toBe(200);
      // The delete comes while the save's new draft is not committed.
      const [saved, deleted] = await raceWhileHeld(app, holdDefinitionRow(node.id), [
        () => saveDraft(app, developer, node.id, reviewedBy(org.id)),
        () => call('M', 'DELETE', ORGS, { id: org.id }),
      ]);
      expect(saved?.json().code).toBe(200);
      expect(deleted?.json()).toMatchObject({ code: 400, message: inUse(node.title) });
      expect(await isListed(org.id)).toBe(true);
    });

    it('two deletes of one organisation at once: one deletes and logs, the other waits and answers 审核机构不存在', async () => {
      const app = getApp();
      const org = await createOrg([(await createUser(app, 'M')).id]);
      const [first, second] = await raceWhileHeld(app, holdOperationLog, [
        () => call('M', 'DELETE', ORGS, { id: org.id }),
        () => call('M', 'DELETE', ORGS, { id: org.id }),
      ]);
      expect(first?.json().code).toBe(200);
      expect(second?.statusCode).toBe(404);
      expect(second?.json().message).toBe('审核机构不存在');
      expect(await logged('删除审核机构', org.id)).toHaveLength(1);
    });

    it('a draft save racing the delete of its organisation waits for the delete and is refused: 第1级审核机构不存在', async () => {
      const app = getApp();
      const developer = await headersOf('D');
      const org = await createOrg([(await createUser(app, 'M')).id]);
      const node = await bareNode();
      // The save comes while the delete is not committed.
      const [deleted, saved] = await raceWhileHeld(app, holdOperationLog, [
        () => call('M', 'DELETE', ORGS, { id: org.id }),
        () => saveDraft(app, developer, node.id, reviewedBy(org.id)),
      ]);
      expect(deleted?.json().code).toBe(200);
      expect(saved?.json()).toMatchObject({ code: 400, message: '第1级审核机构不存在' });
      expect((await draftOf(app, developer, node.id)).version).toBe(0);
    });

    it('a delete racing a publish of a flow going to the organisation waits for the publish and refuses', async () => {
      const app = getApp();
      const developer = await headersOf('D');
      const org = await createOrg([(await createUser(app, 'M')).id]);
      const node = await bareNode();
      expect((await saveDraft(app, developer, node.id, reviewedBy(org.id))).json().code).toBe(200);
      let answers: Promise<Answer[]> = Promise.resolve([]);
      // This transaction takes the node's version 1: the publish stops at freezing it, inside its
      // transaction. Meanwhile the draft drops the level, so only the version being published names
      // the organisation when the delete asks.
      const held = app.db.transaction(async (tx) => {
        await tx
          .insert(nodeSchemaVersions)
          .values({ nodeId: node.id, schemaVersion: 1, definition: offering(['save']) as never });
        const published = publish(app, developer, node.id);
        await untilWaiting(app, [published]);
        expect(
          (await saveDraft(app, developer, node.id, offering(['save', 'submit', 'audit']))).json().code,
        ).toBe(200);
        const deleted = call('M', 'DELETE', ORGS, { id: org.id });
        await untilWaiting(app, [published, deleted]);
        answers = Promise.all([published, deleted]);
        tx.rollback();
      });
      await expect(held).rejects.toBeInstanceOf(TransactionRollbackError);
      const [published, deleted] = await answers;
      expect(published?.json().code).toBe(200);
      expect(deleted?.json()).toMatchObject({ code: 400, message: inUse(node.title) });
      expect(await isListed(org.id)).toBe(true);
    });

    it('a delete racing a function save that grants the organisation waits for it and drops that grant too', async () => {
      const app = getApp();
      const org = await createOrg([(await createUser(app, 'M')).id]);
      const { node } = await nodeOffering(['audit']);
      const save = (version: number, orgIds: string[]) =>
        call('M', 'PUT', SAVE, {
          nodeId: node.id,
          version,
          grants: [{ functionCode: 'audit', roles: [], orgIds }],
          visibleRoles: [],
        });
      expect((await save(0, [])).json().code).toBe(200);
      // Another transaction holds the node's authority row: the save stops at moving its version,
      // inside its transaction, and the delete comes while the new grant is not committed.
      const holdAuthorityRow = (tx: Db) =>
        tx.execute(sql`select node_id from node_authorities where node_id = ${node.id} for update`);
      const [saved, deleted] = await raceWhileHeld(app, holdAuthorityRow, [
        () => save(1, [org.id]),
        () => call('M', 'DELETE', ORGS, { id: org.id }),
      ]);
      expect(saved?.json().code).toBe(200);
      expect(deleted?.json().code).toBe(200);
      const rows = await app.db
        .select()
        .from(nodeFunctionGrants)
        .where(eq(nodeFunctionGrants.nodeId, node.id));
      expect(rows).toEqual([]);
    });

    it('a function save racing the delete of its organisation waits for the delete and is refused: 审核机构不存在', async () => {
      const app = getApp();
      const org = await createOrg([(await createUser(app, 'M')).id]);
      const { node } = await nodeOffering(['audit']);
      // The save comes while the delete (stopped after its update and its grants) is not committed.
      const [deleted, saved] = await raceWhileHeld(app, holdOperationLog, [
        () => call('M', 'DELETE', ORGS, { id: org.id }),
        () =>
          call('M', 'PUT', SAVE, {
            nodeId: node.id,
            version: 0,
            grants: [{ functionCode: 'audit', roles: [], orgIds: [org.id] }],
            visibleRoles: [],
          }),
      ]);
      expect(deleted?.json().code).toBe(200);
      expect(saved?.json()).toMatchObject({ code: 400, message: '审核机构不存在' });
      const rows = await app.db
        .select()
        .from(nodeFunctionGrants)
        .where(eq(nodeFunctionGrants.nodeId, node.id));
      expect(rows).toEqual([]);
    });
  },
);

describe('GET /ks/authority/audit/reviewers', () => {
  it('lists live administrators only, narrowed by keyword on name or account', async () => {
    const app = getApp();
    const tag = unique('评审').toLowerCase();
    const admin = await createUser(app, 'M', { userName: `${tag}甲` });
    await createUser(app, 'M', { userName: `${tag}乙`, status: 'disabled' });
    await createUser(app, 'M', { userName: `${tag}丙`, deletedAt: new Date() });
    await createUser(app, 'U', { userName: `${tag}丁` });
    await createUser(app, 'D', { userName: `${tag}戊` });
    for (const role of ['D', 'M'] as const) {
      const response = await call(role, 'GET', '/ks/authority/audit/reviewers', { keyword: tag });
      expect(response.json().data).toEqual([{ id: admin.id, userName: `${tag}甲`, account: admin.account }]);
    }
    const byAccount = await call('M', 'GET', '/ks/authority/audit/reviewers', { keyword: admin.account });
    expect(byAccount.json().data.map((row: { id: string }) => row.id)).toEqual([admin.id]);
    const all = await call('M', 'GET', '/ks/authority/audit/reviewers');
    expect(all.json().data.length).toBeGreaterThan(0);
    const long = await call('M', 'GET', '/ks/authority/audit/reviewers', { keyword: 'k'.repeat(41) });
    expect(long.json().message).toBe('关键字不能超过40个字符');
  });
});

describe('node function authority', () => {
  it('shows the defaults while the node is not customised', async () => {
    const { node } = await nodeOffering(['save', 'delete', 'audit']);
    for (const role of ['D', 'M'] as const) {
      expect(await authorityOf(node.id, role)).toEqual({
        nodeId: node.id,
        offered: [
          { code: 'save', label: '保存' },
          { code: 'delete', label: '删除' },
          { code: 'audit', label: '审核' },
        ],
        grants: [
          { functionCode: 'save', roles: ['M', 'U', 'P'], orgIds: [] },
          { functionCode: 'delete', roles: ['M', 'U', 'P'], orgIds: [] },
          { functionCode: 'audit', roles: ['M'], orgIds: [] },
        ],
        visibleRoles: [],
        customised: false,
        version: 0,
      });
    }
  });

  it('saves grants and menu roles together; users then get exactly what they were granted', async () => {
    const app = getApp();
    const reviewer = await createUser(app, 'M');
    const otherAdmin = await createUser(app, 'M');
    const enterprise = await createUser(app, 'U');
    const org = await createOrg([reviewer.id]);
    const { node } = await nodeOffering(['save', 'submit', 'delete', 'audit', 'view']);
    const offered = ['save', 'submit', 'delete', 'audit', 'view'] as const;
    const asUser = (user: TestUser) => ({ id: user.id, loginRoleType: user.loginRoleType });

    // By default an enterprise user may delete, and only administrators audit.
    expect(await allowedFunctions(app.db, asUser(enterprise), node.id, offered)).toContain('delete');

    const saved = await call('M', 'PUT', SAVE, {
      nodeId: node.id,
      version: 0,
      grants: [
        { functionCode: 'save', roles: ['U', 'M'] },
        { functionCode: 'submit', roles: ['U'] },
        { functionCode: 'delete', roles: ['M'] },
        { functionCode: 'audit', roles: [], orgIds: [org.id] },
        { functionCode: 'view', roles: ['M', 'U', 'P'] },
      ],
      visibleRoles: ['U', 'M'],
    });
    expect(saved.json()).toMatchObject({
      code: 200,
      message: '权限已保存',
      data: { customised: true, version: 1, visibleRoles: ['M', 'U'] },
    });
    expect(saved.json().data.grants).toEqual([
      { functionCode: 'save', roles: ['M', 'U'], orgIds: [] },
      { functionCode: 'submit', roles: ['U'], orgIds: [] },
      { functionCode: 'delete', roles: ['M'], orgIds: [] },
      { functionCode: 'audit', roles: [], orgIds: [org.id] },
      { functionCode: 'view', roles: ['M', 'U', 'P'], orgIds: [] },
    ]);
    expect(await authorityOf(node.id)).toEqual(saved.json().data);
    const [entry] = await logged('保存功能权限', node.gnCoding);
    expect(entry?.detail).toContain('审核：1个审核机构');
    expect(entry?.detail).toContain('菜单可见：企业用户');

    expect([...(await allowedFunctions(app.db, asUser(enterprise), node.id, offered))].sort()).toEqual(
      ['save', 'submit', 'view'].sort(),
    );
    expect(await allowedFunctions(app.db, asUser(reviewer), node.id, offered)).toContain('audit');
    expect(await allowedFunctions(app.db, asUser(otherAdmin), node.id, offered)).not.toContain('audit');

    // A later save over the version it loaded; the stale one is refused.
    const next = await call('D', 'PUT', SAVE, { nodeId: node.id, version: 1, grants: [], visibleRoles: [] });
    expect(next.json()).toMatchObject({
      code: 200,
      data: { version: 2, customised: true, visibleRoles: [] },
    });
    // Saved with no grants at all: nobody uses any function (the defaults no longer apply).
    expect(await allowedFunctions(app.db, asUser(enterprise), node.id, offered)).toEqual(new Set());
    for (const version of [1, 0]) {
      const stale = await call('M', 'PUT', SAVE, { nodeId: node.id, version, grants: [], visibleRoles: [] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('数据已被他人修改，请刷新后重试');
    }
  });

  it("lets visibleRoles decide whether an enterprise user sees the node in the shell's menu", async () => {
    const app = getApp();
    const developer = await headersOf('D');
    const system = await newSystem(app, developer);
    // A page of its own: an unpublished dynamic list stays out of the menu whatever the roles.
    const node = await addNode(app, developer, system.gnCoding, { nodeProperties: 'fiveInOne' });
    const enterprise = (await loginAs(app, await createUser(app, 'U'))).headers;
    const menu = () => call(enterprise, 'GET', '/ks/individual/menus', { systemCoding: system.gnCoding });
    const mainMenus = async () =>
      (
        (await call(enterprise, 'POST', '/ks/menu/v1/menus/main-menus')).json().data as { gnCoding: string }[]
      ).map((row) => row.gnCoding);

    expect((await menu()).statusCode).toBe(403);
    expect(await mainMenus()).not.toContain(system.gnCoding);

    const shown = await call('D', 'PUT', SAVE, {
      nodeId: node.id,
      version: 0,
      grants: [],
      visibleRoles: ['U'],
    });
    expect(shown.json().code).toBe(200);
    expect((await menu()).json().data.map((entry: { id: string }) => entry.id)).toEqual([node.id]);
    expect(await mainMenus()).toContain(system.gnCoding);

    const hidden = await call('D', 'PUT', SAVE, {
      nodeId: node.id,
      version: 1,
      grants: [],
      visibleRoles: ['P'],
    });
    expect(hidden.json().data.visibleRoles).toEqual(['P']);
    expect((await menu()).statusCode).toBe(403);
  });

  it('refuses a function the node does not offer and an organisation that does not exist', async () => {
    const { node } = await nodeOffering(['save']);
    const stray = await call('M', 'PUT', SAVE, {
      nodeId: node.id,
      version: 0,
      grants: [{ functionCode: 'delete', roles: ['M'] }],
      visibleRoles: [],
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe('功能「删除」不是该节点提供的功能');
    const noOrg = await call('M', 'PUT', SAVE, {
      nodeId: node.id,
      version: 0,
      grants: [{ functionCode: 'save', orgIds: [crypto.randomUUID()] }],
      visibleRoles: [],
    });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json().message).toBe('审核机构不存在');
    // Nothing was saved.
    expect((await authorityOf(node.id)).customised).toBe(false);
  });

  it.each([
    [{ grants: [{ functionCode: 'fly away', roles: [] }], visibleRoles: [] }, '请从按钮字典中选择功能'],
    // A code shaped like a module action's (decision 0030) that the node does not offer.
    [{ grants: [{ functionCode: 'fly', roles: [] }], visibleRoles: [] }, '功能「fly」不是该节点提供的功能'],
    [
      { grants: [{ functionCode: 'save', roles: ['D'] }], visibleRoles: [] },
      '角色只能为管理员、企业用户或个人用户',
    ],
    [{ grants: [{ functionCode: 'save', orgIds: ['x'] }], visibleRoles: [] }, '审核机构无效'],
    [
      {
        grants: [
          { functionCode: 'save', roles: ['M'] },
          { functionCode: 'save', roles: ['U'] },
        ],
        visibleRoles: [],
      },
      '同一功能只能授权一次',
    ],
    [{ grants: [], visibleRoles: ['U', 'U'] }, '可见角色重复'],
    [{ grants: [], visibleRoles: ['D'] }, '角色只能为管理员、企业用户或个人用户'],
    [{ grants: [], visibleRoles: [], nodeId: 'x' }, '请选择节点'],
    [{ grants: [], visibleRoles: [], version: undefined }, '缺少版本号'],
  ])('refuses bad input %#: %s', async (body, message) => {
    const { node } = await nodeOffering(['save']);
    const response = await call('M', 'PUT', SAVE, { nodeId: node.id, version: 0, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 节点不存在 for an unknown node and 请选择节点 for a bad id', async () => {
    const missing = crypto.randomUUID();
    const get = await call('M', 'GET', FUNCTIONS, { nodeId: missing });
    expect(get.statusCode).toBe(404);
    expect(get.json().message).toBe('节点不存在');
    const save = await call('M', 'PUT', SAVE, { nodeId: missing, version: 0, grants: [], visibleRoles: [] });
    expect(save.json().message).toBe('节点不存在');
    expect((await call('M', 'GET', FUNCTIONS, { nodeId: 'x' })).json().message).toBe('请选择节点');
  });

  it('refuses enterprise and personnel users', async () => {
    const { node, systemCoding } = await nodeOffering(['save']);
    for (const role of ['U', 'P'] as const) {
      expect((await call(role, 'GET', FUNCTIONS, { nodeId: node.id })).statusCode).toBe(403);
      expect(
        (await call(role, 'PUT', SAVE, { nodeId: node.id, version: 0, grants: [], visibleRoles: [role] }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(role, 'POST', '/ks/config/new/node/function-nodes', { systemCoding })).statusCode,
      ).toBe(403);
      expect(
        (await call(role, 'POST', '/ks/config/new/node/function-list', { nodeId: node.id })).statusCode,
      ).toBe(403);
    }
    expect((await authorityOf(node.id)).customised).toBe(false);
  });
});

describe('POST /ks/config/new/node/function-nodes and function-list', () => {
  it("lists a system's nodes with their offered functions and whether they are customised", async () => {
    const app = getApp();
    const developer = await headersOf('D');
    const { systemCoding, node } = await nodeOffering(['save', 'export']);
    const bare = await addNode(app, developer, systemCoding);
    const draftOnly = await addNode(app, developer, systemCoding);
    expect((await saveDraft(app, developer, draftOnly.id, offering(['view']))).json().code).toBe(200);
    expect(
      (await call('M', 'PUT', SAVE, { nodeId: node.id, version: 0, grants: [], visibleRoles: ['U'] })).json()
        .code,
    ).toBe(200);

    for (const role of ['D', 'M'] as const) {
      const response = await call(role, 'POST', '/ks/config/new/node/function-nodes', { systemCoding });
      const nodes = response.json().data as { nodeId: string; functions: unknown[]; customised: boolean }[];
      expect(nodes.map((row) => row.nodeId)).toEqual([node.id, bare.id, draftOnly.id]);
      expect(nodes[0]).toMatchObject({
        title: node.title,
        gnCoding: node.gnCoding,
        parentId: null,
        functions: [
          { code: 'save', label: '保存' },
          { code: 'export', label: '导出' },
        ],
        customised: true,
      });
      expect(nodes[1]).toMatchObject({ functions: [], customised: false });
      expect(nodes[2]).toMatchObject({ functions: [{ code: 'view', label: '查看' }], customised: false });
    }

    const list = await call('D', 'POST', '/ks/config/new/node/function-list', { nodeId: draftOnly.id });
    expect(list.json().data).toEqual([{ code: 'view', label: '查看' }]);
  });

  it('answers 系统不存在, 请选择系统, 节点不存在 and 请选择节点', async () => {
    const noSystem = await call('M', 'POST', '/ks/config/new/node/function-nodes', {
      systemCoding: 'noSuch',
    });
    expect(noSystem.statusCode).toBe(404);
    expect(noSystem.json().message).toBe('系统不存在');
    expect(
      (await call('M', 'POST', '/ks/config/new/node/function-nodes', { systemCoding: ' ' })).json().message,
    ).toBe('请选择系统');
    const noNode = await call('M', 'POST', '/ks/config/new/node/function-list', {
      nodeId: crypto.randomUUID(),
    });
    expect(noNode.statusCode).toBe(404);
    expect(noNode.json().message).toBe('节点不存在');
    expect(
      (await call('M', 'POST', '/ks/config/new/node/function-list', { nodeId: 'x' })).json().message,
    ).toBe('请选择节点');
  });
});
