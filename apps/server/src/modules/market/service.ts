import type {
  Branch,
  CompanyInfo,
  CompanyInfoPart,
  Contact,
  ContactListBody,
  EnterpriseListQuery,
  FormItem,
  MarketEnterprise,
  NativeValue,
  PersonnelListQuery,
  PracticingStatus,
  RegisteredPerson,
} from '@ks/contract';
import { MARKET_MESSAGES, maskIdNumber, regionOfCreditCode } from '@ks/contract';
import { asPersonId, asUserId } from '@ks/contract/ids';
import type { Db } from '../../db/client.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { furtherCertificates, principalCertificate } from './certificates.ts';
import {
  enterpriseAccount,
  enterpriseAccounts,
  ownerRecords,
  partNode,
  partNodes,
  personnelRecords,
  practiceDetailsOf,
} from './repository.ts';
import { MARKET_FIELD } from './system.ts';

const text = (value: NativeValue | undefined) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);

/** The node's fields that its list shows, in the list's order (all fields when the list shows none). */
function shownItems(node: ResolvedNode): FormItem[] {
  const byCode = new Map(node.schema.items.map((item) => [item.code, item]));
  const shown = (node.definition.list?.columns ?? [])
    .map((column) => byCode.get(column.code))
    .filter((item): item is FormItem => item !== undefined);
  return shown.length > 0 ? shown : node.schema.items;
}

/** The fields read by code, those still on the node (an administrator may have removed some). */
const itemsNamed = (node: ResolvedNode, codes: readonly string[]) =>
  node.schema.items.filter((item) => codes.includes(item.code));

/**
 * Enterprise information (decision 0051): an enterprise reads its own, administrators any
 * enterprise's; the parts are records of the 企业信息 system's nodes owned by the enterprise account.
 */
export class MarketService {
  constructor(private readonly db: Db) {}

  /** The enterprise a call is about: an enterprise itself, or the one an administrator names. */
  private async target(user: SessionUser, id: string | undefined): Promise<MarketEnterprise> {
    if (user.loginRoleType === 'U' && id && id !== user.id) throw forbidden(MARKET_MESSAGES.ownOnly);
    if (user.loginRoleType === 'M' && !id) throw badRequest(MARKET_MESSAGES.enterpriseRequired);
    if (user.loginRoleType !== 'U' && user.loginRoleType !== 'M') throw forbidden(MARKET_MESSAGES.ownOnly);
    const account = await enterpriseAccount(this.db, user.loginRoleType === 'U' ? user.id : (id as string));
    if (account?.loginRoleType !== 'U') throw notFound(MARKET_MESSAGES.notEnterprise);
    return {
      userId: asUserId(account.userId),
      enterpriseName: account.enterpriseName,
      creditCode: account.creditCode,
      qyType: account.qyType,
      status: account.status,
      region: regionOfCreditCode(account.creditCode),
      version: account.version,
    };
  }

  async enterprises(query: EnterpriseListQuery) {
    const { rows, total } = await enterpriseAccounts(this.db, query);
    return {
      records: rows.map(({ loginRoleType: _role, ...row }) => ({
        ...row,
        userId: asUserId(row.userId),
        region: regionOfCreditCode(row.creditCode),
      })),
      total,
      curPage: query.pageNum,
      pageSize: query.pageSize,
    };
  }

  /** The enterprise's information page: every part with all its records and their states. */
  async companyInfo(user: SessionUser, id: string | undefined): Promise<CompanyInfo> {
    const enterprise = await this.target(user, id);
    const parts: CompanyInfoPart[] = [];
    for (const { part, node } of await partNodes(this.db)) {
      const items = shownItems(node);
      const records = await ownerRecords(this.db, node, enterprise.userId, items);
      parts.push({
        part,
        systemCoding: node.systemCoding,
        gnCoding: node.gnCoding,
        title: node.title,
        columns: items.map((item) => ({ code: item.code, name: item.name })),
        records: records.map((record) => ({
          id: record.id,
          businessId: record.businessId,
          status: record.status,
          version: record.version,
          updatedAt: record.updatedAt.toISOString(),
          values: record.values,
        })),
      });
    }
    return { enterprise, parts };
  }

  /** The enterprise's passed branches. */
  async branches(user: SessionUser, id: string | undefined): Promise<Branch[]> {
    const enterprise = await this.target(user, id);
    const node = await partNode(this.db, 'branch');
    if (!node) return [];
    const f = MARKET_FIELD;
    const items = itemsNamed(node, [f.branchName, f.address, f.principal, f.tel]);
    const records = await ownerRecords(this.db, node, enterprise.userId, items, true);
    return records.map((record) => ({
      id: record.id,
      name: text(record.values[f.branchName]),
      address: text(record.values[f.address]),
      principal: text(record.values[f.principal]),
      tel: text(record.values[f.tel]),
    }));
  }

  /**
   * The enterprise's passed contact persons. A `qyType` other than the
   * enterprise's own type names no contacts of it: the list is empty.
   */
  async contacts(user: SessionUser, body: ContactListBody): Promise<Contact[]> {
    const enterprise = await this.target(user, body.id);
    if (body.qyType && body.qyType !== enterprise.qyType) return [];
    const node = await partNode(this.db, 'contact');
    if (!node) return [];
    const f = MARKET_FIELD;
    const items = itemsNamed(node, [f.contactName, f.tel, f.position, f.email]);
    const records = await ownerRecords(this.db, node, enterprise.userId, items, true);
    return records.map((record) => ({
      id: record.id,
      ry_name: text(record.values[f.contactName]),
      tel: text(record.values[f.tel]),
      position: text(record.values[f.position]),
      email: text(record.values[f.email]),
    }));
  }

  /** Registered personnel: an enterprise's own, or every enterprise's for administrators. */
  async personnel(user: SessionUser, query: PersonnelListQuery) {
    const page = { curPage: query.pageNum, pageSize: query.pageSize };
    const node = await partNode(this.db, 'personnel');
    if (!node) return { records: [], total: 0, ...page };
    const f = MARKET_FIELD;
    const items = itemsNamed(node, [
      f.personName,
      f.idNumber,
      'registration_type',
      'specialty',
      'certificate_no',
      'registered_region',
      f.expiryDate,
    ]);
    const { rows, total } = await personnelRecords(this.db, node, items, {
      ...query,
      owner: user.loginRoleType === 'M' ? null : user.id,
    });
    const further = await furtherCertificates(
      this.db,
      rows.map(({ record }) => record.id),
    );
    const records: RegisteredPerson[] = rows.map(({ record, enterpriseName }) => ({
      id: asPersonId(record.id),
      status: record.status,
      enterpriseUserId: asUserId(record.ownerUserId),
      own: record.ownerUserId === user.id,
      enterpriseName,
      personName: text(record.values[f.personName]),
      idNumber: maskIdNumber(text(record.values[f.idNumber])),
      registrationType: text(record.values.registration_type),
      specialty: text(record.values.specialty),
      certificateNo: text(record.values.certificate_no),
      region: text(record.values.registered_region),
      expiryDate: text(record.values[f.expiryDate]),
      certificates: [
        ...principalCertificate(record.values, record.version),
        ...(further.get(record.id) ?? []),
      ],
    }));
    return { records, total, ...page };
  }

  /** The caller's practice status per region, as stored now (not as the login saw it). */
  async practiceArea(user: SessionUser): Promise<PracticingStatus['practiceDetails']> {
    return practiceDetailsOf(this.db, user.id);
  }
}
