import { createHash } from 'node:crypto';
import {
  CREDIT_MESSAGES,
  type CreditClass,
  type CreditGradeOverview,
  type CreditItemType,
  type CreditLetter,
  type CreditListPage,
  type CreditListQuery,
  type CreditListRow,
  type CreditRecord,
  type CreditScoreModel,
  type CreditSignature,
  type CreditTopTitles,
  type CreditTreeNode,
  ENTERPRISE_TYPES,
  type SaveCreditItemTypeBody,
  type SaveCreditLetterBody,
  type SaveCreditScoreModelBody,
  type SignCreditLetterBody,
  type UpdateCreditItemTypeBody,
} from '@ks/contract';
import { asUserId } from '@ks/contract/ids';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { approvedRecordCount } from './items-repository.ts';
import {
  advisoryLock,
  currentLetter,
  currentModel,
  enterpriseOf,
  historyOf,
  type ItemTypeRow,
  insertItemType,
  insertLetterTemplate,
  insertScoreModel,
  insertSignature,
  itemTypeCodeTaken,
  liveItemType,
  liveItemTypes,
  refreshCatalogueDictionary,
  retireItemType,
  type ScoreModelRow,
  scoreOf,
  signatureOf,
  updateItemType,
} from './repository.ts';
import { approvedItems, chinaDay, creditNodes, recomputeScore, scoredEnterprises } from './score.ts';
import {
  allSignatures,
  averagesByType,
  enterpriseCount,
  gradeCounts,
  gradeCountsByType,
  listCount,
  listRows,
  monthlyAverages,
  scoreSummary,
  signatureCount,
} from './stats-repository.ts';
import { CREDIT_DICTIONARY_OF } from './system.ts';

const ITEM_TYPE_NOT_FOUND = '信用事项不存在';
const CODE_TAKEN = '事项编码已存在';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
export const letterHash = (title: string, content: string) =>
  createHash('sha256').update(`${title}\n${content}`, 'utf8').digest('hex');

const itemTypeOut = (row: ItemTypeRow): CreditItemType => ({
  id: row.id,
  code: row.code,
  name: row.name,
  qyType: row.qyType,
  creditClass: row.creditClass,
  maxScore: row.maxScore,
  windowMonths: row.windowMonths,
  defaultSeverity: row.defaultSeverity,
  suggestion: row.suggestion,
  sort: row.sort,
  version: row.version,
});
const modelOut = (row: ScoreModelRow): CreditScoreModel => ({
  modelVersion: row.modelVersion,
  base: row.base,
  fullScore: row.fullScore,
  goodCap: row.goodCap,
  badCap: row.badCap,
  basicCounts: row.basicCounts,
  bands: row.bands,
  createdAt: iso(row.createdAt),
});

/** The credit module's rules: catalogue, score model, credit files, the public list and the letter. */
export class CreditService {
  constructor(private readonly db: Db) {}

  // ————— catalogue —————
  async itemTypes(query: { qyType?: string | undefined; creditClass?: CreditClass | undefined }) {
    const rows = await liveItemTypes(this.db);
    return rows
      .filter(
        (row) =>
          (!query.qyType || row.qyType === query.qyType) &&
          (!query.creditClass || row.creditClass === query.creditClass),
      )
      .map(itemTypeOut);
  }

  /** The item types a caller may pick: an enterprise only those of its own type. */
  async selectType(
    user: SessionUser,
    query: { qyType?: string | undefined; creditClass?: CreditClass | undefined },
  ) {
    if (user.loginRoleType === 'U') {
      // An enterprise gets its own type's items only; one whose type is not set yet gets none.
      const own = await enterpriseOf(this.db, user.id);
      return own?.qyType ? this.itemTypes({ ...query, qyType: own.qyType }) : [];
    }
    // Administrators choose the enterprise type first (the catalogue is per enterprise type).
    if (!query.qyType)
      throw badRequest(CREDIT_MESSAGES.chooseQyTypeFirst, { qyType: CREDIT_MESSAGES.chooseQyTypeFirst });
    return this.itemTypes(query);
  }

  async createItemType(user: SessionUser, body: SaveCreditItemTypeBody, ip: string): Promise<CreditItemType> {
    return this.db.transaction(async (tx) => {
      await this.checkCodeFree(tx, body.code);
      const row = await insertItemType(tx, body);
      await refreshCatalogueDictionary(tx, row.creditClass, CREDIT_DICTIONARY_OF[row.creditClass]);
      await recordOperation(tx, {
        user,
        action: '新增信用事项',
        targetType: 'credit-item-type',
        targetId: row.code,
        targetName: row.name,
        detail: `${row.qyType}，最高${row.maxScore}分`,
        ip,
      });
      return itemTypeOut(row);
    });
  }

  async updateItemType(
    user: SessionUser,
    body: UpdateCreditItemTypeBody,
    ip: string,
  ): Promise<CreditItemType> {
    return this.db.transaction(async (tx) => {
      const before = await this.liveItemType(tx, body.id);
      if (before.code !== body.code) await this.checkCodeFree(tx, body.code);
      const { id, version, ...fields } = body;
      const row = await updateItemType(tx, id, version, fields);
      if (!row) throw conflict();
      for (const creditClass of new Set([before.creditClass, row.creditClass]))
        await refreshCatalogueDictionary(tx, creditClass, CREDIT_DICTIONARY_OF[creditClass]);
      await recordOperation(tx, {
        user,
        action: '修改信用事项',
        targetType: 'credit-item-type',
        targetId: row.code,
        targetName: row.name,
        detail: `最高${before.maxScore}分 → ${row.maxScore}分`,
        ip,
      });
      return itemTypeOut(row);
    });
  }

  async deleteItemType(user: SessionUser, id: string, version: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.liveItemType(tx, id);
      if (!(await retireItemType(tx, id, version))) throw conflict();
      await refreshCatalogueDictionary(tx, before.creditClass, CREDIT_DICTIONARY_OF[before.creditClass]);
      await recordOperation(tx, {
        user,
        action: '停用信用事项',
        targetType: 'credit-item-type',
        targetId: before.code,
        targetName: before.name,
        ip,
      });
    });
  }

  private async liveItemType(tx: Db, id: string) {
    const row = await liveItemType(tx, id);
    if (!row) throw notFound(ITEM_TYPE_NOT_FOUND);
    return row;
  }

  private async checkCodeFree(tx: Db, code: string) {
    if (await itemTypeCodeTaken(tx, code)) throw badRequest(CODE_TAKEN, { code: CODE_TAKEN });
  }

  // ————— score model —————
  async model(): Promise<CreditScoreModel> {
    return modelOut(await currentModel(this.db));
  }

  /** A new model version; every enterprise's score is recomputed with it in the same transaction. */
  async saveModel(user: SessionUser, body: SaveCreditScoreModelBody, ip: string): Promise<CreditScoreModel> {
    return this.db.transaction(async (tx) => {
      await advisoryLock(tx, 'ks.credit.model');
      const before = await currentModel(tx);
      if (before.modelVersion !== body.modelVersion) throw conflict();
      const { modelVersion: _read, ...fields } = body;
      const row = await insertScoreModel(tx, {
        ...fields,
        modelVersion: before.modelVersion + 1,
        createdBy: user.id,
      });
      for (const id of await scoredEnterprises(tx)) await recomputeScore(tx, id, '评分模型调整');
      await recordOperation(tx, {
        user,
        action: '调整信用评分模型',
        targetType: 'credit-model',
        targetId: String(row.modelVersion),
        targetName: `评分模型第${row.modelVersion}版`,
        detail: `基础分${row.base}，满分${row.fullScore}`,
        ip,
      });
      return modelOut(row);
    });
  }

  // ————— credit files and lists —————
  /** An enterprise's credit file: administrators any enterprise's, an enterprise its own. */
  async record(user: SessionUser, userId: string | undefined): Promise<CreditRecord> {
    const target = user.loginRoleType === 'M' ? (userId ?? '') : user.id;
    if (user.loginRoleType === 'U' && userId && userId !== user.id)
      throw forbidden('只能查看本企业的信用档案');
    const enterprise = target ? await enterpriseOf(this.db, target) : null;
    if (enterprise?.loginRoleType !== 'U') throw notFound(CREDIT_MESSAGES.notEnterprise);
    const score = await scoreOf(this.db, target);
    return {
      userId: asUserId(target),
      enterpriseName: enterprise.enterpriseName ?? enterprise.userName,
      creditCode: enterprise.creditCode ?? '',
      qyType: enterprise.qyType ?? '',
      score: score?.score ?? null,
      grade: score?.grade ?? '',
      computedAt: score ? iso(score.computedAt) : null,
      items: await approvedItems(this.db, target, chinaDay(new Date())),
      history: (await historyOf(this.db, target)).map((row) => ({
        score: row.score,
        grade: row.grade,
        reason: row.reason,
        modelVersion: row.modelVersion,
        computedAt: iso(row.computedAt),
      })),
    };
  }

  /**
   * The public credit list: scored enterprises, best first. Without `withAccounts` (a caller
   * without a session) the rows carry the published fields only, not the enterprise's account id.
   */
  async publicList(query: CreditListQuery, withAccounts: boolean): Promise<CreditListPage> {
    const total = await listCount(this.db, query);
    const rows = await listRows(this.db, query, query);
    const model = await currentModel(this.db);
    return {
      records: rows.map(
        ({ userId, ...row }): CreditListRow => ({
          ...row,
          ...(withAccounts ? { userId } : {}),
          computedAt: iso(row.computedAt),
        }),
      ),
      total,
      curPage: query.pageNum,
      pageSize: query.pageSize,
      grades: [...model.bands].sort((a, b) => b.min - a.min).map((band) => band.grade),
    };
  }

  /** The credit list as an xlsx workbook (every matching row). */
  async exportList(user: SessionUser, query: Partial<CreditListQuery>, ip: string): Promise<Buffer> {
    const rows = await listRows(this.db, query);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('信用名单');
    sheet.columns = [
      { header: '序号', key: 'index', width: 8 },
      { header: '企业名称', key: 'enterpriseName', width: 36 },
      { header: '统一社会信用代码', key: 'creditCode', width: 24 },
      { header: '企业类型', key: 'qyType', width: 14 },
      { header: '信用分', key: 'score', width: 10 },
      { header: '信用等级', key: 'grade', width: 10 },
      { header: '计算时间', key: 'computedAt', width: 22 },
    ];
    for (const [index, row] of rows.entries()) {
      const computedAt = row.computedAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
      sheet.addRow({ ...row, index: index + 1, computedAt });
    }
    sheet.getRow(1).font = { bold: true };
    await recordOperation(this.db, {
      user,
      action: '导出信用名单',
      targetType: 'credit-list',
      targetId: '',
      targetName: '信用名单',
      detail: `${rows.length}条`,
      ip,
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  async gradeOverview(): Promise<CreditGradeOverview> {
    const model = await currentModel(this.db);
    const counted = await gradeCounts(this.db);
    const grades = [...model.bands]
      .sort((a, b) => b.min - a.min)
      .map((band) => ({
        grade: band.grade,
        count: counted.find((row) => row.grade === band.grade)?.count ?? 0,
      }));
    return { grades, trend: await monthlyAverages(this.db), byType: await averagesByType(this.db) };
  }

  async topTitles(): Promise<CreditTopTitles> {
    const enterprises = await enterpriseCount(this.db);
    const scored = await scoreSummary(this.db);
    const items = { basic: 0, good: 0, bad: 0 } as Record<CreditClass, number>;
    for (const { creditClass, node } of await creditNodes(this.db)) {
      items[creditClass] = await approvedRecordCount(this.db, node);
    }
    const letter = await currentLetter(this.db);
    return {
      enterprises,
      scored: scored.count,
      average: scored.average,
      items,
      signedLetters: await signatureCount(this.db, letter.id),
    };
  }

  /** Enterprise types, each with its grades, and the count of scored enterprises at each. */
  async leftTree(): Promise<CreditTreeNode[]> {
    const model = await currentModel(this.db);
    const rows = await gradeCountsByType(this.db);
    const bands = [...model.bands].sort((a, b) => b.min - a.min);
    const types: CreditTreeNode[] = ENTERPRISE_TYPES.map((qyType) => {
      const children = bands.map((band) => ({
        key: `${qyType}/${band.grade}`,
        title: band.grade,
        count: rows.find((row) => row.qyType === qyType && row.grade === band.grade)?.count ?? 0,
      }));
      return {
        key: qyType,
        title: qyType,
        count: children.reduce((sum, child) => sum + child.count, 0),
        children,
      };
    });
    return [
      {
        key: 'all',
        title: '全部企业',
        count: types.reduce((sum, type) => sum + type.count, 0),
        children: types,
      },
    ];
  }

  qyTypes() {
    return ENTERPRISE_TYPES.map((value) => ({ value, label: value }));
  }

  // ————— commitment letter —————
  async letter(user: SessionUser): Promise<CreditLetter> {
    const row = await currentLetter(this.db);
    const mine = await signatureOf(this.db, row.id, user.id);
    return {
      templateVersion: row.templateVersion,
      title: row.title,
      content: row.content,
      sha256: letterHash(row.title, row.content),
      updatedAt: iso(row.createdAt),
      mySignature: mine ? { signedAt: iso(mine.signedAt), textSha256: mine.textSha256 } : null,
    };
  }

  async saveLetter(user: SessionUser, body: SaveCreditLetterBody, ip: string): Promise<CreditLetter> {
    await this.db.transaction(async (tx) => {
      await advisoryLock(tx, 'ks.credit.letter');
      const before = await currentLetter(tx);
      if (before.templateVersion !== body.templateVersion) throw conflict();
      await insertLetterTemplate(tx, {
        templateVersion: before.templateVersion + 1,
        title: body.title,
        content: body.content,
        createdBy: user.id,
      });
      await recordOperation(tx, {
        user,
        action: '修改信用承诺书',
        targetType: 'credit-letter',
        targetId: String(before.templateVersion + 1),
        targetName: body.title,
        ip,
      });
    });
    return this.letter(user);
  }

  /** Signs the current letter: the caller must have read exactly this version and text. */
  async sign(user: SessionUser, body: SignCreditLetterBody, ip: string): Promise<CreditLetter> {
    if (user.loginRoleType !== 'U') throw forbidden(CREDIT_MESSAGES.enterpriseOnly);
    await this.db.transaction(async (tx) => {
      const row = await currentLetter(tx);
      const hash = letterHash(row.title, row.content);
      if (row.templateVersion !== body.templateVersion || hash !== body.sha256)
        throw conflict(CREDIT_MESSAGES.letterStale);
      if (await signatureOf(tx, row.id, user.id)) throw badRequest(CREDIT_MESSAGES.letterSigned);
      await insertSignature(tx, {
        templateId: row.id,
        userId: user.id,
        signerName: user.userName,
        textSha256: hash,
      });
      await recordOperation(tx, {
        user,
        action: '签署信用承诺书',
        targetType: 'credit-letter',
        targetId: String(row.templateVersion),
        targetName: row.title,
        detail: `sha256：${hash}`,
        ip,
      });
    });
    return this.letter(user);
  }

  async signatures(): Promise<CreditSignature[]> {
    const rows = await allSignatures(this.db);
    return rows.map((row) => ({ ...row, signedAt: iso(row.signedAt) }));
  }
}
