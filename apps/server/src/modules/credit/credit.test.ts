import {
  CREDIT_MESSAGES,
  CREDIT_NODE_OF,
  CREDIT_PENALTY_ANNEX,
  CREDIT_SYSTEM_CODING,
  type CreditClass,
  ON_BEHALF_MESSAGES,
} from '@ks/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import {
  createActor,
  createUser,
  loginAs,
  type TestActor,
  type TestUser,
  useTestApp,
} from '../../../test/helper.ts';
import { providedSystems } from '../../db/schema/builder.ts';
import { dictionaries } from '../../db/schema/catalogues.ts';
import { creditScoreHistory, creditScoreModels, creditScores } from '../../db/schema/credit.ts';
import { annexSlots } from '../../db/schema/files.ts';
import { enterprises, operationLogs, users } from '../../db/schema/identity.ts';
import { menuNodes } from '../../db/schema/shell.ts';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import { resolveNode } from '../../engine/record-store.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';
import { CREDIT_RECOMPUTE_JOB } from './engine.ts';
import { gradeOf } from './public.ts';
import { recomputeScore } from './score.ts';

const getApp = useTestApp();
type Actor = TestActor;
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);
const post = (url: string, headers: Record<string, string>, payload: object) =>
  getApp().inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string> = {}) =>
  getApp().inject({ method: 'GET', url, headers });
const ref = (creditClass: CreditClass) => ({
  systemCoding: CREDIT_SYSTEM_CODING,
  gnCoding: CREDIT_NODE_OF[creditClass],
});

let admin: Actor;
let enterprise: Actor;
let personnel: Actor;
let developer: Actor;

beforeAll(async () => {
  admin = await actor('M');
  [enterprise, personnel, developer] = await Promise.all([actor('U'), actor('P'), actor('D')]);
  // Other modules provide their systems too (the market's 企业信息).
  expect(await ensureProvidedSystems(getApp().db, getApp().engine)).toContain(CREDIT_SYSTEM_CODING);
});

const daysFrom = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function save(who: Actor, creditClass: CreditClass, values: Record<string, unknown>) {
  return post('/ks/monitor/save', who.headers, { ...ref(creditClass), values });
}
async function attachPenalty(who: Actor, id: string) {
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
/** Saves, submits and passes an item; returns its id. */
async function passedItem(owner: Actor, creditClass: CreditClass, values: Record<string, unknown>) {
  const saved = await save(owner, creditClass, values);
  expect(saved.json()).toMatchObject({ code: 200 });
  const id = saved.json().data.id as string;
  if (creditClass === 'bad') await attachPenalty(owner, id);
  expect((await post('/ks/monitor/submit', owner.headers, { ...ref(creditClass), id })).json().code).toBe(
    200,
  );
  const passed = await post('/ks/monitor/audit', admin.headers, {
    ...ref(creditClass),
    id,
    result: 'pass',
    advice: '同意',
  });
  expect(passed.json()).toMatchObject({ code: 200 });
  return id;
}

describe('the provided 信用信息 system', () => {
  it('is built once, published, with its nodes, dictionaries and the penalty slot', async () => {
    const app = getApp();
    expect(await ensureProvidedSystems(app.db, app.engine)).toEqual([]);
    const [claimed] = await app.db
      .select()
      .from(providedSystems)
      .where(eq(providedSystems.systemCoding, CREDIT_SYSTEM_CODING));
    expect(claimed).toMatchObject({ systemCoding: CREDIT_SYSTEM_CODING, module: 'credit' });
    const [slot] = await app.db.select().from(annexSlots).where(eq(annexSlots.gnCoding, CREDIT_NODE_OF.bad));
    expect(slot).toMatchObject({ annexNo: CREDIT_PENALTY_ANNEX, isRequired: true });
  });

  it('keeps what an administrator changed afterwards: it is never rebuilt', async () => {
    const app = getApp();
    await app.db
      .update(menuNodes)
      .set({ title: '良好行为记录' })
      .where(eq(menuNodes.gnCoding, CREDIT_NODE_OF.good));
    expect(await ensureProvidedSystems(app.db, app.engine)).toEqual([]);
    const [node] = await app.db.select().from(menuNodes).where(eq(menuNodes.gnCoding, CREDIT_NODE_OF.good));
    expect(node?.title).toBe('良好行为记录');
    await app.db
      .update(menuNodes)
      .set({ title: '优良信用信息' })
      .where(eq(menuNodes.gnCoding, CREDIT_NODE_OF.good));
  });

  describe('in a deployment without any administrator yet', () => {
    const bare = useTestApp();
    it('builds nothing and says so, and builds it once an administrator exists', async () => {
      const warnings: unknown[] = [];
      const log = { info: () => {}, warn: (entry: unknown) => warnings.push(entry) };
      expect(await ensureProvidedSystems(bare().db, bare().engine, log)).toEqual([]);
      expect(warnings).toContainEqual({ system: CREDIT_SYSTEM_CODING });
      expect(await bare().db.select().from(providedSystems)).toEqual([]);
      await createUser(bare(), 'M');
      expect(await ensureProvidedSystems(bare().db, bare().engine, log)).toContain(CREDIT_SYSTEM_CODING);
    });
  });
});

const item = (code: string, score: number, start = daysFrom(-30), end: string | null = null, extra = {}) => ({
  item_type: code,
  score,
  start_time: start,
  ...(end ? { end_time: end } : {}),
  ...extra,
});
const tableOf = async (creditClass: CreditClass) => {
  const result = await getApp().db.execute(
    sql`select d.table_name from node_data_sources d join menu_nodes m on m.id = d.node_id where m.gn_coding = ${CREDIT_NODE_OF[creditClass]} and d.deleted_at is null`,
  );
  return (result as unknown as { rows: { table_name: string }[] }).rows[0]?.table_name as string;
};
const rowsIn = async (creditClass: CreditClass, ownerId: string) => {
  const result = await getApp().db.execute(
    sql`select id::text, status, version from ks_data.${sql.identifier(await tableOf(creditClass))} where owner_user_id = ${ownerId}::uuid and deleted_at is null`,
  );
  return (result as unknown as { rows: { id: string; status: string; version: number }[] }).rows;
};
const historyOf = (userId: string) =>
  getApp()
    .db.select()
    .from(creditScoreHistory)
    .where(eq(creditScoreHistory.userId, userId))
    .orderBy(creditScoreHistory.computedAt);

describe('saving and submitting credit items', () => {
  it('refuses a score above the item’s highest score, naming it, and writes nothing', async () => {
    const owner = await actor('U');
    const refused = await save(owner, 'good', item('SG-G01', 6));
    expect(refused.json()).toMatchObject({
      code: 400,
      message: CREDIT_MESSAGES.overMax(5),
      data: { score: CREDIT_MESSAGES.overMax(5) },
    });
    expect(CREDIT_MESSAGES.overMax(5)).toContain('最高分5分');
    expect(CREDIT_MESSAGES.overMax(5)).toContain('作废');
    expect(await rowsIn('good', owner.id)).toEqual([]);
    expect((await save(owner, 'good', item('SG-G01', 5))).json().code).toBe(200);
  });

  it('refuses a negative score and an end time before the start time', async () => {
    const owner = await actor('U');
    expect((await save(owner, 'good', item('SG-G01', -1))).json()).toMatchObject({
      code: 400,
      message: CREDIT_MESSAGES.negative,
    });
    expect((await save(owner, 'basic', item('SG-B01', 5, daysFrom(0), daysFrom(-1)))).json()).toMatchObject({
      code: 400,
      message: CREDIT_MESSAGES.endBeforeStart,
      data: { end_time: CREDIT_MESSAGES.endBeforeStart },
    });
    expect(await rowsIn('good', owner.id)).toEqual([]);
    expect(await rowsIn('basic', owner.id)).toEqual([]);
  });

  it('refuses an item type of another class or of another enterprise type', async () => {
    const owner = await actor('U');
    // The select offers only its class's types (the dictionary the catalogue fills).
    expect((await save(owner, 'good', item('SG-D01', 1))).json()).toMatchObject({
      code: 400,
      data: { item_type: expect.any(String) },
    });
    expect((await save(owner, 'good', item('JL-G01', 1))).json()).toMatchObject({
      code: 400,
      message: CREDIT_MESSAGES.typeNotForEnterprise,
    });
    expect(await rowsIn('good', owner.id)).toEqual([]);
  });

  it('fills a bad item’s severity from its type and refuses to submit it without the penalty decision', async () => {
    const owner = await actor('U');
    const saved = await save(owner, 'bad', item('SG-D03', 2));
    expect(saved.json().code).toBe(200);
    const id = saved.json().data.id as string;
    const details = await post('/ks/info/v1/form/details', owner.headers, { ...ref('bad'), id });
    expect(JSON.stringify(details.json().data)).toContain('"C"');
    // An administrator made the slot optional: the law still needs the decision.
    await getApp()
      .db.update(annexSlots)
      .set({ isRequired: false })
      .where(eq(annexSlots.gnCoding, CREDIT_NODE_OF.bad));
    try {
      const refused = await post('/ks/monitor/submit', owner.headers, { ...ref('bad'), id });
      expect(refused.json()).toMatchObject({ code: 400, message: CREDIT_MESSAGES.penaltyMissing });
      expect((await rowsIn('bad', owner.id))[0]).toMatchObject({ status: 'draft' });
      await attachPenalty(owner, id);
      expect((await post('/ks/monitor/submit', owner.headers, { ...ref('bad'), id })).json().code).toBe(200);
    } finally {
      await getApp()
        .db.update(annexSlots)
        .set({ isRequired: true })
        .where(eq(annexSlots.gnCoding, CREDIT_NODE_OF.bad));
    }
  });
});

/** An enterprise account of the given enterprise type. */
async function enterpriseOfType(qyType: string) {
  const who = await actor('U');
  const [row] = await getApp()
    .db.select({ enterpriseId: users.enterpriseId })
    .from(users)
    .where(eq(users.id, who.id));
  await getApp()
    .db.update(enterprises)
    .set({ enterpriseType: qyType })
    .where(eq(enterprises.id, row?.enterpriseId as string));
  return who;
}

describe('the item-type select, per caller (POST /ks/common/common/pull-down)', () => {
  const pullDown = (who: Actor, creditClass: CreditClass, id?: string) =>
    post('/ks/common/common/pull-down', who.headers, {
      ...ref(creditClass),
      displayCode: 'item_type',
      ...(id ? { id } : {}),
    });
  const codesOf = (response: { json(): { data: { result: { list: { value: string }[] } } } }) =>
    response.json().data.result.list.map((option) => option.value);

  it('offers an enterprise only its own enterprise type’s items', async () => {
    const [builder, supervisor] = await Promise.all([
      enterpriseOfType('施工企业'),
      enterpriseOfType('监理企业'),
    ]);
    const builders = codesOf(await pullDown(builder, 'good'));
    const supervisors = codesOf(await pullDown(supervisor, 'good'));
    expect(builders).toContain('SG-G01');
    expect(builders.every((code: string) => code.startsWith('SG-'))).toBe(true);
    expect(supervisors).toContain('JL-G01');
    expect(supervisors.every((code: string) => code.startsWith('JL-'))).toBe(true);
    // The cascade tree answers the same narrowing.
    const tree = await post('/ks/common/common/cert-cascade', supervisor.headers, {
      ...ref('bad'),
      displayCode: 'item_type',
    });
    const treeCodes = tree.json().data.data.map((option: { value: string }) => option.value);
    expect(treeCodes.length).toBeGreaterThan(0);
    expect(treeCodes.every((code: string) => code.startsWith('JL-D'))).toBe(true);
    // The save still refuses another type's item, whatever a client sends.
    expect((await save(supervisor, 'good', item('SG-G01', 1))).json()).toMatchObject({
      code: 400,
      message: CREDIT_MESSAGES.typeNotForEnterprise,
    });
  });

  it('offers an administrator the items of the record’s enterprise, and asks for the enterprise first', async () => {
    const [builder, supervisor] = await Promise.all([
      enterpriseOfType('施工企业'),
      enterpriseOfType('监理企业'),
    ]);
    const builderItem = (await save(builder, 'good', item('SG-G01', 1))).json().data.id as string;
    const supervisorItem = (await save(supervisor, 'good', item('JL-G01', 1))).json().data.id as string;
    const forBuilder = codesOf(await pullDown(admin, 'good', builderItem));
    expect(forBuilder).toContain('SG-G02');
    expect(forBuilder.every((code: string) => code.startsWith('SG-'))).toBe(true);
    const forSupervisor = codesOf(await pullDown(admin, 'good', supervisorItem));
    expect(forSupervisor).toContain('JL-G02');
    expect(forSupervisor.every((code: string) => code.startsWith('JL-'))).toBe(true);
    // A new record belongs to no enterprise until 所属企业 is chosen (decision 0060): choose it first.
    expect((await pullDown(admin, 'good')).json()).toMatchObject({
      code: 400,
      message: ON_BEHALF_MESSAGES.ownerFirst,
      data: { item_type: ON_BEHALF_MESSAGES.ownerFirst },
    });
    // Another enterprise cannot ask about a record it may not read, nor learn its enterprise type.
    expect((await pullDown(supervisor, 'good', builderItem)).statusCode).toBe(404);
    // Developers previewing the form see the whole catalogue.
    const preview = codesOf(await pullDown(developer, 'good'));
    expect(preview).toEqual(expect.arrayContaining(['SG-G01', 'JL-G01']));
  });

  it('keeps the record’s own item, disabled, when it no longer applies to its enterprise', async () => {
    const owner = await enterpriseOfType('施工企业');
    const id = (await save(owner, 'good', item('SG-G01', 1))).json().data.id as string;
    const [row] = await getApp()
      .db.select({ enterpriseId: users.enterpriseId })
      .from(users)
      .where(eq(users.id, owner.id));
    await getApp()
      .db.update(enterprises)
      .set({ enterpriseType: '监理企业' })
      .where(eq(enterprises.id, row?.enterpriseId as string));
    const list = (await pullDown(owner, 'good', id)).json().data.result.list as {
      value: string;
      isDisabled?: boolean;
    }[];
    expect(list.find((option) => option.value === 'SG-G01')).toMatchObject({ isDisabled: true });
    expect(
      list.filter((option) => !option.isDisabled).every((option) => option.value.startsWith('JL-')),
    ).toBe(true);
    expect(codesOf(await pullDown(admin, 'good', id))).toContain('SG-G01');
    expect((await save(owner, 'good', item('SG-G01', 1))).json().message).toBe(
      CREDIT_MESSAGES.typeNotForEnterprise,
    );
  });
});

describe('the score', () => {
  it('is recomputed when an item passes, in the pass’s transaction, with a history point each time', async () => {
    const owner = await actor('U');
    await passedItem(owner, 'good', item('SG-G03', 4));
    expect(
      (await getApp().db.select().from(creditScores).where(eq(creditScores.userId, owner.id)))[0],
    ).toMatchObject({ score: 84, grade: 'A', goodSum: 4 });
    await passedItem(owner, 'bad', item('SG-D02', 10));
    // A basic item does not count in model 1, and an item whose window has passed stops counting.
    await passedItem(owner, 'basic', item('SG-B01', 10));
    await passedItem(owner, 'good', item('SG-G01', 5, daysFrom(-400), daysFrom(-10)));
    const record = await get(`/ks/credit/record?userId=${owner.id}`, admin.headers);
    expect(record.json().data).toMatchObject({ userId: owner.id, score: 74, grade: 'B', qyType: '施工企业' });
    const items = record.json().data.items as { itemType: string; counting: boolean; creditClass: string }[];
    expect(items).toHaveLength(4);
    expect(items.find((one) => one.itemType === 'SG-G01')?.counting).toBe(false);
    expect(items.find((one) => one.itemType === 'SG-D02')).toMatchObject({
      counting: true,
      creditClass: 'bad',
    });
    const history = await historyOf(owner.id);
    expect(history.map((point) => [point.score, point.reason])).toEqual([
      [84, '审核通过'],
      [74, '审核通过'],
    ]);
    expect(record.json().data.history).toHaveLength(2);
  });

  it('rolls the pass back when the score step fails', async () => {
    const owner = await actor('U');
    const saved = await save(owner, 'good', item('SG-G02', 3));
    const id = saved.json().data.id as string;
    expect((await post('/ks/monitor/submit', owner.headers, { ...ref('good'), id })).json().code).toBe(200);
    const app = getApp();
    const models = await app.db.select().from(creditScoreModels);
    await app.db.delete(creditScoreModels);
    try {
      const passed = await post('/ks/monitor/audit', admin.headers, {
        ...ref('good'),
        id,
        result: 'pass',
        advice: '同意',
      });
      expect(passed.json().code).not.toBe(200);
    } finally {
      await app.db.insert(creditScoreModels).values(models);
    }
    expect((await rowsIn('good', owner.id))[0]).toMatchObject({ status: 'submitted' });
    expect(await app.db.select().from(creditScores).where(eq(creditScores.userId, owner.id))).toEqual([]);
    const passed = await post('/ks/monitor/audit', admin.headers, {
      ...ref('good'),
      id,
      result: 'pass',
      advice: '同意',
    });
    expect(passed.json().code).toBe(200);
    expect(
      (await app.db.select().from(creditScores).where(eq(creditScores.userId, owner.id)))[0],
    ).toMatchObject({ score: 83 });
  });

  it('is recomputed when a change is applied to an item', async () => {
    const owner = await actor('U');
    const id = await passedItem(owner, 'good', item('SG-G01', 5));
    const app = getApp();
    const table = await tableOf('good');
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`update ks_data.${sql.identifier(table)} set score = 2 where id = ${id}::uuid`);
      const { resolveNode } = await import('../../engine/record-store.ts');
      const node = await resolveNode(tx, CREDIT_SYSTEM_CODING, CREDIT_NODE_OF.good);
      const user = {
        id: admin.id,
        userCode: admin.userCode,
        userName: 'admin',
        loginRoleType: 'M' as const,
        enterpriseId: null,
        sessionId: 't',
      };
      await app.engine.events.emit('changeApplied', {
        tx,
        user,
        node,
        recordId: id,
        changeId: 'c1',
        changes: [{ field: 'score', oldValue: 5, newValue: 2 }],
      });
    });
    const history = await historyOf(owner.id);
    expect(history.map((point) => [point.score, point.reason])).toEqual([
      [85, '审核通过'],
      [82, '变更通过'],
    ]);
  });

  it('refuses a change whose new values break the item’s rules, rolling it back', async () => {
    const owner = await actor('U');
    const id = await passedItem(owner, 'good', item('SG-G02', 2));
    const app = getApp();
    const table = await tableOf('good');
    const { resolveNode } = await import('../../engine/record-store.ts');
    const user = {
      id: admin.id,
      userCode: admin.userCode,
      userName: 'admin',
      loginRoleType: 'M' as const,
      enterpriseId: null,
      sessionId: 't',
    };
    const apply = (set: ReturnType<typeof sql>) =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`update ks_data.${sql.identifier(table)} set ${set} where id = ${id}::uuid`);
        const node = await resolveNode(tx, CREDIT_SYSTEM_CODING, CREDIT_NODE_OF.good);
        await app.engine.events.emit('changeApplied', {
          tx,
          user,
          node,
          recordId: id,
          changeId: 'c2',
          changes: [],
        });
      });
    await expect(apply(sql`score = 4`)).rejects.toThrow(CREDIT_MESSAGES.overMaxOnReview(3));
    await expect(apply(sql`score = -1`)).rejects.toThrow(CREDIT_MESSAGES.negative);
    await expect(apply(sql`end_time = start_time - 1`)).rejects.toThrow(CREDIT_MESSAGES.endBeforeStart);
    const result = await app.db.execute(
      sql`select score::float8 as score, end_time from ks_data.${sql.identifier(table)} where id = ${id}::uuid`,
    );
    expect((result as unknown as { rows: { score: number; end_time: unknown }[] }).rows[0]).toEqual({
      score: 2,
      end_time: null,
    });
    expect((await historyOf(owner.id)).map((point) => point.score)).toEqual([82]);
  });

  it('the daily job recomputes scores whose items left their window, once', async () => {
    const owner = await actor('U');
    const id = await passedItem(owner, 'good', item('SG-G01', 5, daysFrom(-100), daysFrom(5)));
    const app = getApp();
    // Time passes: the item's end lies behind us now.
    await app.db.execute(
      sql`update ks_data.${sql.identifier(await tableOf('good'))} set end_time = ${daysFrom(-1)}::date where id = ${id}::uuid`,
    );
    const job = await import('./engine.ts');
    const definition = job.recomputeScoresJob(app.db);
    expect(definition).toMatchObject({
      name: CREDIT_RECOMPUTE_JOB,
      schedule: { cron: job.CREDIT_RECOMPUTE_CRON },
    });
    const context = {
      jobId: 'j',
      attempt: 1,
      signal: new AbortController().signal,
      reportProgress: async () => {},
    };
    await definition.handle({}, context);
    await definition.handle({}, context);
    expect((await historyOf(owner.id)).map((point) => [point.score, point.reason])).toEqual([
      [85, '审核通过'],
      [80, '公示期变化'],
    ]);
  });

  it('refuses an administrator’s credit item without 所属企业, and writes nothing', async () => {
    const keeper = await actor('M');
    const answer = await save(keeper, 'good', item('JL-G01', 1));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: ON_BEHALF_MESSAGES.ownerRequired,
      data: { ownerUserId: ON_BEHALF_MESSAGES.ownerRequired },
    });
    const { systemCoding, gnCoding } = ref('good');
    const node = await resolveNode(getApp().db, systemCoding, gnCoding);
    const kept = await getApp().db.execute(
      sql`select count(*)::int as n from ${tableRef(node.tableName)} where owner_user_id = ${keeper.id}::uuid`,
    );
    expect(rowsOf<{ n: number }>(kept)[0]?.n).toBe(0);
  });

  it('recomputes nothing twice for an unchanged enterprise', async () => {
    const owner = await actor('U');
    await passedItem(owner, 'good', item('SG-G02', 1));
    const again = await getApp().db.transaction((tx) => recomputeScore(tx, owner.id, '公示期变化'));
    expect(again).toMatchObject({ score: 81, changed: false });
    expect(await historyOf(owner.id)).toHaveLength(1);
  });
});

describe('who may call what', () => {
  type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
  const roles = ['M', 'U', 'P', 'D'] as const;
  /** Each route and the roles it answers (others: 403; no session: 401 code). */
  const matrix: [Call, (typeof roles)[number][]][] = [
    [{ method: 'GET', url: '/ks/credit/qy-types' }, ['M', 'U', 'P']],
    [{ method: 'GET', url: '/ks/credit/admin/select-type?creditClass=good' }, ['M', 'U']],
    [{ method: 'GET', url: '/ks/credit/admin/item-types' }, ['M']],
    [{ method: 'POST', url: '/ks/credit/admin/item-types', payload: {} }, ['M']],
    [{ method: 'PUT', url: '/ks/credit/admin/item-types', payload: {} }, ['M']],
    [
      { method: 'DELETE', url: '/ks/credit/admin/item-types/00000000-0000-4000-8000-000000000000?version=1' },
      ['M'],
    ],
    [{ method: 'GET', url: '/ks/credit/level' }, ['M', 'U', 'P']],
    [{ method: 'PUT', url: '/ks/credit/level', payload: {} }, ['M']],
    [{ method: 'GET', url: '/ks/credit/record' }, ['M', 'U']],
    [{ method: 'GET', url: '/ks/credit/public-list' }, ['M', 'U', 'P']],
    [{ method: 'GET', url: '/ks/credit/common/left-tree' }, ['M', 'U', 'P']],
    [{ method: 'GET', url: '/ks/credit/management/top-titles' }, ['M']],
    [{ method: 'GET', url: '/ks/credit/grade-overview' }, ['M']],
    [{ method: 'GET', url: '/ks/credit/export' }, ['M']],
    [{ method: 'GET', url: '/ks/credit/letter' }, ['M', 'U']],
    [{ method: 'PUT', url: '/ks/credit/letter', payload: {} }, ['M']],
    [{ method: 'POST', url: '/ks/credit/letter/sign', payload: {} }, ['M', 'U']],
    [{ method: 'GET', url: '/ks/credit/letter/signatures' }, ['M']],
  ];
  const headersOf = () => ({
    M: admin.headers,
    U: enterprise.headers,
    P: personnel.headers,
    D: developer.headers,
  });

  it.each(matrix)('%o answers %o and refuses the other roles', async (call, allowed) => {
    for (const role of roles) {
      const response = await getApp().inject({ ...call, headers: headersOf()[role] });
      if (allowed.includes(role))
        expect([200, 400, 404, 409], `${role} ${call.url}`).toContain(response.statusCode);
      else expect(response.statusCode, `${role} ${call.url}`).toBe(403);
    }
    const anonymous = await getApp().inject(call);
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives an enterprise its own credit file only, and personnel none', async () => {
    const other = await actor('U');
    expect((await get(`/ks/credit/record?userId=${other.id}`, enterprise.headers)).statusCode).toBe(403);
    expect((await get('/ks/credit/record', enterprise.headers)).json().data).toMatchObject({
      userId: enterprise.id,
    });
    expect((await get(`/ks/credit/record?userId=${personnel.id}`, admin.headers)).json()).toMatchObject({
      code: 404,
      message: CREDIT_MESSAGES.notEnterprise,
    });
  });
});

describe('the score model and grades', () => {
  it('refuses bands out of order, a stale version, and recomputes every score with a new version', async () => {
    const owner = await actor('U');
    await passedItem(owner, 'good', item('SG-G01', 5));
    const model = (await get('/ks/credit/level', personnel.headers)).json().data;
    expect(model).toMatchObject({ modelVersion: 1, base: 80, fullScore: 100 });
    const put = (payload: object) =>
      getApp().inject({ method: 'PUT', url: '/ks/credit/level', headers: admin.headers, payload });
    const body = {
      base: 70,
      fullScore: 100,
      goodCap: 20,
      badCap: null,
      basicCounts: false,
      modelVersion: 1,
      bands: model.bands,
    };
    expect(
      (
        await put({
          ...body,
          bands: [
            { grade: 'A', min: 50 },
            { grade: 'B', min: 60 },
          ],
        })
      ).json(),
    ).toMatchObject({
      code: 400,
      message: CREDIT_MESSAGES.bandsOrder,
    });
    expect((await put({ ...body, modelVersion: 0 })).statusCode).toBe(409);
    const saved = await put(body);
    expect(saved.json()).toMatchObject({ code: 200, data: { modelVersion: 2, base: 70 } });
    expect((await historyOf(owner.id)).map((point) => [point.score, point.grade, point.reason])).toEqual([
      [85, 'AA', '审核通过'],
      [75, 'A', '评分模型调整'],
    ]);
    // Back to the first model's numbers for the other tests.
    expect((await put({ ...body, base: 80, modelVersion: 2 })).json().code).toBe(200);
  });

  it('counts grades, types and headline numbers for the analysis page', async () => {
    const overview = (await get('/ks/credit/grade-overview', admin.headers)).json().data;
    expect(overview.grades.map((one: { grade: string }) => one.grade)).toEqual(['AAA', 'AA', 'A', 'B', 'C']);
    const scored = (await getApp().db.select().from(creditScores)).length;
    expect(overview.grades.reduce((sum: number, one: { count: number }) => sum + one.count, 0)).toBe(scored);
    expect(overview.byType).toEqual([expect.objectContaining({ qyType: '施工企业', count: scored })]);
    expect(overview.trend.length).toBeGreaterThan(0);
    const titles = (await get('/ks/credit/management/top-titles', admin.headers)).json().data;
    expect(titles).toMatchObject({ scored });
    expect(titles.items.good).toBeGreaterThan(0);
    const tree = (await get('/ks/credit/common/left-tree', personnel.headers)).json().data;
    expect(tree[0]).toMatchObject({ key: 'all', count: scored });
    expect(tree[0].children.find((one: { key: string }) => one.key === '施工企业').count).toBe(scored);
  });
});

describe('the catalogue', () => {
  it('adds, changes and retires item types, keeping the select’s dictionary in step', async () => {
    const body = {
      code: 'SG-G09',
      name: '科技创新成果',
      qyType: '施工企业',
      creditClass: 'good',
      maxScore: 2,
      windowMonths: 24,
    };
    const created = await post('/ks/credit/admin/item-types', admin.headers, body);
    expect(created.json()).toMatchObject({ code: 200, data: { code: 'SG-G09', suggestion: false } });
    expect((await post('/ks/credit/admin/item-types', admin.headers, body)).json()).toMatchObject({
      code: 400,
      message: '事项编码已存在',
    });
    const options = (await get('/ks/credit/admin/select-type?creditClass=good', enterprise.headers)).json()
      .data;
    expect(options.every((one: { qyType: string }) => one.qyType === '施工企业')).toBe(true);
    expect(options.map((one: { code: string }) => one.code)).toContain('SG-G09');
    // Administrators choose the enterprise type first, and get that type's items only.
    const unchosen = await get('/ks/credit/admin/select-type?creditClass=good', admin.headers);
    expect(unchosen.json()).toMatchObject({ code: 400, message: CREDIT_MESSAGES.chooseQyTypeFirst });
    const supervisors = (
      await get(
        `/ks/credit/admin/select-type?creditClass=good&qyType=${encodeURIComponent('监理企业')}`,
        admin.headers,
      )
    ).json().data;
    expect(supervisors.length).toBeGreaterThan(0);
    expect(supervisors.every((one: { qyType: string }) => one.qyType === '监理企业')).toBe(true);
    // An enterprise whose type is not set yet is offered nothing rather than every type's items.
    const untyped = await actor('U');
    const [untypedUser] = await getApp()
      .db.select({ enterpriseId: users.enterpriseId })
      .from(users)
      .where(eq(users.id, untyped.id));
    await getApp()
      .db.update(enterprises)
      .set({ enterpriseType: '' })
      .where(eq(enterprises.id, untypedUser?.enterpriseId as string));
    expect((await get('/ks/credit/admin/select-type?creditClass=good', untyped.headers)).json().data).toEqual(
      [],
    );
    const owner = await actor('U');
    expect((await save(owner, 'good', item('SG-G09', 3))).json().message).toBe(CREDIT_MESSAGES.overMax(2));
    const { id, version } = created.json().data;
    const updated = await getApp().inject({
      method: 'PUT',
      url: '/ks/credit/admin/item-types',
      headers: admin.headers,
      payload: { ...body, id, version, maxScore: 3 },
    });
    expect(updated.json()).toMatchObject({ code: 200, data: { maxScore: 3 } });
    expect((await save(owner, 'good', item('SG-G09', 3))).json().code).toBe(200);
    const stale = await getApp().inject({
      method: 'PUT',
      url: '/ks/credit/admin/item-types',
      headers: admin.headers,
      payload: { ...body, id, version },
    });
    expect(stale.statusCode).toBe(409);
    const retired = await getApp().inject({
      method: 'DELETE',
      url: `/ks/credit/admin/item-types/${id}?version=${version + 1}`,
      headers: admin.headers,
    });
    expect(retired.json().code).toBe(200);
    expect((await save(owner, 'good', item('SG-G09', 1))).json()).toMatchObject({
      code: 400,
      data: { item_type: expect.any(String) },
    });
    // The retired type stays in the select, disabled (refused on save), so old items keep their name.
    const [dictionary] = await getApp()
      .db.select()
      .from(dictionaries)
      .where(eq(dictionaries.code, 'credit_item_good'));
    expect(dictionary?.items).toContainEqual({
      value: 'SG-G09',
      label: '施工企业｜科技创新成果',
      isDisabled: true,
    });
  });
});

describe('the commitment letter', () => {
  it('is kept by administrators in versions and signed by enterprises over the exact text', async () => {
    const signer = await actor('U');
    const letter = (await get('/ks/credit/letter', signer.headers)).json().data;
    expect(letter).toMatchObject({ templateVersion: expect.any(Number), mySignature: null });
    const saved = await getApp().inject({
      method: 'PUT',
      url: '/ks/credit/letter',
      headers: admin.headers,
      payload: {
        title: '信用承诺书',
        content: `${letter.content}\n六、本承诺自签署之日起生效。`,
        templateVersion: letter.templateVersion,
      },
    });
    expect(saved.json()).toMatchObject({ code: 200, data: { templateVersion: letter.templateVersion + 1 } });
    // Read before the change: refused, nothing signed.
    const stale = await post('/ks/credit/letter/sign', signer.headers, {
      templateVersion: letter.templateVersion,
      sha256: letter.sha256,
    });
    expect(stale.json()).toMatchObject({ code: 409, message: CREDIT_MESSAGES.letterStale });
    const current = (await get('/ks/credit/letter', signer.headers)).json().data;
    const { createHash } = await import('node:crypto');
    expect(current.sha256).toBe(
      createHash('sha256').update(`${current.title}\n${current.content}`).digest('hex'),
    );
    const signed = await post('/ks/credit/letter/sign', signer.headers, {
      templateVersion: current.templateVersion,
      sha256: current.sha256,
    });
    expect(signed.json()).toMatchObject({ code: 200, data: { mySignature: { textSha256: current.sha256 } } });
    expect(
      (
        await post('/ks/credit/letter/sign', signer.headers, {
          templateVersion: current.templateVersion,
          sha256: current.sha256,
        })
      ).json(),
    ).toMatchObject({ code: 400, message: CREDIT_MESSAGES.letterSigned });
    expect(
      (
        await post('/ks/credit/letter/sign', admin.headers, {
          templateVersion: current.templateVersion,
          sha256: current.sha256,
        })
      ).json(),
    ).toMatchObject({ code: 403, message: CREDIT_MESSAGES.enterpriseOnly });
    const signatures = (await get('/ks/credit/letter/signatures', admin.headers)).json().data;
    expect(signatures).toContainEqual(
      expect.objectContaining({
        userId: signer.id,
        textSha256: current.sha256,
        templateVersion: current.templateVersion,
      }),
    );
    const logged = await getApp()
      .db.select()
      .from(operationLogs)
      .where(eq(operationLogs.action, '签署信用承诺书'));
    expect(logged.length).toBeGreaterThan(0);
  });
});

describe('the credit list', () => {
  it('lists scored enterprises best first, filters them, and exports them as xlsx', async () => {
    const app = getApp();
    const [named] = await app.db
      .select({ name: enterprises.name })
      .from(enterprises)
      .innerJoin(users, eq(users.enterpriseId, enterprises.id))
      .innerJoin(creditScores, eq(creditScores.userId, users.id))
      .limit(1);
    const list = (await get('/ks/credit/public-list?pageSize=100', personnel.headers)).json().data;
    expect(list.total).toBe((await app.db.select().from(creditScores)).length);
    const scores = list.records.map((row: { score: number }) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const found = (
      await get(`/ks/credit/public-list?keyword=${encodeURIComponent(named?.name ?? '')}`, personnel.headers)
    ).json().data;
    expect(found.records).toEqual([expect.objectContaining({ enterpriseName: named?.name })]);
    expect((await get('/ks/credit/public-list?grade=ZZ', personnel.headers)).json().data.total).toBe(0);
    const logged = async () =>
      (await app.db.select().from(operationLogs).where(eq(operationLogs.action, '导出信用名单'))).length;
    const before = await logged();
    expect((await get('/ks/credit/export?pageNum=2', admin.headers)).statusCode).toBe(400);
    expect(await logged()).toBe(before);
    const exported = await get('/ks/credit/export', admin.headers);
    expect(await logged()).toBe(before + 1);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('信用名单');
    expect(sheet?.getRow(1).getCell(2).value).toBe('企业名称');
    expect(sheet?.rowCount).toBe(list.total + 1);
  });
});

describe('the public credit list in the public-service login variant', () => {
  const publicApp = useTestApp({ LOGIN_VARIANT: 'public-service' });
  const list = (headers: Record<string, string> = {}, query = '') =>
    publicApp().inject({ method: 'GET', url: `/ks/credit/public-list${query}`, headers });
  const publicActor = async (role: TestUser['loginRoleType']) => {
    const user = await createUser(publicApp(), role);
    return (await loginAs(publicApp(), user)).headers;
  };

  it('is readable without login there, with the published fields only, and needs a session elsewhere', async () => {
    const owner = await createUser(publicApp(), 'U');
    await publicApp().db.transaction((tx) => recomputeScore(tx, owner.id, '测试'));
    const open = await list();
    expect(open.json()).toMatchObject({
      code: 200,
      data: { total: 1, grades: ['AAA', 'AA', 'A', 'B', 'C'] },
    });
    const [row] = open.json().data.records;
    expect(Object.keys(row).sort()).toEqual([
      'computedAt',
      'creditCode',
      'enterpriseName',
      'grade',
      'qyType',
      'score',
    ]);
    // A logged-in data reader still gets the account ids (administrators open the credit file).
    for (const role of ['M', 'U', 'P'] as const) {
      const answer = await list(await publicActor(role));
      expect(answer.json().data.records[0], role).toMatchObject({ userId: owner.id });
    }
    // Developers read no enterprise data: there, what anybody reads.
    expect(Object.keys((await list(await publicActor('D'))).json().data.records[0])).not.toContain('userId');
    // A stale token reads it as nobody does, rather than failing the public page.
    const stale = await list({ authorization: 'Bearer not-a-token' });
    expect(stale.json().data.records[0]).not.toHaveProperty('userId');

    const closed = await getApp().inject({ method: 'GET', url: '/ks/credit/public-list' });
    expect(closed.statusCode).toBe(401);
    expect((await get('/ks/credit/public-list', developer.headers)).statusCode).toBe(403);
    // The rest of the credit data still needs its session there.
    for (const url of [
      '/ks/credit/common/left-tree',
      '/ks/credit/level',
      '/ks/credit/record',
      '/ks/credit/export',
    ])
      expect((await publicApp().inject({ method: 'GET', url })).statusCode, url).toBe(401);
  });
});

describe('the public credit list’s rate limit', () => {
  const limitedApp = useTestApp({ LOGIN_VARIANT: 'public-service', LOGIN_RATE_PER_MINUTE: '4' });
  it('limits callers without a session per minute, and not those with one', async () => {
    const publicApp = limitedApp;
    const list = (headers: Record<string, string>, query: string) =>
      publicApp().inject({ method: 'GET', url: `/ks/credit/public-list${query}`, headers });
    const headers = (await loginAs(publicApp(), await createUser(publicApp(), 'P'))).headers;
    const answers = [];
    for (let n = 0; n < 6; n += 1)
      answers.push(
        (
          await publicApp().inject({
            method: 'GET',
            url: '/ks/credit/public-list',
            remoteAddress: '203.0.113.9',
            headers: {},
          })
        ).statusCode,
      );
    expect(answers.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
    expect(answers.at(-1)).toBe(429);
    for (let n = 0; n < 6; n += 1)
      expect(
        (
          await publicApp().inject({
            method: 'GET',
            url: '/ks/credit/public-list',
            remoteAddress: '203.0.113.9',
            headers,
          })
        ).statusCode,
      ).toBe(200);
    // Refused bad input changes nothing and says why.
    const bad = await list(headers, `?keyword=${encodeURIComponent('a\u0000b')}`);
    expect(bad.statusCode).toBe(400);
    expect((await list(headers, '?pageSize=100000')).statusCode).toBe(400);
  });
});

describe('the credit port (public.ts)', () => {
  it('answers an enterprise’s score and grade band, and null before its first score', async () => {
    const app = getApp();
    const enterprise = await createActor(app, 'U');
    expect(await gradeOf(app.db, enterprise.id)).toBeNull();
    const computed = await app.db.transaction((tx) => recomputeScore(tx, enterprise.id, '测试'));
    expect(await gradeOf(app.db, enterprise.id)).toMatchObject({
      score: computed.score,
      grade: computed.grade,
    });
  });
});
