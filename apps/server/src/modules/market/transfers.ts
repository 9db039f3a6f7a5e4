import {
  type DecideTransferBody,
  ERROR_CODES,
  idNumberProblem,
  MARKET_MESSAGES,
  maskIdNumber,
  OPEN_TRANSFER_STATES,
  type RefuseTransferBody,
  type ReleaseTransferBody,
  type RequestTransferBody,
  TRANSFER_ACTIONS,
  type Transfer,
  type TransferAction,
  type TransferListQuery,
  type TransferState,
  transferLimitMessage,
  type WithdrawTransferBody,
} from '@ks/contract';
import { asUserId } from '@ks/contract/ids';
import type { Db } from '../../db/client.ts';
import { type ResolvedNode, writeRevision } from '../../engine/record-store.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { chinaToday } from './dates.ts';
import { syncPracticeOf } from './practice-repository.ts';
import { advisoryLock, liveRegistrationOfPerson } from './registrations-repository.ts';
import { partNode } from './repository.ts';
import {
  copyRegistration,
  copyRegistrationParts,
  endRegistration,
  enterpriseOfUser,
  hasOpenTransfer,
  idNumberOfAccount,
  insertTransfer,
  lockRegistration,
  lockTransfer,
  type NamedTransferRow,
  personnelAccountsOf,
  readTransfers,
  type TransferFilter,
  type TransferRow,
  transfersAskedSince,
  updateTransfer,
} from './transfers-repository.ts';

/**
 * 转注册 (decision 0059): a registered person moves from enterprise A to enterprise B. B asks by the
 * person's ID number (and may withdraw until it is decided), A is told and may release or refuse
 * with a reason, an administrator approves (with or without A's release, also over A's refusal:
 * the administrator, not the employer, decides where a person practises) or rejects. On approval, in one transaction, A's registration ends (soft-deleted, kept for
 * history), B gets a passed registration with the same fields, certificates, attachments and
 * practice status, and the person's account follows.
 *
 * A request answers alike whether or not the number is registered (decision 0063): it is accepted
 * as pending, and the asking enterprise sees only what it typed until the releasing enterprise
 * agrees or an administrator approves; a number nobody holds simply stays pending (administrators
 * see it unmatched). Requests are limited per enterprise per day.
 */

const OPEN = [...OPEN_TRANSFER_STATES];
const iso = (value: Date | null) => (value ? value.toISOString() : null);

type Part = 'from' | 'to' | 'centre';

/**
 * Who may do what to a transfer, and in which states: the actions' own checks and the answer's
 * `actions` (the buttons) both read this, so a button is offered exactly when its call would pass.
 */
const TRANSFER_RULES: Record<TransferAction, { part: Part; states: readonly TransferState[] }> = {
  // The releasing enterprise may relent after refusing, but refuses only once.
  release: { part: 'from', states: ['pending', 'refused'] },
  refuse: { part: 'from', states: ['pending'] },
  withdraw: { part: 'to', states: OPEN_TRANSFER_STATES },
  decide: { part: 'centre', states: OPEN_TRANSFER_STATES },
};

/** The caller's part in a transfer: the centre's administrators, or an enterprise on one side. */
function partOf(caller: SessionUser, t: { fromUserId: string | null; toUserId: string }): Part | null {
  if (caller.loginRoleType === 'M') return 'centre';
  if (caller.loginRoleType !== 'U') return null;
  return caller.id === t.fromUserId ? 'from' : caller.id === t.toUserId ? 'to' : null;
}

const mayDo = (action: TransferAction, part: Part | null, status: string) =>
  TRANSFER_RULES[action].part === part && TRANSFER_RULES[action].states.includes(status as TransferState);

/** A transfer as `caller` sees it: `side` tells the caller's part, `actions` what it may do now. */
function transferOf(row: NamedTransferRow, caller: SessionUser): Transfer {
  const t = row.row;
  const part = partOf(caller, t);
  const side = part === 'centre' ? null : part;
  const isAdmin = part === 'centre';
  // The asking enterprise learns who and where only once the person is let go.
  const revealed = side !== 'to' || t.status === 'released' || t.status === 'approved';
  return {
    side,
    actions: TRANSFER_ACTIONS.filter((action) => mayDo(action, part, t.status)),
    id: t.id,
    personName: revealed ? t.personName : '',
    idNumber: maskIdNumber(t.idNumber),
    fromUserId: revealed && t.fromUserId ? asUserId(t.fromUserId) : null,
    fromEnterpriseName: revealed ? row.fromName : '',
    matched: isAdmin ? t.fromRecordId !== null : null,
    toUserId: asUserId(t.toUserId),
    toEnterpriseName: row.toName,
    status: t.status as TransferState,
    reason: t.reason,
    refusal: t.refusal,
    advice: t.advice,
    createdAt: t.createdAt.toISOString(),
    releasedAt: iso(t.releasedAt),
    refusedAt: iso(t.refusedAt),
    decidedAt: iso(t.decidedAt),
    version: t.version,
  };
}

export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly notices: UserNotices,
    private readonly dailyLimit = 10,
  ) {}

  private async node() {
    const node = await partNode(this.db, 'personnel');
    if (!node) throw notFound(MARKET_MESSAGES.personNotFound);
    return node;
  }

  private async one(db: Db, id: string, caller: SessionUser): Promise<Transfer> {
    const [row] = await readTransfers(db, { id });
    if (!row) throw notFound(MARKET_MESSAGES.transferNotFound);
    return transferOf(row, caller);
  }

  /**
   * The transfers the caller may see: an enterprise those it asked for or is asked to release,
   * a personnel account its own (by its linked ID number), administrators all.
   */
  async list(user: SessionUser, query: TransferListQuery): Promise<Transfer[]> {
    const open: TransferFilter = query.open === 'true' ? { states: OPEN } : {};
    if (user.loginRoleType === 'M')
      return (await readTransfers(this.db, open)).map((row) => transferOf(row, user));
    if (user.loginRoleType === 'U')
      return (await readTransfers(this.db, { ...open, party: user.id })).map((row) => transferOf(row, user));
    if (user.loginRoleType === 'P') {
      const idNumber = await idNumberOfAccount(this.db, user.id);
      if (!idNumber) return [];
      return (await readTransfers(this.db, { ...open, idNumber })).map((row) => transferOf(row, user));
    }
    throw forbidden();
  }

  /**
   * The receiving enterprise asks for a person by ID number. Only its own registrations are
   * refused (it knows those); anything else is accepted the same way, the employer (if any) told.
   */
  async request(user: SessionUser, body: RequestTransferBody, ip: string): Promise<Transfer> {
    if (user.loginRoleType !== 'U') throw forbidden(MARKET_MESSAGES.transferEnterprisesOnly);
    const problem = idNumberProblem(body.idNumber, chinaToday());
    if (problem) throw badRequest(problem, { idNumber: problem });
    const idNumber = body.idNumber.trim().toUpperCase();
    const node = await this.node();
    const id = await this.db.transaction(async (tx) => {
      // One enterprise's requests in turn, so the daily count cannot be raced past.
      await advisoryLock(tx, `ks.market.transfer-asker:${user.id}`);
      const asked = await transfersAskedSince(tx, user.id, new Date(Date.now() - 24 * 3600 * 1000));
      if (asked >= this.dailyLimit)
        throw new AppError(ERROR_CODES.TOO_MANY_REQUESTS, transferLimitMessage(this.dailyLimit));
      // The same lock as a registration of the number (module.ts): neither passes the other unseen.
      await advisoryLock(tx, `ks.market.person:${idNumber}`);
      const registration = await liveRegistrationOfPerson(tx, node, idNumber);
      const fail = (message: string) => badRequest(message, { idNumber: message });
      if (registration?.owner === user.id) throw fail(MARKET_MESSAGES.transferAlreadyOurs);
      if (await hasOpenTransfer(tx, idNumber, user.id, OPEN)) throw fail(MARKET_MESSAGES.transferOpen);
      // Only a passed registration can move; a draft or no registration leaves the request unmatched.
      const source = registration?.status === 'approved' ? registration : null;
      const id = await insertTransfer(tx, {
        idNumber,
        personName: source?.name ?? '',
        fromRecordId: source?.id ?? null,
        fromUserId: source?.owner ?? null,
        toUserId: user.id,
        reason: body.reason?.trim() ?? '',
      });
      const [asker] = await readTransfers(tx, { id });
      await recordOperation(tx, {
        user,
        action: '申请转注册',
        targetType: 'market_transfer',
        targetId: id,
        targetName: maskIdNumber(idNumber),
        detail: source ? `${asker?.fromName ?? ''} → ${asker?.toName ?? ''}` : '未匹配在册注册信息',
        ip,
      });
      if (source)
        await this.notices.sendJobResult(tx, {
          userId: source.owner,
          title: '转注册申请',
          messages: `${asker?.toName ?? ''}申请将本企业注册人员${source.name}转入该企业，请在业务办理中确认是否同意转出。`,
        });
      return id;
    });
    return this.one(this.db, id, user);
  }

  /** The open transfer, locked, at the version the caller read. */
  private async openTransfer(tx: Db, id: string, version: number) {
    const row = await lockTransfer(tx, id);
    if (!row) throw notFound(MARKET_MESSAGES.transferNotFound);
    return {
      row,
      check(allowed: readonly TransferState[]) {
        if (row.version !== version) throw conflict(MARKET_MESSAGES.staleTransfer);
        if (!allowed.includes(row.status as TransferState))
          throw badRequest(MARKET_MESSAGES.transferNotPending);
      },
    };
  }

  /** The releasing enterprise agrees to let the person go (also after refusing: it may relent). */
  async release(user: SessionUser, body: ReleaseTransferBody, ip: string): Promise<Transfer> {
    await this.db.transaction(async (tx) => {
      const { row, check } = await this.openTransfer(tx, body.id, body.version);
      if (partOf(user, row) !== TRANSFER_RULES.release.part)
        throw forbidden(MARKET_MESSAGES.transferReleaseOwnOnly);
      check(TRANSFER_RULES.release.states);
      await updateTransfer(tx, row.id, { status: 'released', releasedAt: new Date() });
      await recordOperation(tx, {
        user,
        action: '同意转出',
        targetType: 'market_transfer',
        targetId: row.id,
        targetName: row.personName,
        ip,
      });
    });
    return this.one(this.db, body.id, user);
  }

  /**
   * The releasing enterprise refuses, with its reason: the transfer stays open for the
   * administrators, who see the reason, and the asking enterprise is told.
   */
  async refuse(user: SessionUser, body: RefuseTransferBody, ip: string): Promise<Transfer> {
    await this.db.transaction(async (tx) => {
      const { row, check } = await this.openTransfer(tx, body.id, body.version);
      if (partOf(user, row) !== TRANSFER_RULES.refuse.part)
        throw forbidden(MARKET_MESSAGES.transferRefuseOwnOnly);
      check(TRANSFER_RULES.refuse.states);
      const refusal = body.refusal.trim();
      await updateTransfer(tx, row.id, { status: 'refused', refusal, refusedAt: new Date() });
      await recordOperation(tx, {
        user,
        action: '不同意转出',
        targetType: 'market_transfer',
        targetId: row.id,
        targetName: row.personName,
        detail: refusal,
        ip,
      });
      await this.notices.sendJobResult(tx, {
        userId: row.toUserId,
        title: '转注册申请',
        messages: `身份证号码为${maskIdNumber(row.idNumber)}的人员的原注册企业不同意转出，理由：${refusal}。申请仍由管理员审批。`,
      });
    });
    return this.one(this.db, body.id, user);
  }

  /** The asking enterprise takes its request back while no administrator has decided it. */
  async withdraw(user: SessionUser, body: WithdrawTransferBody, ip: string): Promise<Transfer> {
    await this.db.transaction(async (tx) => {
      const { row, check } = await this.openTransfer(tx, body.id, body.version);
      if (partOf(user, row) !== TRANSFER_RULES.withdraw.part)
        throw forbidden(MARKET_MESSAGES.transferWithdrawOwnOnly);
      check(TRANSFER_RULES.withdraw.states);
      await updateTransfer(tx, row.id, { status: 'withdrawn' });
      const transfer = await this.one(tx, row.id, user);
      await recordOperation(tx, {
        user,
        action: '撤回转注册申请',
        targetType: 'market_transfer',
        targetId: row.id,
        targetName: row.personName,
        ip,
      });
      if (row.fromUserId)
        await this.notices.sendJobResult(tx, {
          userId: row.fromUserId,
          title: '转注册申请',
          messages: `${transfer.toEnterpriseName}已撤回将${row.personName}转入该企业的申请。`,
        });
    });
    return this.one(this.db, body.id, user);
  }

  /** An administrator approves (the registration moves) or rejects (nothing moves). */
  async decide(user: SessionUser, body: DecideTransferBody, ip: string): Promise<Transfer> {
    const node = await this.node();
    await this.db.transaction(async (tx) => {
      const { row, check } = await this.openTransfer(tx, body.id, body.version);
      check(TRANSFER_RULES.decide.states);
      const advice = body.advice?.trim() ?? '';
      const approve = body.result === 'approve';
      const toRecordId = approve ? await this.move(tx, node, user, row) : null;
      await updateTransfer(tx, row.id, {
        status: approve ? 'approved' : 'rejected',
        toRecordId,
        advice,
        decidedAt: new Date(),
        decidedBy: user.id,
      });
      await recordOperation(tx, {
        user,
        action: approve ? '批准转注册' : '驳回转注册',
        targetType: 'market_transfer',
        targetId: row.id,
        targetName: row.personName || maskIdNumber(row.idNumber),
        detail: advice,
        ip,
      });
      const title = approve ? '转注册已批准' : '转注册已驳回';
      const textOf = (who: string) =>
        `${who}的转注册申请${approve ? '已批准，注册信息已转入新企业' : '已被驳回'}${
          advice ? `。审批意见：${advice}` : ''
        }`;
      // Both enterprises and the person's own account (its proven ID number) are told; a rejected
      // asker learns no name it did not know.
      const people = await personnelAccountsOf(tx, row.idNumber);
      const named = textOf(row.personName);
      const told = [
        ...(row.fromUserId ? [{ userId: row.fromUserId, text: named }] : []),
        {
          userId: row.toUserId,
          text: approve ? named : textOf(`身份证号码为${maskIdNumber(row.idNumber)}的人员`),
        },
        ...people.map((one) => ({ userId: one.id, text: named })),
      ];
      for (const { userId, text } of told)
        await this.notices.sendJobResult(tx, { userId, title, messages: text });
    });
    return this.one(this.db, body.id, user);
  }

  /**
   * Moves the registration: a copy owned by the receiving enterprise (passed, same business id),
   * its certificates, attachments and practice status copied, then the old one soft-deleted.
   * Answers the new record's id.
   */
  private async move(tx: Db, node: ResolvedNode, user: SessionUser, transfer: TransferRow): Promise<string> {
    const source = await lockRegistration(tx, node, transfer.fromRecordId ?? null);
    if (!transfer.fromRecordId || source?.owner !== transfer.fromUserId)
      throw badRequest(MARKET_MESSAGES.transferSourceGone);
    const receiver = await enterpriseOfUser(tx, transfer.toUserId);
    if (!receiver) throw notFound(MARKET_MESSAGES.notEnterprise);
    const createdId = await copyRegistration(tx, node, source.id, {
      userId: transfer.toUserId,
      enterpriseId: receiver.enterpriseId,
    });
    if (!createdId) throw new Error('transferred registration not inserted');
    if (!(await endRegistration(tx, node, source.id, source.version)))
      throw conflict(MARKET_MESSAGES.staleTransfer);
    const action = '转注册';
    await writeRevision(tx, {
      nodeId: node.nodeId,
      recordId: source.id,
      version: source.version + 1,
      action,
      user,
      changes: [],
    });
    await writeRevision(tx, {
      nodeId: node.nodeId,
      recordId: createdId,
      version: 1,
      action,
      user,
      changes: [],
    });
    await copyRegistrationParts(tx, source.id, createdId, transfer.toUserId);
    await syncPracticeOf(tx, node, [transfer.idNumber]);
    return createdId;
  }
}
