import { randomBytes } from 'node:crypto';
import {
  MARKET_ANNEX,
  MARKET_NODE_OF,
  MARKET_SYSTEM_CODING,
  type MarketPart,
  type WireRecord,
} from '@ks/contract';
import type { DemoSeed } from '../../engine/demo.ts';
import type { SessionUser } from '../../platform/access.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { SmsCodes } from '../../platform/sms-codes.ts';
import { MarketAdminService } from './admin.ts';
import { insertEnterpriseAccount } from './admin-repository.ts';
import { CertificateService } from './certificates.ts';
import { IdentityService } from './identity.ts';
import { TransferService } from './transfers.ts';

/**
 * The administrators' side of the market demo (decision 0053): two more enterprises with their
 * basic information and registered personnel, passed by the administrator — one of them then
 * disabled, so its account cannot log in — practice status per region for the registrations, and
 * the demo personnel account linked by its ID number to 王建华's registration with the demo
 * enterprise — claimed and confirmed by the administrator, as any unproven claim is (decision
 * 0063): its login's practice status is that registration's.
 */

/** The seed proves the demo link by an administrator's confirmation: it sends no text message. */
const NO_SMS: SmsCodes = {
  sendCode: () => Promise.reject(new Error('the demo seed sends no text messages')),
  sendText: () => Promise.reject(new Error('the demo seed sends no text messages')),
  checkCode: () => Promise.reject(new Error('the demo seed checks no codes')),
  consumeCode: () => Promise.reject(new Error('the demo seed checks no codes')),
};

type DemoPerson = { values: WireRecord; areas?: { region: string; status: 0 | 1 | 2; reason: string }[] };
type DemoEnterprise = {
  account: string;
  phone: string;
  userName: string;
  name: string;
  creditCode: string;
  type: string;
  disabled: boolean;
  basic: WireRecord;
  people: DemoPerson[];
};

/** The demo enterprise's registered person (demo-systems/market.ts) the personnel account is. */
export const DEMO_PERSON_ID_NUMBER = '320106198503122013';
const DEMO_PERSON_AREAS = [
  { region: '江苏省', status: 2 as const, reason: '' },
  { region: '浙江省', status: 1 as const, reason: '执业资格证书将于30日内到期，请及时办理延续注册' },
];

/** 王建华's second certificate: 一级注册建造师 in 市政公用工程 as well. */
export const DEMO_SECOND_CERTIFICATE = {
  registrationType: '一级注册建造师',
  specialty: '市政公用工程',
  certificateNo: '苏1322012201600102',
  region: '江苏省',
  issueDate: '2023-07-01',
  expiryDate: '2028-06-30',
} as const;
/** The Hangzhou registration the demo enterprise asks to transfer to itself (顾磊). */
export const DEMO_TRANSFER_ID_NUMBER = '320583199203051611';
/** The Hangzhou registration it asks for too, which Hangzhou refuses (沈佳怡). */
export const DEMO_REFUSED_TRANSFER_ID_NUMBER = '330106199005182423';
export const DEMO_TRANSFER_REFUSAL = '该人员为本企业在监项目总监理工程师，项目竣工验收前不同意转出';

export const DEMO_MORE_ENTERPRISES: readonly DemoEnterprise[] = [
  {
    account: 'demo-hz-supervision',
    phone: '13800000011',
    userName: '杭州演示监理联系人',
    name: '杭州钱江工程监理有限公司（演示数据）',
    creditCode: '91330106MA2K5DM01F',
    type: '监理企业',
    disabled: false,
    basic: {
      enterprise_name: '杭州钱江工程监理有限公司（演示数据）',
      credit_code: '91330106MA2K5DM01F',
      qy_type: '监理企业',
      legal_person: '沈国平',
      registered_capital: 1200,
      established_date: '2011-09-20',
      address: '杭州市西湖区文三路398号',
      business_scope: '房屋建筑工程监理甲级；市政公用工程监理乙级',
    },
    people: [
      {
        values: {
          person_name: '沈佳怡',
          id_number: DEMO_REFUSED_TRANSFER_ID_NUMBER,
          registration_type: '注册监理工程师',
          specialty: '土木建筑工程',
          certificate_no: '33012345',
          registered_region: '浙江省',
          expiry_date: '2029-03-31',
        },
        areas: [
          { region: '浙江省', status: 2, reason: '' },
          { region: '江苏省', status: 2, reason: '' },
        ],
      },
      {
        values: {
          person_name: '顾磊',
          id_number: '320583199203051611',
          registration_type: '注册造价工程师',
          specialty: '安装工程',
          certificate_no: '建[造]13320001234',
          registered_region: '浙江省',
          expiry_date: '2027-12-31',
        },
      },
    ],
  },
  {
    account: 'demo-bj-consulting',
    phone: '13800000012',
    userName: '北京演示咨询联系人',
    name: '北京京西造价咨询有限公司（演示数据，已停用）',
    creditCode: '91110105MA01K5DM2E',
    type: '造价咨询',
    disabled: true,
    basic: {
      enterprise_name: '北京京西造价咨询有限公司（演示数据，已停用）',
      credit_code: '91110105MA01K5DM2E',
      qy_type: '造价咨询',
      legal_person: '韩立新',
      registered_capital: 500,
      established_date: '2015-03-12',
      address: '北京市朝阳区建国路88号',
      business_scope: '工程造价咨询；工程招标代理',
    },
    people: [
      {
        values: {
          person_name: '韩冬',
          id_number: '110105198709210339',
          registration_type: '注册造价工程师',
          specialty: '土木建筑工程',
          certificate_no: '建[造]11110009876',
          registered_region: '北京市',
          expiry_date: '2026-12-31',
        },
        areas: [{ region: '北京市', status: 1, reason: '所在企业已停用，请变更注册单位' }],
      },
    ],
  },
];

export async function seedDemoMarketAdmin({ db, records, actors, ip, userNotices }: DemoSeed): Promise<void> {
  const market = new MarketAdminService(db);
  const certificates = new CertificateService(db);
  const transfers = new TransferService(db, userNotices);

  /** Saves an item as the enterprise, attaches its file, submits it and has the administrator pass it. */
  async function passed(
    owner: SessionUser,
    part: MarketPart,
    values: WireRecord,
    annexNo: string,
    fileName: string,
  ) {
    const ref = { systemCoding: MARKET_SYSTEM_CODING, gnCoding: MARKET_NODE_OF[part] };
    const saved = await records.save(owner, { ...ref, values });
    await records.attach(owner, { ...ref, id: saved.id }, [
      { annexNo, asset: 'demo-enterprise-certificate.pdf', fileName },
    ]);
    await records.submit(owner, { ...ref, id: saved.id, version: saved.version });
    await records.audit(actors.admin, { ...ref, id: saved.id, result: 'pass', advice: '经核实，同意' });
    return saved.id;
  }

  async function setAreas(idNumber: string, areas: DemoPerson['areas'] & object) {
    const found = await market.personnel({ idNumber, pageNum: 1, pageSize: 1 });
    const person = found.records[0];
    if (!person) throw new Error(`demo registration ${idNumber} missing`);
    await market.setPractice(actors.admin, { id: person.id, version: person.practiceVersion, areas }, ip);
  }

  const owners = new Map<string, SessionUser>();
  for (const demo of DEMO_MORE_ENTERPRISES) {
    // Accounts of the demo library only: nobody is told their password.
    const row = await insertEnterpriseAccount(
      db,
      { name: demo.name, creditCode: demo.creditCode, enterpriseType: demo.type },
      {
        userCode: `DEMO_${demo.account.toUpperCase().replaceAll('-', '_')}`,
        account: demo.account,
        phone: demo.phone,
        userName: demo.userName,
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      },
    );
    if (!row) throw new Error(`demo enterprise ${demo.account} not created`);
    const owner: SessionUser = {
      id: row.id,
      userCode: row.userCode,
      userName: row.userName,
      loginRoleType: 'U',
      enterpriseId: row.enterpriseId,
      sessionId: 'seed',
    };
    owners.set(demo.account, owner);
    await passed(owner, 'basic', demo.basic, MARKET_ANNEX.licence, '营业执照副本（演示）.pdf');
    for (const person of demo.people) {
      await passed(owner, 'personnel', person.values, MARKET_ANNEX.personnel, '注册证书（演示）.pdf');
      if (person.areas) await setAreas(String(person.values.id_number), person.areas);
    }
    if (demo.disabled)
      await market.setEnterpriseState(actors.admin, { id: row.id, version: row.version, enabled: false }, ip);
  }

  await setAreas(DEMO_PERSON_ID_NUMBER, DEMO_PERSON_AREAS);
  const identity = new IdentityService(db, NO_SMS, userNotices);
  await identity.claim(actors.personnel, { idNumber: DEMO_PERSON_ID_NUMBER }, ip);
  const claim = (await identity.claims({ status: 'pending' })).find(
    (one) => one.userId === actors.personnel.id,
  );
  if (!claim) throw new Error('demo identity claim missing');
  await identity.decide(actors.admin, { id: claim.id, version: claim.version, result: 'confirm' }, ip);

  // 王建华 is registered in a second specialty too (decision 0059), kept by the demo enterprise.
  const [demoPerson] = (await market.personnel({ idNumber: DEMO_PERSON_ID_NUMBER, pageNum: 1, pageSize: 1 }))
    .records;
  if (!demoPerson) throw new Error('demo registration missing');
  await certificates.create(actors.enterprise, { personId: demoPerson.id, ...DEMO_SECOND_CERTIFICATE }, ip);
  // Two open transfers for the administrators' 业务办理: the demo enterprise asks for 顾磊 (pending)
  // and for 沈佳怡, whom Hangzhou refuses to release (refused, still for the administrators).
  await transfers.request(
    actors.enterprise,
    { idNumber: DEMO_TRANSFER_ID_NUMBER, reason: '拟任本企业安装工程造价负责人，申请转入本企业注册' },
    ip,
  );
  const hangzhou = owners.get(DEMO_MORE_ENTERPRISES[0]?.account ?? '');
  if (!hangzhou) throw new Error('demo Hangzhou enterprise missing');
  const asked = await transfers.request(
    actors.enterprise,
    { idNumber: DEMO_REFUSED_TRANSFER_ID_NUMBER, reason: '拟任本企业监理项目总监，申请转入本企业注册' },
    ip,
  );
  await transfers.refuse(
    hangzhou,
    { id: asked.id, version: asked.version, refusal: DEMO_TRANSFER_REFUSAL },
    ip,
  );
}
