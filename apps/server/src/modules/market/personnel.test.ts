import {
  type Certificate,
  ID_NUMBER_MESSAGES,
  MARKET_MESSAGES,
  MARKET_PATHS,
  type ManagedPerson,
  RECORD_CHANGE_PATHS,
  type RegisteredPerson,
  type Transfer,
} from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createActor, type TestActor, type TestUser, useTestApp } from '../../../test/helper.ts';
import {
  marketRef,
  personValues,
  proveIdNumber,
  registerPerson,
  testIdNumber,
} from '../../../test/market-registrations.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { operationLogs, users } from '../../db/schema/identity.ts';
import { marketCertificates } from '../../db/schema/market.ts';
import { notifyDeliveries, notifyMessages } from '../../db/schema/notify.ts';
import { tableRef } from '../../engine/node-tables.ts';
import { resolveNode } from '../../engine/record-store.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';

/** Decision 0059: several certificates per registration, and transfers between enterprises. */

const getApp = useTestApp();
type Actor = TestActor;
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => getApp().inject({ method, url, headers, ...(payload ? { payload } : {}) });
let sequence = 100;
/** A fresh valid ID number for each person of this file. */
const nextIdNumber = () => testIdNumber(String(sequence++));

let admin: Actor;
let enterpriseA: Actor;
let enterpriseB: Actor;
let enterpriseC: Actor;
let personnel: Actor;
let developer: Actor;

beforeAll(async () => {
  admin = await actor('M');
  [enterpriseA, enterpriseB, enterpriseC, personnel, developer] = await Promise.all([
    actor('U'),
    actor('U'),
    actor('U'),
    actor('P'),
    actor('D'),
  ]);
  await ensureProvidedSystems(getApp().db, getApp().engine);
});

const register = (owner: Actor, values: Record<string, unknown>, pass = true) =>
  registerPerson(getApp(), owner, admin, values, pass);

const certificate = (personId: string, overrides: Record<string, unknown> = {}) => ({
  personId,
  registrationType: '一级注册建造师',
  specialty: '市政公用工程',
  certificateNo: `市${crypto.randomUUID().slice(0, 8)}`,
  region: '江苏省',
  issueDate: '2024-07-01',
  expiryDate: '2029-06-30',
  ...overrides,
});

const addCertificate = (who: Actor, body: object) =>
  call('POST', MARKET_PATHS.certificates, who.headers, body);

async function personnelOf(who: Actor, keyword: string): Promise<RegisteredPerson[]> {
  const list = await call('GET', `/ks/basic/personnel?keyword=${encodeURIComponent(keyword)}`, who.headers);
  expect(list.json().code).toBe(200);
  return list.json().data.records;
}

describe('certificates of a registration', () => {
  it('lets the enterprise add a second certificate, shown after the principal one everywhere', async () => {
    const id = nextIdNumber();
    const personId = await register(enterpriseA, personValues(id, '钱多证'));
    const added = await addCertificate(enterpriseA, certificate(personId, { certificateNo: '苏市政0001' }));
    expect(added.json()).toMatchObject({ code: 200, data: { specialty: '市政公用工程', version: 1 } });

    const [own] = await personnelOf(enterpriseA, '钱多证');
    expect(own?.certificates.map((c: Certificate) => [c.id === null, c.specialty, c.certificateNo])).toEqual([
      [true, '建筑工程', `苏${id.slice(-8)}`],
      [false, '市政公用工程', '苏市政0001'],
    ]);
    // The keyword finds a person by a further certificate's number too.
    expect((await personnelOf(enterpriseA, '苏市政0001')).map((p) => p.id)).toEqual([personId]);

    const detail = await call('GET', `${MARKET_PATHS.managedPerson}?id=${personId}`, admin.headers);
    expect((detail.json().data as ManagedPerson).certificates).toHaveLength(2);
    const bySpecialty = await call(
      'GET',
      `${MARKET_PATHS.managedPersonnel}?specialty=${encodeURIComponent('市政公用工程')}&idNumber=${id}`,
      admin.headers,
    );
    expect(bySpecialty.json().data.total).toBe(1);

    const exported = await call('POST', MARKET_PATHS.personnelExport, admin.headers, { idNumber: id });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as string[]).indexOf('全部注册证书');
    expect(header).toBeGreaterThan(0);
    expect(String(sheet.getRow(2).getCell(header).value)).toContain(
      '市政公用工程 苏市政0001（江苏省，有效期至2029-06-30）',
    );

    const [log] = await getApp()
      .db.select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, personId), eq(operationLogs.action, '新增注册证书')));
    expect(log?.userId).toBe(enterpriseA.id);
  });

  it('edits over the version read and refuses a stale edit', async () => {
    const personId = await register(enterpriseA, personValues(nextIdNumber(), '钱改证'));
    const added = (await addCertificate(enterpriseA, certificate(personId))).json().data as Certificate;
    const body = { ...certificate(personId), id: added.id, version: added.version, region: '浙江省' };
    const { personId: _p, ...update } = body;
    const edited = await call('PUT', MARKET_PATHS.certificates, enterpriseA.headers, update);
    expect(edited.json()).toMatchObject({ code: 200, data: { region: '浙江省', version: 2 } });
    const stale = await call('PUT', MARKET_PATHS.certificates, enterpriseA.headers, update);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MARKET_MESSAGES.staleCertificate);
  });

  it('removes softly: the row stays, the lists drop it', async () => {
    const personId = await register(enterpriseA, personValues(nextIdNumber(), '钱删证'));
    const added = (await addCertificate(enterpriseA, certificate(personId))).json().data as Certificate;
    const stale = await call(
      'DELETE',
      `${MARKET_PATHS.certificates}?id=${added.id}&version=${added.version + 1}`,
      enterpriseA.headers,
    );
    expect(stale.statusCode).toBe(409);
    const removed = await call(
      'DELETE',
      `${MARKET_PATHS.certificates}?id=${added.id}&version=${added.version}`,
      enterpriseA.headers,
    );
    expect(removed.json().code).toBe(200);
    const list = await call('GET', `${MARKET_PATHS.certificates}?personId=${personId}`, enterpriseA.headers);
    expect(list.json().data).toEqual([]);
    const [row] = await getApp()
      .db.select()
      .from(marketCertificates)
      .where(eq(marketCertificates.id, added.id as string));
    expect(row?.deletedAt).not.toBeNull();
    const again = await call(
      'DELETE',
      `${MARKET_PATHS.certificates}?id=${added.id}&version=${added.version + 1}`,
      enterpriseA.headers,
    );
    expect(again.json().message).toBe(MARKET_MESSAGES.certificateNotFound);
  });

  it('refuses bad certificates and changes nothing', async () => {
    const id = nextIdNumber();
    const personId = await register(enterpriseA, personValues(id, '钱错证'));
    const refused = async (body: object, message: string) => {
      const answer = await addCertificate(enterpriseA, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(message);
    };
    await refused(
      certificate(personId, { issueDate: '2025-01-01', expiryDate: '2024-12-31' }),
      MARKET_MESSAGES.certificateExpiryBeforeIssue,
    );
    // The registration's own certificate already is 一级注册建造师 in 建筑工程.
    await refused(certificate(personId, { specialty: '建筑工程' }), MARKET_MESSAGES.certificateTwice);
    // Another registration's principal certificate number in the same specialty.
    const otherId = nextIdNumber();
    await register(enterpriseB, personValues(otherId, '钱他人'));
    await refused(
      certificate(personId, {
        certificateNo: `苏${otherId.slice(-8)}`,
        registrationType: '二级注册建造师',
        specialty: '建筑工程',
      }),
      MARKET_MESSAGES.certificateTaken,
    );
    const taken = certificate(personId, { certificateNo: '苏重复0001' });
    expect((await addCertificate(enterpriseA, taken)).json().code).toBe(200);
    await refused({ ...taken, registrationType: '注册安全工程师' }, MARKET_MESSAGES.certificateTaken);
    // The engine's own form refuses a principal certificate number already held as a further one.
    const saved = await call('POST', '/ks/monitor/save', enterpriseC.headers, {
      ...marketRef('personnel'),
      values: {
        ...personValues(nextIdNumber(), '钱撞号'),
        certificate_no: '苏重复0001',
        specialty: '市政公用工程',
      },
    });
    expect(saved.json().message).toBe(MARKET_MESSAGES.certificateTaken);
    await refused({ ...certificate(personId), region: '火星' }, '请选择注册地区');
    const list = await call('GET', `${MARKET_PATHS.certificates}?personId=${personId}`, enterpriseA.headers);
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses a change request that gives a registration a number already held', async () => {
    const first = nextIdNumber();
    await register(enterpriseA, personValues(first, '钱原号'));
    const second = nextIdNumber();
    const secondId = await register(enterpriseA, personValues(second, '钱改号'));
    const [file] = await getApp()
      .db.insert(storedFiles)
      .values({
        storageKey: `k-${crypto.randomUUID()}`,
        fileName: '变更说明.pdf',
        mimeType: 'application/pdf',
        size: 10,
        md5: crypto.randomUUID(),
        ownerUserId: enterpriseA.id,
        visibility: 'owner',
      })
      .returning();
    const ref = marketRef('personnel');
    const saved = await call('POST', RECORD_CHANGE_PATHS.save, enterpriseA.headers, {
      ...ref,
      businessId: secondId,
      changeType: '注册人员/注册证书编号',
      changeTypeCode: 'g1/certificate_no',
      logbook: '证书编号录入有误',
      contact: { ry_name: '刘晓燕', tel: '13912345678' },
      dataList: [{ changeField: 'certificate_no', newValue: `苏${first.slice(-8)}` }],
      fileList: [{ fileId: file?.id, url: `/ks/file/v1/files/${file?.id}`, annexName: '变更说明.pdf' }],
    });
    expect(saved.json(), saved.body).toMatchObject({ code: 200 });
    const submitted = await call('POST', RECORD_CHANGE_PATHS.submit, enterpriseA.headers, {
      ...ref,
      id: saved.json().data.id,
      version: saved.json().data.version,
      confirmed: true,
    });
    expect(submitted.json(), submitted.body).toMatchObject({ code: 200 });
    const passed = await call('POST', RECORD_CHANGE_PATHS.review, admin.headers, {
      ...ref,
      id: submitted.json().data.id,
      version: submitted.json().data.version,
      pass: true,
      auditRecord: '',
    });
    expect(passed.json().message).toBe(MARKET_MESSAGES.certificateTaken);
    const [still] = await personnelOf(enterpriseA, '钱改号');
    expect(still?.certificateNo).toBe(`苏${second.slice(-8)}`);
  });

  it('is kept only by the registration’s enterprise and administrators', async () => {
    const personId = await register(enterpriseA, personValues(nextIdNumber(), '钱权限'));
    const other = await addCertificate(enterpriseB, certificate(personId));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MARKET_MESSAGES.certificatesOwnOnly);
    expect(
      (await call('GET', `${MARKET_PATHS.certificates}?personId=${personId}`, enterpriseB.headers))
        .statusCode,
    ).toBe(403);
    for (const who of [personnel, developer])
      expect((await addCertificate(who, certificate(personId))).statusCode).toBe(403);
    expect((await call('POST', MARKET_PATHS.certificates, {}, certificate(personId))).statusCode).toBe(401);
    const byAdmin = await addCertificate(admin, certificate(personId));
    expect(byAdmin.json().code).toBe(200);
    const missing = await addCertificate(admin, certificate(crypto.randomUUID()));
    expect(missing.json().message).toBe(MARKET_MESSAGES.personNotFound);
  });
});

const requestTransfer = (who: Actor, idNumber: string, reason = '项目需要') =>
  call('POST', MARKET_PATHS.transfers, who.headers, { idNumber, reason });
const transfersOf = async (who: Actor, open = false): Promise<Transfer[]> =>
  (await call('GET', `${MARKET_PATHS.transfers}${open ? '?open=true' : ''}`, who.headers)).json().data;

describe('transfers between enterprises (转注册)', () => {
  it('moves a registration from A to B: asked, released, approved in one transaction', async () => {
    const id = nextIdNumber();
    const account = await actor('P');
    const oldId = await register(enterpriseA, personValues(id, '李转移'));
    await addCertificate(enterpriseA, certificate(oldId, { certificateNo: '苏转移0001' }));
    const practice = await call('PUT', MARKET_PATHS.practice, admin.headers, {
      id: oldId,
      version: 0,
      areas: [{ region: '江苏省', status: 2, reason: '' }],
    });
    expect(practice.json().code).toBe(200);
    await proveIdNumber(getApp(), admin, account, id);

    const asked = await requestTransfer(enterpriseB, id);
    // B sees only what it typed until A lets the person go.
    expect(asked.json()).toMatchObject({
      code: 200,
      data: { status: 'pending', personName: '', fromEnterpriseName: '', fromUserId: null },
    });
    const transfer = asked.json().data as Transfer;
    expect(transfer.idNumber).not.toContain(id.slice(6, 14));

    // A is told, and sees it among its open transfers; so do the person and the administrators.
    const told = await getApp()
      .db.select({ title: notifyMessages.title })
      .from(notifyDeliveries)
      .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
      .where(eq(notifyDeliveries.userId, enterpriseA.id));
    expect(told.map((one) => one.title)).toContain('转注册申请');
    for (const who of [enterpriseA, enterpriseB, account, admin])
      expect((await transfersOf(who, true)).map((t) => t.id)).toContain(transfer.id);
    // Each caller is told its part (the buttons follow it): A leaves, B asks, others neither.
    const sideOf = async (who: Actor) =>
      (await transfersOf(who, true)).find((t) => t.id === transfer.id)?.side;
    expect([await sideOf(enterpriseA), await sideOf(enterpriseB), await sideOf(admin)]).toEqual([
      'from',
      'to',
      null,
    ]);
    // And what it may do now, by the same rules the calls check (the web shows exactly these).
    const actionsOf = async (who: Actor) =>
      (await transfersOf(who, true)).find((t) => t.id === transfer.id)?.actions;
    expect([
      await actionsOf(enterpriseA),
      await actionsOf(enterpriseB),
      await actionsOf(admin),
      await actionsOf(account),
    ]).toEqual([['release', 'refuse'], ['withdraw'], ['decide'], []]);
    expect((await transfersOf(enterpriseC)).map((t) => t.id)).not.toContain(transfer.id);
    expect((await transfersOf(personnel)).map((t) => t.id)).not.toContain(transfer.id);

    const released = await call('PUT', MARKET_PATHS.transferRelease, enterpriseA.headers, {
      id: transfer.id,
      version: transfer.version,
    });
    expect(released.json()).toMatchObject({ code: 200, data: { status: 'released' } });
    // Released, A has nothing left to do; B may still withdraw until an administrator decides.
    expect([await actionsOf(enterpriseA), await actionsOf(enterpriseB), await actionsOf(admin)]).toEqual([
      [],
      ['withdraw'],
      ['decide'],
    ]);
    const revealed = (await transfersOf(enterpriseB, true)).find((t) => t.id === transfer.id);
    expect(revealed).toMatchObject({ personName: '李转移', fromUserId: enterpriseA.id });
    const stale = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: transfer.id,
      version: transfer.version,
      result: 'approve',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MARKET_MESSAGES.staleTransfer);
    const approved = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: transfer.id,
      version: transfer.version + 1,
      result: 'approve',
      advice: '材料齐全，同意转入',
    });
    expect(approved.json()).toMatchObject({ code: 200, data: { status: 'approved' } });

    // The registration is B's now, passed, with its certificates and practice status; A's is gone.
    expect(await personnelOf(enterpriseA, '李转移')).toEqual([]);
    const [moved] = await personnelOf(enterpriseB, '李转移');
    expect(moved).toMatchObject({ status: 'approved', enterpriseUserId: enterpriseB.id, own: true });
    expect((await personnelOf(admin, '李转移')).map((p) => p.own)).toEqual([false]);
    expect(moved?.id).not.toBe(oldId);
    expect(moved?.certificates.map((c) => c.certificateNo)).toContain('苏转移0001');
    const detail = (await call('GET', `${MARKET_PATHS.managedPerson}?id=${moved?.id}`, admin.headers)).json()
      .data as ManagedPerson;
    expect(detail.practiceDetails).toEqual([{ region: '江苏省', status: 2, reason: '' }]);
    const [linked] = await getApp()
      .db.select({ practicingStatus: users.practicingStatus })
      .from(users)
      .where(eq(users.id, account.id));
    expect(linked?.practicingStatus).toEqual([{ region: '江苏省', status: 2, reason: '' }]);
    const logged = await getApp()
      .db.select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.targetId, transfer.id));
    expect(logged.map((one) => one.action).sort()).toEqual(['同意转出', '批准转注册', '申请转注册'].sort());
    // Back to A is again a transfer; B asking again is refused as already its own.
    expect((await requestTransfer(enterpriseB, id)).json().message).toBe(MARKET_MESSAGES.transferAlreadyOurs);
    const back = await requestTransfer(enterpriseA, id);
    expect(back.json()).toMatchObject({ code: 200, data: { status: 'pending' } });
  });

  it('answers a registration alike whether or not another enterprise holds the number', async () => {
    const held = nextIdNumber();
    const heldId = await register(enterpriseA, personValues(held, '周在册'));
    const unknown = nextIdNumber();
    // B types each number with a certificate of its own (a taken certificate number is its own check).
    const saveAsB = (id: string) =>
      call('POST', '/ks/monitor/save', enterpriseB.headers, {
        ...marketRef('personnel'),
        values: { ...personValues(id, '周在册'), certificate_no: `浙${id.slice(-8)}` },
      });
    const heldAnswer = await saveAsB(held);
    const unknownAnswer = await saveAsB(unknown);
    // Everything but the new record's own ids: code, message, the fields returned, status, version.
    const shape = (answer: typeof heldAnswer) => {
      const body = answer.json() as { code: number; message: string; data: Record<string, unknown> };
      return {
        statusCode: answer.statusCode,
        code: body.code,
        message: body.message,
        keys: Object.keys(body.data).sort(),
        status: body.data.status,
        version: body.data.version,
      };
    };
    expect(shape(heldAnswer)).toMatchObject({ statusCode: 200, code: 200 });
    expect(shape(heldAnswer)).toEqual(shape(unknownAnswer));
    // Twice with B is still refused: B knows its own registrations.
    const twice = await saveAsB(held);
    expect(twice.json().message).toBe(MARKET_MESSAGES.personDuplicate);

    // The administrator's pass meets the other registration: refused, rolled back, A's untouched.
    const heldByB = heldAnswer.json().data.id as string;
    const ref = marketRef('personnel');
    const form = multipart(
      { ...ref, fileType: 'pdf', fileNo: 'registration_cert' },
      { name: '证书.pdf', content: PDF },
    );
    const uploaded = await getApp().inject({
      method: 'POST',
      url: '/ks/common/common/upload/annex',
      headers: { ...enterpriseB.headers, ...form.headers },
      payload: form.payload,
    });
    await call('POST', '/ks/common/common/attachment/save', enterpriseB.headers, {
      ...ref,
      id: heldByB,
      fileList: [
        { fileId: uploaded.json().data.fileId, fileNo: 'registration_cert', fileOperationType: 'add' },
      ],
    });
    const submitted = await call('POST', '/ks/monitor/submit', enterpriseB.headers, { ...ref, id: heldByB });
    expect(submitted.json()).toMatchObject({ code: 200 });
    const passed = await call('POST', '/ks/monitor/audit', admin.headers, {
      ...ref,
      id: heldByB,
      result: 'pass',
      advice: '同意',
    });
    expect(passed.json().message).toBe(MARKET_MESSAGES.personElsewhere);
    expect((await personnelOf(enterpriseA, '周在册')).map((p) => [p.id, p.status])).toEqual([
      [heldId, 'approved'],
    ]);
    expect((await personnelOf(enterpriseB, '周在册')).map((p) => p.status)).not.toContain('approved');
  });

  it('lets an administrator approve without the release, or reject and move nothing', async () => {
    const id = nextIdNumber();
    const oldId = await register(enterpriseA, personValues(id, '李驳回'));
    const asked = (await requestTransfer(enterpriseC, id)).json().data as Transfer;
    const rejected = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: asked.id,
      version: asked.version,
      result: 'reject',
      advice: '原企业不同意',
    });
    expect(rejected.json()).toMatchObject({
      code: 200,
      data: { status: 'rejected', advice: '原企业不同意' },
    });
    expect((await personnelOf(enterpriseA, '李驳回')).map((p) => p.id)).toEqual([oldId]);
    const twice = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: asked.id,
      version: asked.version + 1,
      result: 'approve',
    });
    expect(twice.json().message).toBe(MARKET_MESSAGES.transferNotPending);

    const again = (await requestTransfer(enterpriseC, id)).json().data as Transfer;
    const approved = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: again.id,
      version: again.version,
      result: 'approve',
    });
    expect(approved.json().data.status).toBe('approved');
    expect((await personnelOf(enterpriseC, '李驳回'))[0]?.enterpriseUserId).toBe(enterpriseC.id);
  });

  it('refuses only what the asker knows: its own registration, its own open request, a bad number', async () => {
    const refused = async (who: Actor, idNumber: string, message: string) => {
      const answer = await requestTransfer(who, idNumber);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(message);
    };
    const own = nextIdNumber();
    await register(enterpriseB, personValues(own, '李本企'));
    await refused(enterpriseB, own, MARKET_MESSAGES.transferAlreadyOurs);
    const busy = nextIdNumber();
    await register(enterpriseA, personValues(busy, '李占用'));
    expect((await requestTransfer(enterpriseB, busy)).json().code).toBe(200);
    await refused(enterpriseB, busy, MARKET_MESSAGES.transferOpen);
    // Another enterprise's open request tells nothing: C is accepted too.
    expect((await requestTransfer(enterpriseC, busy)).json().code).toBe(200);
    const bad = testIdNumber('999');
    await refused(
      enterpriseB,
      `${bad.slice(0, 17)}${bad.endsWith('0') ? '1' : '0'}`,
      ID_NUMBER_MESSAGES.checkDigit,
    );
  });

  it('lets only B ask, only A release and only administrators decide', async () => {
    const id = nextIdNumber();
    await register(enterpriseA, personValues(id, '李角色'));
    for (const who of [admin, personnel, developer])
      expect((await requestTransfer(who, id)).statusCode).toBe(403);
    expect((await call('POST', MARKET_PATHS.transfers, {}, { idNumber: id })).statusCode).toBe(401);
    const transfer = (await requestTransfer(enterpriseB, id)).json().data as Transfer;
    const release = (who: Actor) =>
      call('PUT', MARKET_PATHS.transferRelease, who.headers, { id: transfer.id, version: transfer.version });
    for (const who of [enterpriseB, enterpriseC]) {
      const answer = await release(who);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(MARKET_MESSAGES.transferReleaseOwnOnly);
    }
    for (const who of [admin, personnel, developer]) expect((await release(who)).statusCode).toBe(403);
    const decide = (who: Actor) =>
      call('PUT', MARKET_PATHS.transferDecide, who.headers, {
        id: transfer.id,
        version: transfer.version,
        result: 'approve',
      });
    for (const who of [enterpriseA, enterpriseB, personnel, developer])
      expect((await decide(who)).statusCode).toBe(403);
    expect((await call('GET', MARKET_PATHS.transfers, developer.headers)).statusCode).toBe(403);
    const missing = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: crypto.randomUUID(),
      version: 1,
      result: 'approve',
    });
    expect(missing.json().message).toBe(MARKET_MESSAGES.transferNotFound);
  });

  it('lets A refuse with a reason (still open for the administrator) and B withdraw', async () => {
    const id = nextIdNumber();
    await register(enterpriseA, personValues(id, '李不同意'));
    const asked = (await requestTransfer(enterpriseB, id)).json().data as Transfer;
    const refuse = (who: Actor, body: object) =>
      call('PUT', MARKET_PATHS.transferRefuse, who.headers, {
        id: asked.id,
        version: asked.version,
        ...body,
      });

    // Only A refuses, and only with a reason; nothing changes on a refusal of the call.
    for (const who of [enterpriseB, enterpriseC]) {
      const answer = await refuse(who, { refusal: '合同未到期' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(MARKET_MESSAGES.transferRefuseOwnOnly);
    }
    for (const who of [admin, personnel, developer])
      expect((await refuse(who, { refusal: '合同未到期' })).statusCode).toBe(403);
    for (const refusal of [undefined, '   ']) {
      const answer = await refuse(enterpriseA, refusal === undefined ? {} : { refusal });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(MARKET_MESSAGES.transferRefusalMissing);
    }
    expect((await refuse(enterpriseA, { refusal: '合'.repeat(201) })).statusCode).toBe(400);
    expect((await transfersOf(admin, true)).find((t) => t.id === asked.id)?.status).toBe('pending');

    const refused = await refuse(enterpriseA, { refusal: ' 合同未到期 ' });
    expect(refused.json()).toMatchObject({
      code: 200,
      data: { status: 'refused', refusal: '合同未到期', version: asked.version + 1 },
    });
    expect(refused.json().data.refusedAt).not.toBeNull();
    // B is told why (not who or where); the transfer is still open, so B cannot ask again meanwhile.
    const told = await getApp()
      .db.select({ text: notifyMessages.messages })
      .from(notifyDeliveries)
      .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
      .where(eq(notifyDeliveries.userId, enterpriseB.id));
    expect(told.map((one) => one.text).join('\n')).toContain('理由：合同未到期');
    expect(told.map((one) => one.text).join('\n')).not.toContain('李不同意');
    expect((await requestTransfer(enterpriseB, id)).json().message).toBe(MARKET_MESSAGES.transferOpen);
    expect((await refuse(enterpriseA, { refusal: '再次' })).statusCode).toBe(409);

    // Only B withdraws; then the transfer is closed for everyone.
    const withdraw = (who: Actor, version = asked.version + 1) =>
      call('PUT', MARKET_PATHS.transferWithdraw, who.headers, { id: asked.id, version });
    for (const who of [enterpriseA, enterpriseC]) {
      const answer = await withdraw(who);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(MARKET_MESSAGES.transferWithdrawOwnOnly);
    }
    for (const who of [admin, personnel, developer]) expect((await withdraw(who)).statusCode).toBe(403);
    expect((await withdraw(enterpriseB, asked.version)).statusCode).toBe(409);
    const withdrawn = await withdraw(enterpriseB);
    expect(withdrawn.json()).toMatchObject({ code: 200, data: { status: 'withdrawn' } });
    expect((await transfersOf(admin, true)).map((t) => t.id)).not.toContain(asked.id);
    const decide = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: asked.id,
      version: asked.version + 2,
      result: 'approve',
    });
    expect(decide.json().message).toBe(MARKET_MESSAGES.transferNotPending);
    expect((await withdraw(enterpriseB, asked.version + 2)).json().message).toBe(
      MARKET_MESSAGES.transferNotPending,
    );
    const logged = await getApp()
      .db.select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.targetId, asked.id));
    expect(logged.map((one) => one.action).sort()).toEqual(
      ['不同意转出', '撤回转注册申请', '申请转注册'].sort(),
    );
    // A's registration stayed; the person may be asked for again.
    expect((await requestTransfer(enterpriseC, id)).json()).toMatchObject({
      code: 200,
      data: { status: 'pending' },
    });
  });

  it('lets an administrator approve over A’s refusal, and A relent', async () => {
    const id = nextIdNumber();
    await register(enterpriseA, personValues(id, '李仍转'));
    const asked = (await requestTransfer(enterpriseB, id)).json().data as Transfer;
    await call('PUT', MARKET_PATHS.transferRefuse, enterpriseA.headers, {
      id: asked.id,
      version: asked.version,
      refusal: '尚有在建项目',
    });
    const relented = await call('PUT', MARKET_PATHS.transferRelease, enterpriseA.headers, {
      id: asked.id,
      version: asked.version + 1,
    });
    expect(relented.json()).toMatchObject({
      code: 200,
      data: { status: 'released', refusal: '尚有在建项目' },
    });

    const other = nextIdNumber();
    await register(enterpriseA, personValues(other, '李强转'));
    const second = (await requestTransfer(enterpriseB, other)).json().data as Transfer;
    await call('PUT', MARKET_PATHS.transferRefuse, enterpriseA.headers, {
      id: second.id,
      version: second.version,
      refusal: '尚有在建项目',
    });
    const approved = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: second.id,
      version: second.version + 1,
      result: 'approve',
      advice: '已解除劳动合同',
    });
    expect(approved.json()).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect((await personnelOf(enterpriseB, '李强转'))[0]?.enterpriseUserId).toBe(enterpriseB.id);
  });

  it('refuses to approve once A’s registration is gone', async () => {
    const id = nextIdNumber();
    const oldId = await register(enterpriseA, personValues(id, '李已删'));
    const transfer = (await requestTransfer(enterpriseB, id)).json().data as Transfer;
    // The registration ended some other way meanwhile (an administrator deleted it).
    const ref = marketRef('personnel');
    const node = await resolveNode(getApp().db, ref.systemCoding, ref.gnCoding);
    await getApp().db.execute(
      sql`update ${tableRef(node.tableName)} set deleted_at = now() where id = ${oldId}::uuid`,
    );
    const answer = await call('PUT', MARKET_PATHS.transferDecide, admin.headers, {
      id: transfer.id,
      version: transfer.version,
      result: 'approve',
    });
    expect(answer.json().message).toBe(MARKET_MESSAGES.transferSourceGone);
    expect((await transfersOf(admin, true)).map((t) => t.id)).toContain(transfer.id);
  });
});
