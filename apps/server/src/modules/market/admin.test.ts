import {
  MARKET_MESSAGES,
  MARKET_NODE_OF,
  MARKET_PATHS,
  MARKET_SYSTEM_CODING,
  type ManagedPerson,
  type MarketEnterprise,
  type TransactItem,
} from '@ks/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, loginBody, type TestActor, type TestUser, useTestApp } from '../../../test/helper.ts';
import {
  personValues,
  proveIdNumber,
  registerPerson,
  testIdNumber,
} from '../../../test/market-registrations.ts';
import { enterprises, operationLogs, users } from '../../db/schema/identity.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';
import { UNSET_REASON } from './practice-repository.ts';

const getApp = useTestApp();
type Actor = TestActor;
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => getApp().inject({ method, url, headers, ...(payload ? { payload } : {}) });
const idNumber = testIdNumber;
const person = personValues;

let admin: Actor;
let enterprise: Actor;
let other: Actor;
let personnel: Actor;
let developer: Actor;

beforeAll(async () => {
  admin = await actor('M');
  [enterprise, other, personnel, developer] = await Promise.all([
    actor('U'),
    actor('U'),
    actor('P'),
    actor('D'),
  ]);
  await ensureProvidedSystems(getApp().db, getApp().engine);
});

const register = (owner: Actor, values: Record<string, unknown>, pass = true) =>
  registerPerson(getApp(), owner, admin, values, pass);

const login = async (who: TestUser) =>
  (
    await getApp().inject({
      method: 'POST',
      url: '/ks/common/login',
      payload: await loginBody(getApp(), who.account, who.password),
    })
  ).json();

describe('the role matrix of the administrators’ market routes', () => {
  const adminOnly: [string, 'GET' | 'POST' | 'PUT', string, object?][] = [
    ['enterprise export', 'POST', MARKET_PATHS.enterpriseExport, {}],
    [
      'enterprise state',
      'PUT',
      MARKET_PATHS.enterpriseState,
      { id: crypto.randomUUID(), version: 1, enabled: false },
    ],
    ['personnel', 'GET', MARKET_PATHS.managedPersonnel],
    ['person', 'GET', `${MARKET_PATHS.managedPerson}?id=${crypto.randomUUID()}`],
    ['personnel export', 'POST', MARKET_PATHS.personnelExport, {}],
    ['practice', 'PUT', MARKET_PATHS.practice, { id: crypto.randomUUID(), version: 0, areas: [] }],
  ];
  it.each(adminOnly)(
    'refuses %s to enterprises, personnel and developers',
    async (_name, method, url, body) => {
      for (const who of [enterprise, other, personnel, developer]) {
        const answer = await call(method, url, who.headers, body);
        expect(answer.statusCode, `${who.loginRoleType} ${url}`).toBe(403);
      }
      expect((await call(method, url, {}, body)).statusCode).toBe(401);
    },
  );

  it('lets only personnel accounts link an ID number', async () => {
    for (const who of [admin, enterprise, developer]) {
      const answer = await call('POST', MARKET_PATHS.linkIdNumber, who.headers, {
        idNumber: idNumber('001'),
      });
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe('the enterprise library (/system/adminInfo)', () => {
  it('searches and filters enterprises by type, region and state', async () => {
    const app = getApp();
    const [row] = await app.db.select().from(users).where(eq(users.id, other.id));
    await app.db
      .update(enterprises)
      .set({ creditCode: '91330100MA2ADMIN1X', enterpriseType: '监理企业', name: '杭州监理测试有限公司' })
      .where(eq(enterprises.id, row?.enterpriseId as string));
    const list = async (query: string) =>
      (
        await call('GET', `${MARKET_PATHS.enterprises}?pageSize=100&${query}`, admin.headers, undefined)
      ).json().data.records as MarketEnterprise[];
    const zhejiang = await list(`region=${encodeURIComponent('浙江省')}`);
    expect(zhejiang.map((e) => e.userId)).toEqual([other.id]);
    expect(zhejiang[0]).toMatchObject({ region: '浙江省', qyType: '监理企业', status: 'active' });
    expect((await list(`qyType=${encodeURIComponent('监理企业')}`)).map((e) => e.userId)).toContain(other.id);
    expect((await list(`qyType=${encodeURIComponent('施工企业')}`)).map((e) => e.userId)).not.toContain(
      other.id,
    );
    expect((await list('keyword=91330100MA2ADMIN')).map((e) => e.userId)).toEqual([other.id]);
    expect((await list('state=disabled')).map((e) => e.userId)).not.toContain(other.id);
    const bad = await call(
      'GET',
      `${MARKET_PATHS.enterprises}?region=${encodeURIComponent('火星')}`,
      admin.headers,
    );
    expect(bad.json()).toMatchObject({ code: 400, message: '地区不存在' });
  });

  it('disables an enterprise: its sessions end, its login is refused, the log says so; enabling restores it', async () => {
    const target = await actor('U');
    const before = (await call('GET', `/ks/basic/enterprise/info?id=${target.id}`, admin.headers)).json().data
      .enterprise as MarketEnterprise;
    const stale = await call('PUT', MARKET_PATHS.enterpriseState, admin.headers, {
      id: target.id,
      version: (before.version ?? 1) + 5,
      enabled: false,
    });
    expect(stale.json()).toMatchObject({ code: 409, message: MARKET_MESSAGES.staleEnterprise });

    const disabled = await call('PUT', MARKET_PATHS.enterpriseState, admin.headers, {
      id: target.id,
      version: before.version,
      enabled: false,
    });
    expect(disabled.json()).toMatchObject({ code: 200, data: { status: 'disabled' } });
    expect((await call('GET', '/ks/individual/user-info', target.headers)).json().code).not.toBe(200);
    expect(await login(target)).toMatchObject({ code: 403, message: '账号已被停用，请联系管理员' });
    const again = await call('PUT', MARKET_PATHS.enterpriseState, admin.headers, {
      id: target.id,
      version: disabled.json().data.version,
      enabled: false,
    });
    expect(again.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.alreadyDisabled });
    const listed = (
      await call('GET', `${MARKET_PATHS.enterprises}?state=disabled&pageSize=100`, admin.headers)
    ).json().data.records as MarketEnterprise[];
    expect(listed.map((e) => e.userId)).toContain(target.id);

    const enabled = await call('PUT', MARKET_PATHS.enterpriseState, admin.headers, {
      id: target.id,
      version: disabled.json().data.version,
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ code: 200, data: { status: 'active' } });
    expect((await login(target)).code).toBe(200);
    const logged = await getApp()
      .db.select()
      .from(operationLogs)
      .where(eq(operationLogs.targetId, target.id));
    expect(logged.map((line) => line.action)).toEqual(expect.arrayContaining(['停用企业', '启用企业']));
  });

  it('refuses to disable what is not an enterprise, and changes nothing', async () => {
    const answer = await call('PUT', MARKET_PATHS.enterpriseState, admin.headers, {
      id: personnel.id,
      version: 1,
      enabled: false,
    });
    expect(answer.json()).toMatchObject({ code: 404, message: MARKET_MESSAGES.notEnterprise });
    expect((await login(personnel)).code).toBe(200);
    const huge = await call('PUT', MARKET_PATHS.enterpriseState, admin.headers, {
      id: enterprise.id,
      version: 1e20,
      enabled: false,
    });
    expect(huge.json().code).toBe(400);
    expect((await login(enterprise)).code).toBe(200);
  });

  it('refuses an export filter that names no region, exporting nothing', async () => {
    const answer = await call('POST', MARKET_PATHS.enterpriseExport, admin.headers, { region: '火星' });
    expect(answer.json()).toMatchObject({ code: 400, message: '地区不存在' });
  });

  it('exports the filtered library as xlsx', async () => {
    const answer = await call('POST', MARKET_PATHS.enterpriseExport, admin.headers, { region: '浙江省' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '企业名称',
      '统一社会信用代码',
      '企业类型',
      '地区',
      '状态',
    ]);
    expect(sheet?.getRow(2).getCell(1).value).toBe('杭州监理测试有限公司');
    expect(sheet?.rowCount).toBe(2);
  });
});

describe('personnel across enterprises (/system/managementInfo) and the practice status', () => {
  let recordId = '';
  const number = idNumber('411');

  it('lists, filters and shows registrations with their enterprise, masked in lists', async () => {
    recordId = await register(enterprise, person(number, '周明'));
    await register(other, person(idNumber('421'), '吴芳'), false);
    const list = async (query: string) =>
      (await call('GET', `${MARKET_PATHS.managedPersonnel}?pageSize=100&${query}`, admin.headers)).json().data
        .records as ManagedPerson[];
    const byName = await list(`keyword=${encodeURIComponent('周明')}`);
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatchObject({
      id: recordId,
      idNumber: `${number.slice(0, 6)}********${number.slice(-4)}`,
      enterpriseUserId: enterprise.id,
      practiceDetails: [],
      practiceVersion: 0,
    });
    expect((await list(`idNumber=${number}`)).map((p) => p.id)).toEqual([recordId]);
    expect((await list(`enterpriseId=${other.id}`)).map((p) => p.personName)).toEqual(['吴芳']);
    expect((await list(`specialty=${encodeURIComponent('机电工程')}`)).length).toBe(0);
    const detail = (await call('GET', `${MARKET_PATHS.managedPerson}?id=${recordId}`, admin.headers)).json();
    expect(detail).toMatchObject({ code: 200, data: { idNumber: number, personName: '周明' } });
    const missing = await call(
      'GET',
      `${MARKET_PATHS.managedPerson}?id=${crypto.randomUUID()}`,
      admin.headers,
    );
    expect(missing.json()).toMatchObject({ code: 404, message: MARKET_MESSAGES.personNotFound });
  });

  it('links a personnel account by its checked ID number once an administrator confirms it', async () => {
    const wrong = await call('POST', MARKET_PATHS.linkIdNumber, personnel.headers, {
      idNumber: `${number.slice(0, 17)}${number.endsWith('1') ? '2' : '1'}`,
    });
    expect(wrong.json()).toMatchObject({ code: 400, message: '身份证号码校验位不正确，请核对后重新输入' });
    await proveIdNumber(getApp(), admin, personnel, number);
    const state = await call('GET', MARKET_PATHS.linkIdNumber, personnel.headers);
    // Passed, but nobody set its practice status yet: its registered region, unknown.
    expect(state.json()).toMatchObject({
      code: 200,
      data: {
        idNumber: `${number.slice(0, 6)}********${number.slice(-4)}`,
        practiceDetails: [{ region: '江苏省', status: 0, reason: UNSET_REASON }],
      },
    });
    // Another account's claim of the held number is accepted alike, for the administrators.
    const second = await actor('P');
    const claimed = await call('POST', MARKET_PATHS.linkIdNumber, second.headers, { idNumber: number });
    expect(claimed.json()).toEqual({
      code: 200,
      data: { status: 'pending' },
      message: MARKET_MESSAGES.idNumberClaimed,
    });
  });

  it('sets practice status per region and the login and practice dialog read it at once', async () => {
    const areas = [
      { region: '江苏省', status: 2, reason: '' },
      { region: '浙江省', status: 1, reason: '注册证书将于30日内到期' },
    ];
    const twice = await call('PUT', MARKET_PATHS.practice, admin.headers, {
      id: recordId,
      version: 0,
      areas: [areas[0], areas[0]],
    });
    expect(twice.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.regionTwice });
    const set = await call('PUT', MARKET_PATHS.practice, admin.headers, { id: recordId, version: 0, areas });
    expect(set.json()).toMatchObject({ code: 200, data: { practiceVersion: 1, practiceDetails: areas } });
    const stale = await call('PUT', MARKET_PATHS.practice, admin.headers, {
      id: recordId,
      version: 0,
      areas: [],
    });
    expect(stale.json()).toMatchObject({ code: 409, message: MARKET_MESSAGES.stalePerson });

    expect((await login(personnel)).data.practicingStatus).toEqual({
      abnormal: true,
      practiceDetails: areas,
    });
    const dialog = await call('POST', '/ks/individual/practice-area', personnel.headers);
    expect(dialog.json().data).toEqual(areas);
    const warned = (
      await call('GET', `${MARKET_PATHS.managedPersonnel}?practiceStatus=1&pageSize=100`, admin.headers)
    )
      .json()
      .data.records.map((p: ManagedPerson) => p.id);
    expect(warned).toContain(recordId);

    const normal = [{ region: '江苏省', status: 2, reason: '' }];
    await call('PUT', MARKET_PATHS.practice, admin.headers, { id: recordId, version: 1, areas: normal });
    expect((await login(personnel)).data.practicingStatus).toEqual({
      abnormal: false,
      practiceDetails: normal,
    });
  });

  it('follows a registration passed after the account was linked', async () => {
    const later = idNumber('431');
    const account = await actor('P');
    await proveIdNumber(getApp(), admin, account, later);
    expect((await login(account)).data.practicingStatus).toEqual({ abnormal: false, practiceDetails: [] });
    await register(other, person(later, '郑华'));
    expect((await login(account)).data.practicingStatus).toEqual({
      abnormal: true,
      practiceDetails: [{ region: '江苏省', status: 0, reason: UNSET_REASON }],
    });
  });

  it('exports the filtered personnel as xlsx with masked ID numbers', async () => {
    const answer = await call('POST', MARKET_PATHS.personnelExport, admin.headers, {
      enterpriseId: other.id,
    });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]?.getRow(2);
    expect(row?.getCell(1).value).toBe('吴芳');
    expect(String(row?.getCell(2).value)).toContain('********');
  });
});

describe('business handling (/system/transact)', () => {
  it('offers an enterprise the lists it may start business on, and its information pages', async () => {
    const items = (await call('GET', MARKET_PATHS.transact, enterprise.headers)).json()
      .data as TransactItem[];
    expect(items.map((i) => i.code)).toEqual(
      expect.arrayContaining([
        'market:apply',
        'market:change',
        `${MARKET_SYSTEM_CODING}:${MARKET_NODE_OF.personnel}`,
      ]),
    );
    const personnelItem = items.find((i) => i.code.endsWith(MARKET_NODE_OF.personnel));
    expect(personnelItem?.path).toBe(
      `/dynamicPage/dynamicIndex?systemCoding=${MARKET_SYSTEM_CODING}&gnCoding=${MARKET_NODE_OF.personnel}`,
    );
  });

  it('offers personnel none of the enterprise nodes, and developers nothing', async () => {
    const mine = (await call('GET', MARKET_PATHS.transact, personnel.headers)).json();
    expect(mine.code).toBe(200);
    expect((mine.data as TransactItem[]).some((i) => i.group === '企业信息')).toBe(false);
    const admins = (await call('GET', MARKET_PATHS.transact, admin.headers)).json();
    expect(admins.code).toBe(200);
    // Administrators may save on the 企业信息 nodes, but the enterprise's own pages are not theirs.
    expect((admins.data as TransactItem[]).some((i) => i.code.startsWith('market:'))).toBe(false);
    expect((await call('GET', MARKET_PATHS.transact, developer.headers)).json()).toMatchObject({
      code: 200,
      data: [],
    });
    expect((await call('GET', MARKET_PATHS.transact, {})).statusCode).toBe(401);
  });
});
