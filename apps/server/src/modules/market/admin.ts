import {
  type Certificate,
  ENTERPRISE_STATE_LABELS,
  type EnterpriseExportQuery,
  type EnterpriseStateBody,
  MARKET_MESSAGES,
  type ManagedPerson,
  type ManagedPersonnelExportQuery,
  type ManagedPersonnelQuery,
  type MarketEnterprise,
  PRACTICE_STATUS_LABELS,
  type PracticeAreasBody,
  type PracticingStatus,
  regionOfCreditCode,
} from '@ks/contract';
import { asUserId } from '@ks/contract/ids';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { endUserSessions } from '../../platform/user-sessions.ts';
import {
  lockAccountState,
  managedPersonnelRows,
  setAccountStatus,
  writePracticeAreas,
} from './admin-repository.ts';
import { syncPracticeOf } from './practice-repository.ts';
import { enterpriseAccount, enterpriseAccounts, partNode } from './repository.ts';
import { transactItems } from './transact.ts';

/** Rows an export may hold: built in memory before the reply's headers, so it never fails after them. */
export const EXPORT_LIMIT = 10_000;

type Sheet = { name: string; headers: string[]; rows: (string | number)[][] };

/** A one-sheet workbook, written whole before anything is sent. */
async function workbookOf(sheet: Sheet): Promise<Buffer> {
  const Excel = (await import('exceljs')).default;
  const workbook = new Excel.Workbook();
  const worksheet = workbook.addWorksheet(sheet.name);
  worksheet.addRow(sheet.headers).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row);
  worksheet.columns.forEach((column) => {
    column.width = 20;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const stamp = () =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'short',
    timeStyle: 'medium',
  })
    .format(new Date())
    .replace(/[-: ]/g, '');

const practiceText = (details: PracticingStatus['practiceDetails']) =>
  details
    .map(
      (d) =>
        `${d.region || '未注明地区'}：${PRACTICE_STATUS_LABELS[d.status]}${d.reason ? `（${d.reason}）` : ''}`,
    )
    .join('；');

/** Every certificate of a registration in one cell (decision 0059). */
const certificatesText = (certificates: Certificate[]) =>
  certificates
    .map(
      (c) =>
        `${c.registrationType} ${c.specialty} ${c.certificateNo}（${c.region || '未注明地区'}，有效期至${c.expiryDate}）`,
    )
    .join('；');

/**
 * The administrators' side of the market (decision 0053): the enterprise library with enabling and
 * disabling, the personnel across enterprises with their practice status per region, the exports.
 * A personnel account's link to its registration by its ID number is `identity.ts`'s.
 */
export class MarketAdminService {
  constructor(private readonly db: Db) {}

  /** 业务办理: what the caller may start. */
  transact(user: SessionUser) {
    return transactItems(this.db, user);
  }

  async exportEnterprises(user: SessionUser, query: EnterpriseExportQuery, ip: string) {
    const { rows, total } = await enterpriseAccounts(this.db, {
      ...query,
      pageNum: 1,
      pageSize: EXPORT_LIMIT,
    });
    if (total > EXPORT_LIMIT) throw badRequest(MARKET_MESSAGES.exportTooLarge);
    const buffer = await workbookOf({
      name: '企业信息库',
      headers: ['企业名称', '统一社会信用代码', '企业类型', '地区', '状态'],
      rows: rows.map((row) => [
        row.enterpriseName,
        row.creditCode,
        row.qyType,
        regionOfCreditCode(row.creditCode),
        row.status === 'active' ? '启用' : row.status === 'disabled' ? '停用' : '未激活',
      ]),
    });
    await recordOperation(this.db, {
      user,
      action: '导出数据',
      targetType: 'enterprise',
      targetName: '企业信息库',
      detail: `${rows.length}条`,
      ip,
    });
    return { fileName: `企业信息库_${stamp()}.xlsx`, buffer };
  }

  /**
   * Enables or disables an enterprise account (soft: its records stay). A disabled account's
   * sessions end at once and its login is refused as any disabled account's is.
   */
  async setEnterpriseState(
    user: SessionUser,
    body: EnterpriseStateBody,
    ip: string,
  ): Promise<MarketEnterprise> {
    const to = body.enabled ? 'active' : 'disabled';
    await this.db.transaction(async (tx) => {
      const account = await lockAccountState(tx, body.id);
      if (account?.role !== 'U') throw notFound(MARKET_MESSAGES.notEnterprise);
      if (account.version !== body.version) throw conflict(MARKET_MESSAGES.staleEnterprise);
      if (account.status === 'inactive') throw badRequest(MARKET_MESSAGES.notActivated);
      if (account.status === to)
        throw badRequest(body.enabled ? MARKET_MESSAGES.alreadyEnabled : MARKET_MESSAGES.alreadyDisabled);
      await setAccountStatus(tx, account.id, to);
      if (!body.enabled) await endUserSessions(tx, account.id, 'kicked');
      const enterprise = await enterpriseAccount(tx, account.id);
      await recordOperation(tx, {
        user,
        action: body.enabled ? '启用企业' : '停用企业',
        targetType: 'enterprise',
        targetId: account.id,
        targetName: enterprise?.enterpriseName ?? '',
        detail: `状态：${ENTERPRISE_STATE_LABELS[body.enabled ? 'disabled' : 'enabled']} → ${
          ENTERPRISE_STATE_LABELS[body.enabled ? 'enabled' : 'disabled']
        }`,
        ip,
      });
    });
    const row = await enterpriseAccount(this.db, body.id);
    if (!row) throw notFound(MARKET_MESSAGES.notEnterprise);
    const { loginRoleType: _role, ...enterprise } = row;
    return { ...enterprise, userId: asUserId(row.userId), region: regionOfCreditCode(row.creditCode) };
  }

  /** Registered personnel of every enterprise, with their practice status per region. */
  async personnel(query: ManagedPersonnelQuery) {
    const page = { curPage: query.pageNum, pageSize: query.pageSize };
    const node = await partNode(this.db, 'personnel');
    if (!node) return { records: [], total: 0, ...page };
    const { rows, total } = await managedPersonnelRows(this.db, node, query);
    return { records: rows, total, ...page };
  }

  /** One registration, the ID number in full (administrators only reach this). */
  async person(id: string): Promise<ManagedPerson> {
    const node = await partNode(this.db, 'personnel');
    const found = node
      ? await managedPersonnelRows(this.db, node, { recordId: id, pageNum: 1, pageSize: 1 })
      : null;
    const person = found?.rows[0];
    if (!person || !found?.fullIdNumbers[0]) throw notFound(MARKET_MESSAGES.personNotFound);
    return { ...person, idNumber: found.fullIdNumbers[0] };
  }

  async exportPersonnel(user: SessionUser, query: ManagedPersonnelExportQuery, ip: string) {
    const node = await partNode(this.db, 'personnel');
    const { rows, total } = node
      ? await managedPersonnelRows(this.db, node, { ...query, pageNum: 1, pageSize: EXPORT_LIMIT })
      : { rows: [], total: 0 };
    if (total > EXPORT_LIMIT) throw badRequest(MARKET_MESSAGES.exportTooLarge);
    const buffer = await workbookOf({
      name: '注册人员',
      headers: [
        '姓名',
        '身份证号码',
        '所在企业',
        '注册类别',
        '注册专业',
        '注册证书编号',
        '注册地区',
        '有效期至',
        '全部注册证书',
        '执业状态',
      ],
      rows: rows.map((row) => [
        row.personName,
        row.idNumber,
        row.enterpriseName,
        row.registrationType,
        row.specialty,
        row.certificateNo,
        row.region,
        row.expiryDate,
        certificatesText(row.certificates),
        practiceText(row.practiceDetails),
      ]),
    });
    await recordOperation(this.db, {
      user,
      action: '导出数据',
      targetType: 'personnel',
      targetName: '注册人员',
      detail: `${rows.length}条`,
      ip,
    });
    return { fileName: `注册人员_${stamp()}.xlsx`, buffer };
  }

  /**
   * Sets a registration's practice status per region (optimistic lock on its version, 0 for the
   * first time) and, in the same transaction, the login's copy of the linked personnel account.
   */
  async setPractice(user: SessionUser, body: PracticeAreasBody, ip: string): Promise<ManagedPerson> {
    const regions = body.areas.map((area) => area.region);
    if (new Set(regions).size !== regions.length) throw badRequest(MARKET_MESSAGES.regionTwice);
    const node = await partNode(this.db, 'personnel');
    if (!node) throw notFound(MARKET_MESSAGES.personNotFound);
    await this.db.transaction(async (tx) => {
      const found = await managedPersonnelRows(tx, node, { recordId: body.id, pageNum: 1, pageSize: 1 });
      const person = found.rows[0];
      const idNumber = found.fullIdNumbers[0] ?? '';
      if (!person) throw notFound(MARKET_MESSAGES.personNotFound);
      const areas = body.areas.map((area) => ({
        region: area.region,
        status: area.status,
        reason: area.reason,
      }));
      if (!(await writePracticeAreas(tx, body.id, body.version, areas)))
        throw conflict(MARKET_MESSAGES.stalePerson);
      await syncPracticeOf(tx, node, [idNumber]);
      await recordOperation(tx, {
        user,
        action: '设置执业状态',
        targetType: node.gnCoding,
        targetId: body.id,
        targetName: person.personName,
        detail: practiceText(areas) || '清空执业地区',
        ip,
      });
    });
    return this.person(body.id);
  }
}
