import {
  CREDIT_MESSAGES,
  CREDIT_NODE_OF,
  CREDIT_PENALTY_ANNEX,
  CREDIT_SYSTEM_CODING,
  type CreditClass,
  MARKET_NODE_OF,
  MARKET_SYSTEM_CODING,
  ON_BEHALF_MESSAGES,
} from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createActor, type TestActor, type TestUser, useTestApp } from '../../../test/helper.ts';
import { creditScores } from '../../db/schema/credit.ts';
import { enterprises, operationLogs, users } from '../../db/schema/identity.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';

/**
 * Administrators enter credit items on behalf of an enterprise (issue 18, decision 0060): the item
 * is the enterprise's, its score counts it, and the form's options follow that enterprise.
 */

const getApp = useTestApp();
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);
const post = (url: string, headers: Record<string, string>, payload: object) =>
  getApp().inject({ method: 'POST', url, headers, payload });
const ref = (creditClass: CreditClass) => ({
  systemCoding: CREDIT_SYSTEM_CODING,
  gnCoding: CREDIT_NODE_OF[creditClass],
});
const daysAgo = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
const item = (code: string, score: number) => ({
  item_type: code,
  score,
  start_time: daysAgo(30),
  description: '代企业录入的信用信息',
});

let admin: TestActor;

beforeAll(async () => {
  admin = await actor('M');
  expect(await ensureProvidedSystems(getApp().db, getApp().engine)).toContain(CREDIT_SYSTEM_CODING);
});

/** An enterprise account whose enterprise is of `qyType`, and its enterprise's registered name. */
async function enterpriseOfType(qyType: string) {
  const who = await actor('U');
  const [row] = await getApp()
    .db.select({ enterpriseId: users.enterpriseId })
    .from(users)
    .where(eq(users.id, who.id));
  const [updated] = await getApp()
    .db.update(enterprises)
    .set({ enterpriseType: qyType })
    .where(eq(enterprises.id, row?.enterpriseId as string))
    .returning();
  return { ...who, enterpriseName: updated?.name as string };
}

const tableOf = async (creditClass: CreditClass) => {
  const result = await getApp().db.execute(
    sql`select d.table_name from node_data_sources d join menu_nodes m on m.id = d.node_id where m.gn_coding = ${CREDIT_NODE_OF[creditClass]} and d.deleted_at is null`,
  );
  return (result as unknown as { rows: { table_name: string }[] }).rows[0]?.table_name as string;
};
/** Every live row of the class's table: owner, owner's enterprise, status. */
const rowsOf = async (creditClass: CreditClass) => {
  const result = await getApp().db.execute(
    sql`select id::text, owner_user_id::text as owner, owner_enterprise_id::text as enterprise, status
      from ks_data.${sql.identifier(await tableOf(creditClass))} where deleted_at is null`,
  );
  return (
    result as unknown as { rows: { id: string; owner: string; enterprise: string | null; status: string }[] }
  ).rows;
};
/** An enterprise account an administrator has disabled since it logged in. */
async function disabledEnterprise() {
  const who = await enterpriseOfType('施工企业');
  await getApp().db.update(users).set({ status: 'disabled' }).where(eq(users.id, who.id));
  return who;
}
const enterpriseIdOf = async (userId: string) =>
  (await getApp().db.select({ id: users.enterpriseId }).from(users).where(eq(users.id, userId)))[0]?.id;

async function attachPenalty(who: TestActor, id: string) {
  const node = ref('bad');
  const form = multipart(
    { ...node, fileType: 'pdf', fileNo: CREDIT_PENALTY_ANNEX },
    { name: '处罚决定书.pdf', content: PDF },
  );
  const uploaded = await getApp().inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(uploaded.json().code).toBe(200);
  const saved = await post('/ks/common/common/attachment/save', who.headers, {
    ...node,
    id,
    fileList: [
      { fileId: uploaded.json().data.fileId, fileNo: CREDIT_PENALTY_ANNEX, fileOperationType: 'add' },
    ],
  });
  expect(saved.json().code).toBe(200);
}

describe('POST /ks/monitor/save with ownerUserId (decision 0060)', () => {
  it('makes an administrator’s bad item the enterprise’s, and its score counts it once passed', async () => {
    const target = await enterpriseOfType('施工企业');
    const saved = await post('/ks/monitor/save', admin.headers, {
      ...ref('bad'),
      values: item('SG-D02', 10),
      ownerUserId: target.id,
    });
    expect(saved.json()).toMatchObject({ code: 200 });
    const id = saved.json().data.id as string;
    expect((await rowsOf('bad')).find((row) => row.id === id)).toMatchObject({
      owner: target.id,
      enterprise: await enterpriseIdOf(target.id),
      status: 'draft',
    });
    // The log names the administrator as the actor and the enterprise it entered the item for.
    const [logged] = await getApp()
      .db.select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, id), eq(operationLogs.action, '新增数据')));
    expect(logged).toMatchObject({ userId: admin.id, result: 'ok' });
    expect(logged?.detail).toContain(target.enterpriseName);

    // The enterprise reads it as its own.
    const list = await post('/ks/monitor/table-list', target.headers, {
      ...ref('bad'),
      curPage: 1,
      pageSize: 10,
    });
    expect(JSON.stringify(list.json().data)).toContain(id);

    await attachPenalty(admin, id);
    expect((await post('/ks/monitor/submit', admin.headers, { ...ref('bad'), id })).json().code).toBe(200);
    const passed = await post('/ks/monitor/audit', admin.headers, {
      ...ref('bad'),
      id,
      result: 'pass',
      advice: '同意',
    });
    expect(passed.json()).toMatchObject({ code: 200 });
    const [score] = await getApp().db.select().from(creditScores).where(eq(creditScores.userId, target.id));
    expect(score).toMatchObject({ score: 70, badSum: 10 });
    expect(await getApp().db.select().from(creditScores).where(eq(creditScores.userId, admin.id))).toEqual(
      [],
    );
  });

  it('checks the item against the chosen enterprise’s type, not the administrator’s', async () => {
    const supervisor = await enterpriseOfType('监理企业');
    const before = (await rowsOf('good')).length;
    const refused = await post('/ks/monitor/save', admin.headers, {
      ...ref('good'),
      values: item('SG-G01', 1),
      ownerUserId: supervisor.id,
    });
    expect(refused.json()).toMatchObject({ code: 400, message: CREDIT_MESSAGES.typeNotForEnterprise });
    expect((await rowsOf('good')).length).toBe(before);
    const accepted = await post('/ks/monitor/save', admin.headers, {
      ...ref('good'),
      values: item('JL-G01', 1),
      ownerUserId: supervisor.id,
    });
    expect(accepted.json().code).toBe(200);
  });

  it('refuses an enterprise or a person naming an owner (403), writing nothing', async () => {
    const target = await enterpriseOfType('施工企业');
    const [other, person] = await Promise.all([enterpriseOfType('施工企业'), actor('P')]);
    const before = (await rowsOf('good')).length;
    const refusedFor = async (who: TestActor) =>
      (
        await post('/ks/monitor/save', who.headers, {
          ...ref('good'),
          values: item('SG-G01', 1),
          ownerUserId: target.id,
        })
      ).json();
    expect(await refusedFor(other)).toMatchObject({ code: 403, message: ON_BEHALF_MESSAGES.adminOnly });
    // A person may not save credit items at all.
    expect(await refusedFor(person)).toMatchObject({ code: 403 });
    expect((await rowsOf('good')).length).toBe(before);
  });

  it('refuses an owner who is no live enterprise account (400 under ownerUserId), writing nothing', async () => {
    const [person, otherAdmin, disabled, deleted] = await Promise.all([
      actor('P'),
      actor('M'),
      disabledEnterprise(),
      enterpriseOfType('施工企业'),
    ]);
    await getApp().db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const before = (await rowsOf('good')).length;
    const cases: [string, string][] = [
      [person.id, ON_BEHALF_MESSAGES.ownerMissing],
      [otherAdmin.id, ON_BEHALF_MESSAGES.ownerMissing],
      ['6f1c0a3e-5d7b-4c2a-9e8f-0123456789ab', ON_BEHALF_MESSAGES.ownerMissing],
      ['not-a-user', ON_BEHALF_MESSAGES.ownerMissing],
      [deleted.id, ON_BEHALF_MESSAGES.ownerMissing],
      [disabled.id, ON_BEHALF_MESSAGES.ownerInactive],
    ];
    for (const [ownerUserId, message] of cases) {
      const refused = await post('/ks/monitor/save', admin.headers, {
        ...ref('good'),
        values: item('SG-G01', 1),
        ownerUserId,
      });
      expect(refused.json(), ownerUserId).toMatchObject({
        code: 400,
        message,
        data: { ownerUserId: message },
      });
    }
    expect((await rowsOf('good')).length).toBe(before);
  });

  it('refuses an owner on a node that does not accept one', async () => {
    const target = await enterpriseOfType('施工企业');
    const node = { systemCoding: MARKET_SYSTEM_CODING, gnCoding: MARKET_NODE_OF.branch };
    const refused = await post('/ks/monitor/save', admin.headers, {
      ...node,
      values: {},
      ownerUserId: target.id,
    });
    expect(refused.json()).toMatchObject({
      code: 400,
      message: ON_BEHALF_MESSAGES.notAccepted,
      data: { ownerUserId: ON_BEHALF_MESSAGES.notAccepted },
    });
    const options = await post('/ks/common/common/pull-down', admin.headers, {
      ...node,
      displayCode: 'branch_name',
      ownerUserId: target.id,
    });
    expect(options.json()).toMatchObject({ code: 400, message: ON_BEHALF_MESSAGES.notAccepted });
  });

  it('keeps the owner when the record is updated, and refuses another', async () => {
    const [target, another] = await Promise.all([enterpriseOfType('施工企业'), enterpriseOfType('施工企业')]);
    const saved = await post('/ks/monitor/save', admin.headers, {
      ...ref('good'),
      values: item('SG-G01', 1),
      ownerUserId: target.id,
    });
    const id = saved.json().data.id as string;
    const updated = await post('/ks/monitor/save', admin.headers, {
      ...ref('good'),
      id,
      version: 1,
      values: item('SG-G01', 2),
    });
    expect(updated.json()).toMatchObject({ code: 200, data: { version: 2 } });
    const resent = await post('/ks/monitor/save', admin.headers, {
      ...ref('good'),
      id,
      version: 2,
      values: item('SG-G01', 3),
      ownerUserId: target.id,
    });
    expect(resent.json().code).toBe(200);
    const moved = await post('/ks/monitor/save', admin.headers, {
      ...ref('good'),
      id,
      version: 3,
      values: item('SG-G01', 4),
      ownerUserId: another.id,
    });
    expect(moved.json()).toMatchObject({ code: 400, message: ON_BEHALF_MESSAGES.ownerFixed });
    expect((await rowsOf('good')).find((row) => row.id === id)).toMatchObject({ owner: target.id });
    // The enterprise itself edits its item as before, and may not name an owner either.
    const byOwner = await post('/ks/monitor/save', target.headers, {
      ...ref('good'),
      id,
      version: 3,
      values: item('SG-G01', 4),
      ownerUserId: target.id,
    });
    expect(byOwner.json()).toMatchObject({ code: 403, message: ON_BEHALF_MESSAGES.adminOnly });
  });
});

describe('the form and its options for an administrator entering on behalf (decision 0060)', () => {
  const codesOf = (response: { json(): { data: { result: { list: { value: string }[] } } } }) =>
    response.json().data.result.list.map((option) => option.value);

  it('offers the item types of the chosen enterprise’s type in the pull-down and the cascade', async () => {
    const [builder, supervisor] = await Promise.all([
      enterpriseOfType('施工企业'),
      enterpriseOfType('监理企业'),
    ]);
    const pullDown = (ownerUserId?: string) =>
      post('/ks/common/common/pull-down', admin.headers, {
        ...ref('good'),
        displayCode: 'item_type',
        ...(ownerUserId ? { ownerUserId } : {}),
      });
    expect((await pullDown()).json()).toMatchObject({ code: 400, message: ON_BEHALF_MESSAGES.ownerFirst });
    const forSupervisor = codesOf(await pullDown(supervisor.id));
    expect(forSupervisor).toContain('JL-G01');
    expect(forSupervisor.every((code: string) => code.startsWith('JL-'))).toBe(true);
    const forBuilder = codesOf(await pullDown(builder.id));
    expect(forBuilder).toContain('SG-G01');
    expect(forBuilder.every((code: string) => code.startsWith('SG-'))).toBe(true);
    const tree = await post('/ks/common/common/cert-cascade', admin.headers, {
      ...ref('bad'),
      displayCode: 'item_type',
      ownerUserId: supervisor.id,
    });
    const treeCodes = tree.json().data.data.map((option: { value: string }) => option.value);
    expect(treeCodes.length).toBeGreaterThan(0);
    expect(treeCodes.every((code: string) => code.startsWith('JL-D'))).toBe(true);
    // On a saved record its owner counts, whatever is sent.
    const saved = await post('/ks/monitor/save', admin.headers, {
      ...ref('good'),
      values: item('SG-G01', 1),
      ownerUserId: builder.id,
    });
    const onRecord = await post('/ks/common/common/pull-down', admin.headers, {
      ...ref('good'),
      displayCode: 'item_type',
      id: saved.json().data.id,
      ownerUserId: supervisor.id,
    });
    expect(codesOf(onRecord).every((code: string) => code.startsWith('SG-'))).toBe(true);
  });

  it('refuses the option calls’ ownerUserId as the save refuses it', async () => {
    const [target, disabled] = await Promise.all([enterpriseOfType('施工企业'), disabledEnterprise()]);
    const pullDown = (who: TestActor, ownerUserId: string) =>
      post('/ks/common/common/pull-down', who.headers, {
        ...ref('good'),
        displayCode: 'item_type',
        ownerUserId,
      });
    expect((await pullDown(target, target.id)).json()).toMatchObject({
      code: 403,
      message: ON_BEHALF_MESSAGES.adminOnly,
    });
    expect((await pullDown(admin, disabled.id)).json()).toMatchObject({
      code: 400,
      message: ON_BEHALF_MESSAGES.ownerInactive,
    });
  });

  it('tells an administrator, and only an administrator, to choose 所属企业 (form details)', async () => {
    const target = await enterpriseOfType('施工企业');
    const details = (who: TestActor, creditClass: CreditClass, id?: string) =>
      post('/ks/info/v1/form/details', who.headers, { ...ref(creditClass), ...(id ? { id } : {}) });
    expect((await details(admin, 'bad')).json().data.onBehalf).toEqual({ owner: null });
    expect((await details(target, 'bad')).json().data.onBehalf).toBeNull();
    const saved = await post('/ks/monitor/save', admin.headers, {
      ...ref('basic'),
      values: item('SG-B01', 1),
      ownerUserId: target.id,
    });
    const id = saved.json().data.id as string;
    expect((await details(admin, 'basic', id)).json().data.onBehalf).toEqual({
      owner: { userId: target.id, name: target.enterpriseName },
    });
    expect((await details(target, 'basic', id)).json().data.onBehalf).toBeNull();
    // A node that accepts no owner: nothing to choose.
    const market = await post('/ks/info/v1/form/details', admin.headers, {
      systemCoding: MARKET_SYSTEM_CODING,
      gnCoding: MARKET_NODE_OF.branch,
    });
    expect(market.json().data.onBehalf).toBeNull();
  });
});
