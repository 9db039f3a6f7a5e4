import {
  type CompanyInfo,
  ID_NUMBER_MESSAGES,
  idNumberCheckCharacter,
  MARKET_ANNEX,
  MARKET_MESSAGES,
  MARKET_NODE_OF,
  MARKET_PARTS,
  MARKET_SYSTEM_CODING,
  type MarketPart,
} from '@ks/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createActor, type TestActor, type TestUser, useTestApp } from '../../../test/helper.ts';
import { providedSystems } from '../../db/schema/builder.ts';
import { annexSlots } from '../../db/schema/files.ts';
import { users } from '../../db/schema/identity.ts';
import { menuNodes } from '../../db/schema/shell.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';

const getApp = useTestApp();
type Actor = TestActor;
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);
const post = (url: string, headers: Record<string, string>, payload: object) =>
  getApp().inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string> = {}) =>
  getApp().inject({ method: 'GET', url, headers });
const ref = (part: MarketPart) => ({ systemCoding: MARKET_SYSTEM_CODING, gnCoding: MARKET_NODE_OF[part] });

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
    actor('P', {
      practicingStatus: [
        { region: '江苏省', status: 2, reason: '' },
        { region: '浙江省', status: 1, reason: '注册证书即将到期' },
      ],
    }),
    actor('D'),
  ]);
  expect(await ensureProvidedSystems(getApp().db, getApp().engine)).toContain(MARKET_SYSTEM_CODING);
});

async function save(who: Actor, part: MarketPart, values: Record<string, unknown>) {
  return post('/ks/monitor/save', who.headers, { ...ref(part), values });
}
async function attach(who: Actor, part: MarketPart, id: string, annexNo: string) {
  const form = multipart(
    { ...ref(part), fileType: 'pdf', fileNo: annexNo },
    { name: '证书.pdf', content: PDF },
  );
  const uploaded = await getApp().inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(uploaded.json().code).toBe(200);
  const saved = await post('/ks/common/common/attachment/save', who.headers, {
    ...ref(part),
    id,
    fileList: [{ fileId: uploaded.json().data.fileId, fileNo: annexNo, fileOperationType: 'add' }],
  });
  expect(saved.json().code).toBe(200);
}
/** Saves a record as its owner, optionally with an attachment, submits it and (when asked) passes it. */
async function item(
  owner: Actor,
  part: MarketPart,
  values: Record<string, unknown>,
  state: 'draft' | 'submitted' | 'approved',
  annexNo?: string,
) {
  const saved = await save(owner, part, values);
  expect(saved.json()).toMatchObject({ code: 200 });
  const id = saved.json().data.id as string;
  if (annexNo) await attach(owner, part, id, annexNo);
  if (state === 'draft') return id;
  expect((await post('/ks/monitor/submit', owner.headers, { ...ref(part), id })).json()).toMatchObject({
    code: 200,
  });
  if (state === 'submitted') return id;
  const passed = await post('/ks/monitor/audit', admin.headers, {
    ...ref(part),
    id,
    result: 'pass',
    advice: '同意',
  });
  expect(passed.json()).toMatchObject({ code: 200 });
  return id;
}

const QUALIFICATION = {
  qualification_name: '建筑工程施工总承包',
  qualification_level: '二级',
  certificate_no: 'D233012345',
  issuing_authority: '浙江省住房和城乡建设厅',
  issue_date: '2023-03-01',
  expiry_date: '2028-02-28',
};
const BRANCH = {
  branch_name: '宁波分公司',
  principal: '王建国',
  tel: '0574-87654321',
  address: '宁波市鄞州区天童南路588号',
};
const CONTACT = { ry_name: '李敏', tel: '13857112345', position: '投标经理', email: 'limin@example.com' };

describe('the provided 企业信息 system', () => {
  it('is built once with its seven nodes and their attachment slots', async () => {
    const app = getApp();
    expect(await ensureProvidedSystems(app.db, app.engine)).toEqual([]);
    const [claimed] = await app.db
      .select()
      .from(providedSystems)
      .where(eq(providedSystems.systemCoding, MARKET_SYSTEM_CODING));
    expect(claimed).toMatchObject({ module: 'market' });
    for (const part of MARKET_PARTS) {
      const [node] = await app.db
        .select()
        .from(menuNodes)
        .where(eq(menuNodes.gnCoding, MARKET_NODE_OF[part]));
      expect(node?.deletedAt).toBeNull();
    }
    const [slot] = await app.db
      .select()
      .from(annexSlots)
      .where(eq(annexSlots.gnCoding, MARKET_NODE_OF.qualification));
    expect(slot).toMatchObject({ annexNo: MARKET_ANNEX.qualification, isRequired: true });
  });

  it('refuses a certificate that expires before it was issued, and saves nothing', async () => {
    const refused = await save(enterprise, 'qualification', { ...QUALIFICATION, expiry_date: '2022-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: MARKET_MESSAGES.expiryBeforeIssue,
      data: { expiry_date: MARKET_MESSAGES.expiryBeforeIssue },
    });
    const info = (await get('/ks/basic/enterprise/info', enterprise.headers)).json().data as CompanyInfo;
    expect(info.parts.find((part) => part.part === 'qualification')?.records).toEqual([]);
  });

  it('refuses a project that finishes before it started', async () => {
    const refused = await save(enterprise, 'performance', {
      project_name: '市民中心',
      construction_unit: '某市城投',
      contract_amount: 1200,
      start_date: '2024-05-01',
      finish_date: '2024-04-01',
    });
    expect(refused.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.finishBeforeStart });
  });

  it('keeps one basic-information record per enterprise', async () => {
    const basic = {
      enterprise_name: '浙江宏建建设有限公司',
      credit_code: '91330100MA2H4XKX3B',
      qy_type: '施工企业',
      legal_person: '张伟',
      established_date: '2010-06-18',
      address: '杭州市西湖区文三路100号',
    };
    expect((await save(other, 'basic', basic)).json().code).toBe(200);
    const second = await save(other, 'basic', basic);
    expect(second.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.basicExists });
  });
});

describe('registered personnel', () => {
  const idNumber = (sequence: string) => {
    const first17 = `32010219880512${sequence}`;
    return `${first17}${idNumberCheckCharacter(first17)}`;
  };
  const person = (id: string) => ({
    person_name: '孙立',
    id_number: id,
    registration_type: '一级注册建造师',
    specialty: '建筑工程',
    // One number per person: a certificate number is registered once per specialty (decision 0059).
    certificate_no: `苏13220112${id.slice(-8).toUpperCase()}`,
    registered_region: '江苏省',
    expiry_date: '2027-12-31',
  });

  it('refuses an ID number with a wrong check digit, length or birth date', async () => {
    const valid = idNumber('301');
    const wrongCheck = `${valid.slice(0, 17)}${valid[17] === '0' ? '1' : '0'}`;
    for (const [value, message] of [
      [wrongCheck, ID_NUMBER_MESSAGES.checkDigit],
      ['3201021988051230', ID_NUMBER_MESSAGES.format],
      [`32010219880230301${idNumberCheckCharacter('32010219880230301')}`, ID_NUMBER_MESSAGES.birthDate],
    ] as const) {
      const refused = await save(enterprise, 'personnel', person(value));
      expect(refused.json()).toMatchObject({ code: 400, message, data: { id_number: message } });
    }
  });

  it('registers a person with one enterprise at a time', async () => {
    const id = idNumber('311');
    const saved = await save(enterprise, 'personnel', person(id.toLowerCase()));
    expect(saved.json().code).toBe(200);
    const again = await save(enterprise, 'personnel', person(id));
    expect(again.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.personDuplicate });
    // Saving the record itself again is no duplicate; the number is kept upper-case.
    const resaved = await post('/ks/monitor/save', enterprise.headers, {
      ...ref('personnel'),
      id: saved.json().data.id,
      version: saved.json().data.version,
      values: { ...person(id), certificate_no: '苏1322011201899999' },
    });
    expect(resaved.json().code).toBe(200);
    // Once the first enterprise deletes it, the person may register elsewhere.
    const query = new URLSearchParams({
      ...ref('personnel'),
      id: saved.json().data.id,
      version: String(resaved.json().data.version),
    });
    const removed = await getApp().inject({
      method: 'DELETE',
      url: `/ks/monitor/delete?${query.toString()}`,
      headers: enterprise.headers,
    });
    expect(removed.json().code).toBe(200);
    expect((await save(other, 'personnel', person(id))).json().code).toBe(200);
  });

  it('lists an enterprise its own registered personnel, masked, and administrators everyone’s', async () => {
    const mine = idNumber('321');
    expect((await save(enterprise, 'personnel', { ...person(mine), person_name: '钱多' })).json().code).toBe(
      200,
    );
    const own = (await get('/ks/basic/personnel', enterprise.headers)).json().data;
    expect(own.records).toEqual([
      expect.objectContaining({
        personName: '钱多',
        idNumber: `${mine.slice(0, 6)}********${mine.slice(-4)}`,
        enterpriseUserId: enterprise.id,
        status: 'draft',
        registrationType: '一级注册建造师',
      }),
    ]);
    const all = (await get('/ks/basic/personnel?pageSize=50', admin.headers)).json().data;
    expect(all.records.map((row: { enterpriseUserId: string }) => row.enterpriseUserId).sort()).toEqual(
      [enterprise.id, other.id].sort(),
    );
    const searched = (
      await get(`/ks/basic/personnel?keyword=${encodeURIComponent('钱')}`, admin.headers)
    ).json().data;
    expect(searched.total).toBe(1);
    expect((await get('/ks/basic/personnel', personnel.headers)).statusCode).toBe(403);
    expect((await get('/ks/basic/personnel', developer.headers)).statusCode).toBe(403);
  });
});

describe('GET /ks/basic/enterprise/info', () => {
  let passedId: string;
  let pendingId: string;
  beforeAll(async () => {
    passedId = await item(enterprise, 'qualification', QUALIFICATION, 'approved', MARKET_ANNEX.qualification);
    pendingId = await item(
      enterprise,
      'qualification',
      { ...QUALIFICATION, qualification_name: '市政公用工程施工总承包', certificate_no: 'D233099999' },
      'submitted',
      MARKET_ANNEX.qualification,
    );
  });

  it('gives an enterprise its own parts with every record and its audit state', async () => {
    const response = await get('/ks/basic/enterprise/info', enterprise.headers);
    expect(response.statusCode).toBe(200);
    const info = response.json().data as CompanyInfo;
    expect(info.enterprise.userId).toBe(enterprise.id);
    expect(info.parts.map((part) => part.part)).toEqual([...MARKET_PARTS]);
    const qualification = info.parts.find((part) => part.part === 'qualification');
    expect(qualification?.columns.map((column) => column.code)).toEqual([
      'qualification_name',
      'qualification_level',
      'certificate_no',
      'expiry_date',
    ]);
    expect(qualification?.records.map((record) => [record.id, record.status])).toEqual([
      [passedId, 'approved'],
      [pendingId, 'submitted'],
    ]);
    expect(qualification?.records[0]?.values.qualification_name).toBe('建筑工程施工总承包');
  });

  it('refuses an enterprise another enterprise’s information', async () => {
    const response = await get(`/ks/basic/enterprise/info?id=${enterprise.id}`, other.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MARKET_MESSAGES.ownOnly);
  });

  it('gives administrators any enterprise’s, and asks them to choose one', async () => {
    const response = await get(`/ks/basic/enterprise/info?id=${enterprise.id}`, admin.headers);
    expect(response.json().data.enterprise.userId).toBe(enterprise.id);
    const none = await get('/ks/basic/enterprise/info', admin.headers);
    expect(none.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.enterpriseRequired });
    const notEnterprise = await get(`/ks/basic/enterprise/info?id=${personnel.id}`, admin.headers);
    expect(notEnterprise.json()).toMatchObject({ code: 404, message: MARKET_MESSAGES.notEnterprise });
  });

  it('refuses personnel and developers', async () => {
    expect((await get('/ks/basic/enterprise/info', personnel.headers)).statusCode).toBe(403);
    expect((await get('/ks/basic/enterprise/info', developer.headers)).statusCode).toBe(403);
    expect((await get('/ks/basic/enterprise/info')).statusCode).toBe(401);
  });
});

describe('GET /ks/basic/enterprises', () => {
  it('lists enterprises for administrators, searched by name or credit code', async () => {
    const [row] = await getApp().db.select().from(users).where(eq(users.id, other.id));
    const listed = await get(`/ks/basic/enterprises?keyword=${encodeURIComponent('宏建')}`, admin.headers);
    // The keyword matches the enterprise row's name, not the basic-information record's.
    expect(listed.json().data.records).toEqual([]);
    const all = (await get('/ks/basic/enterprises?pageSize=100', admin.headers)).json().data;
    expect(all.records.map((one: { userId: string }) => one.userId)).toEqual(
      expect.arrayContaining([enterprise.id, other.id]),
    );
    expect(all.records.some((one: { userId: string }) => one.userId === row?.id)).toBe(true);
    expect(all.records.some((one: { userId: string }) => one.userId === personnel.id)).toBe(false);
  });

  it('is the administrators’ alone', async () => {
    for (const who of [enterprise, personnel, developer])
      expect((await get('/ks/basic/enterprises', who.headers)).statusCode).toBe(403);
  });
});

describe('the branches', () => {
  let branchId: string;
  beforeAll(async () => {
    branchId = await item(enterprise, 'branch', BRANCH, 'approved');
    await item(enterprise, 'branch', { ...BRANCH, branch_name: '温州分公司' }, 'submitted');
  });

  for (const url of ['/ks/basic/enterprise/branches', '/ks/basic/v1/enterprise/branches']) {
    it(`${url}: the enterprise’s passed branches, to itself and administrators`, async () => {
      const own = await get(url, enterprise.headers);
      expect(own.json().data).toEqual([
        { id: branchId, name: '宁波分公司', address: BRANCH.address, principal: '王建国', tel: BRANCH.tel },
      ]);
      const byId = await get(`${url}?id=${enterprise.id}`, enterprise.headers);
      expect(byId.json().data).toHaveLength(1);
      expect((await get(`${url}?id=${enterprise.id}`, admin.headers)).json().data).toHaveLength(1);
    });

    it(`${url}: refused to another enterprise, personnel and developers`, async () => {
      expect((await get(`${url}?id=${enterprise.id}`, other.headers)).statusCode).toBe(403);
      expect((await get(`${url}?id=${enterprise.id}`, personnel.headers)).statusCode).toBe(403);
      expect((await get(`${url}?id=${enterprise.id}`, developer.headers)).statusCode).toBe(403);
      const bad = await get(`${url}?id=not-a-uuid`, admin.headers);
      expect(bad.json()).toMatchObject({ code: 400, message: '企业不存在' });
    });
  }
});

describe('POST /ks/basic/contacts', () => {
  let contactId: string;
  beforeAll(async () => {
    contactId = await item(enterprise, 'contact', CONTACT, 'approved');
    await item(enterprise, 'contact', { ...CONTACT, ry_name: '赵强' }, 'draft');
  });

  it('answers status 200 with the passed contact persons', async () => {
    const response = await post('/ks/basic/contacts', enterprise.headers, {});
    expect(response.json()).toEqual({
      status: 200,
      result: [
        {
          id: contactId,
          ry_name: '李敏',
          tel: '13857112345',
          position: '投标经理',
          email: 'limin@example.com',
        },
      ],
    });
    const byAdmin = await post('/ks/basic/contacts', admin.headers, {
      id: enterprise.id,
      qyType: '施工企业',
    });
    expect(byAdmin.json().result).toHaveLength(1);
    const otherType = await post('/ks/basic/contacts', admin.headers, {
      id: enterprise.id,
      qyType: '监理企业',
    });
    expect(otherType.json()).toEqual({ status: 200, result: [] });
  });

  it('is refused to another enterprise, personnel and developers', async () => {
    expect((await post('/ks/basic/contacts', other.headers, { id: enterprise.id })).statusCode).toBe(403);
    expect((await post('/ks/basic/contacts', personnel.headers, { id: enterprise.id })).statusCode).toBe(403);
    expect((await post('/ks/basic/contacts', developer.headers, { id: enterprise.id })).statusCode).toBe(403);
  });
});

describe('POST /ks/individual/practice-area', () => {
  it('gives the caller’s practice status per region as stored now', async () => {
    const response = await post('/ks/individual/practice-area', personnel.headers, {});
    expect(response.json().data).toEqual([
      { region: '江苏省', status: 2, reason: '' },
      { region: '浙江省', status: 1, reason: '注册证书即将到期' },
    ]);
    await getApp()
      .db.update(users)
      .set({ practicingStatus: [{ region: '江苏省', status: 0, reason: '注册信息待核验' }] })
      .where(eq(users.id, personnel.id));
    expect((await post('/ks/individual/practice-area', personnel.headers, {})).json().data).toEqual([
      { region: '江苏省', status: 0, reason: '注册信息待核验' },
    ]);
  });

  it('gives other roles their own (empty) status and needs a session', async () => {
    expect((await post('/ks/individual/practice-area', enterprise.headers, {})).json().data).toEqual([]);
    expect((await post('/ks/individual/practice-area', {}, {})).statusCode).toBe(401);
  });
});
