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
  type Transfer,
  type TransferListQuery,
  type TransferState,
  transferLimitMessage,
  type WithdrawTransferBody,
} from '@ks/contract';
import { asUserId } from '@ks/contract/ids';
import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { recordAttachments } from '../../db/schema/files.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { marketCertificates, marketPracticeAreas, marketTransfers } from '../../db/schema/market.ts';
import { fieldIdent, rowsOf, tableRef } from '../../engine/node-tables.ts';
import { type ResolvedNode, writeRevision } from '../../engine/record-store.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { chinaToday } from './dates.ts';
import { syncPracticeOf } from './practice.ts';
import { partNode } from './repository.ts';
import { MARKET_FIELD } from './system.ts';

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
const fromUser = alias(users, 'from_user');
const fromEnterprise = alias(enterprises, 'from_enterprise');
const toUser = alias(users, 'to_user');
const toEnterprise = alias(enterprises, 'to_enterprise');

const transferColumns = {
  row: marketTransfers,
  fromName: sql<string>`coalesce(${fromEnterprise.name}, ${fromUser.userName}, '')`,
  toName: sql<string>`coalesce(${toEnterprise.name}, ${toUser.userName}, '')`,
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A transfer as `caller` sees it: `side` tells the caller's part (the buttons follow it). */
function transferOf(
  row: {
    row: typeof marketTransfers.$inferSelect;
    fromName: string;
    toName: string;
  },
  caller: SessionUser,
): Transfer {
  const t = row.row;
  const side = caller.id === t.fromUserId ? 'from' : caller.id === t.toUserId ? 'to' : null;
  const isAdmin = caller.loginRoleType === 'M';
  // The asking enterprise learns who and where only once the person is let go.
  const revealed = side !== 'to' || t.status === 'released' || t.status === 'approved';
  return {
    side,
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

/** The person's live registration: its record, enterprise and status (null when none). */
async function registrationOfPerson(tx: Db, node: ResolvedNode, idNumber: string) {
  const codes = new Set(node.schema.items.map((item) => item.code));
  if (!codes.has(MARKET_FIELD.idNumber)) return null;
  const name = codes.has(MARKET_FIELD.personName)
    ? sql`${fieldIdent(MARKET_FIELD.personName)}::text`
    : sql`''`;
  const [row] = rowsOf<{ id: string; owner: string; status: string; name: string; version: number }>(
    await tx.execute(sql`
      select id::text as id, owner_user_id::text as owner, status, ${name} as name, version
      from ${tableRef(node.tableName)}
      where ${fieldIdent(MARKET_FIELD.idNumber)} = ${idNumber} and deleted_at is null
      order by (status = 'approved') desc, updated_at desc limit 1`),
  );
  return row ?? null;
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

  private async read(db: Db, where: SQL | undefined) {
    return db
      .select(transferColumns)
      .from(marketTransfers)
      .leftJoin(fromUser, eq(fromUser.id, marketTransfers.fromUserId))
      .leftJoin(fromEnterprise, eq(fromEnterprise.id, fromUser.enterpriseId))
      .leftJoin(toUser, eq(toUser.id, marketTransfers.toUserId))
      .leftJoin(toEnterprise, eq(toEnterprise.id, toUser.enterpriseId))
      .where(and(isNull(marketTransfers.deletedAt), where))
      .orderBy(desc(marketTransfers.createdAt), desc(marketTransfers.id));
  }

  private async one(db: Db, id: string, caller: SessionUser): Promise<Transfer> {
    const [row] = await this.read(db, eq(marketTransfers.id, id));
    if (!row) throw notFound(MARKET_MESSAGES.transferNotFound);
    return transferOf(row, caller);
  }

  /**
   * The transfers the caller may see: an enterprise those it asked for or is asked to release,
   * a personnel account its own (by its linked ID number), administrators all.
   */
  async list(user: SessionUser, query: TransferListQuery): Promise<Transfer[]> {
    const open = query.open === 'true' ? inArray(marketTransfers.status, OPEN) : undefined;
    if (user.loginRoleType === 'M')
      return (await this.read(this.db, open)).map((row) => transferOf(row, user));
    if (user.loginRoleType === 'U')
      return (
        await this.read(
          this.db,
          and(open, or(eq(marketTransfers.fromUserId, user.id), eq(marketTransfers.toUserId, user.id))),
        )
      ).map((row) => transferOf(row, user));
    if (user.loginRoleType === 'P') {
      const [account] = await this.db
        .select({ idNumber: users.idNumber })
        .from(users)
        .where(eq(users.id, user.id));
      if (!account?.idNumber) return [];
      return (await this.read(this.db, and(open, eq(marketTransfers.idNumber, account.idNumber)))).map(
        (row) => transferOf(row, user),
      );
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
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ks.market.transfer-asker:${user.id}`}))`);
      const [asked] = await tx
        .select({ value: count() })
        .from(marketTransfers)
        .where(
          and(
            eq(marketTransfers.toUserId, user.id),
            gt(marketTransfers.createdAt, new Date(Date.now() - 24 * 3600 * 1000)),
          ),
        );
      if ((asked?.value ?? 0) >= this.dailyLimit)
        throw new AppError(ERROR_CODES.TOO_MANY_REQUESTS, transferLimitMessage(this.dailyLimit));
      // The same lock as a registration of the number (module.ts): neither passes the other unseen.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ks.market.person:${idNumber}`}))`);
      const registration = await registrationOfPerson(tx, node, idNumber);
      const fail = (message: string) => badRequest(message, { idNumber: message });
      if (registration?.owner === user.id) throw fail(MARKET_MESSAGES.transferAlreadyOurs);
      const [open] = await tx
        .select({ id: marketTransfers.id })
        .from(marketTransfers)
        .where(
          and(
            eq(marketTransfers.idNumber, idNumber),
            eq(marketTransfers.toUserId, user.id),
            inArray(marketTransfers.status, OPEN),
            isNull(marketTransfers.deletedAt),
          ),
        );
      if (open) throw fail(MARKET_MESSAGES.transferOpen);
      // Only a passed registration can move; a draft or no registration leaves the request unmatched.
      const source = registration?.status === 'approved' ? registration : null;
      const [row] = await tx
        .insert(marketTransfers)
        .values({
          idNumber,
          personName: source?.name ?? '',
          fromRecordId: source?.id ?? null,
          fromUserId: source?.owner ?? null,
          toUserId: user.id,
          reason: body.reason?.trim() ?? '',
        })
        .returning({ id: marketTransfers.id });
      if (!row) throw new Error('transfer not inserted');
      const [asker] = await this.read(tx, eq(marketTransfers.id, row.id));
      await recordOperation(tx, {
        user,
        action: '申请转注册',
        targetType: 'market_transfer',
        targetId: row.id,
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
      return row.id;
    });
    return this.one(this.db, id, user);
  }

  /** The open transfer, locked, at the version the caller read. */
  private async openTransfer(tx: Db, id: string, version: number) {
    const [row] = await tx
      .select()
      .from(marketTransfers)
      .where(and(eq(marketTransfers.id, id), isNull(marketTransfers.deletedAt)))
      .for('update');
    if (!row) throw notFound(MARKET_MESSAGES.transferNotFound);
    return {
      row,
      check(allowed: TransferState[]) {
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
      if (user.loginRoleType !== 'U' || row.fromUserId !== user.id)
        throw forbidden(MARKET_MESSAGES.transferReleaseOwnOnly);
      check(['pending', 'refused']);
      await tx
        .update(marketTransfers)
        .set({
          status: 'released',
          releasedAt: new Date(),
          version: sql`${marketTransfers.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(marketTransfers.id, row.id));
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
      if (user.loginRoleType !== 'U' || row.fromUserId !== user.id)
        throw forbidden(MARKET_MESSAGES.transferRefuseOwnOnly);
      check(['pending']);
      const refusal = body.refusal.trim();
      await tx
        .update(marketTransfers)
        .set({
          status: 'refused',
          refusal,
          refusedAt: new Date(),
          version: sql`${marketTransfers.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(marketTransfers.id, row.id));
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
      if (user.loginRoleType !== 'U' || row.toUserId !== user.id)
        throw forbidden(MARKET_MESSAGES.transferWithdrawOwnOnly);
      check(OPEN);
      await tx
        .update(marketTransfers)
        .set({ status: 'withdrawn', version: sql`${marketTransfers.version} + 1`, updatedAt: new Date() })
        .where(eq(marketTransfers.id, row.id));
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
      check(OPEN);
      const advice = body.advice?.trim() ?? '';
      const approve = body.result === 'approve';
      const toRecordId = approve ? await this.move(tx, node, user, row) : null;
      await tx
        .update(marketTransfers)
        .set({
          status: approve ? 'approved' : 'rejected',
          toRecordId,
          advice,
          decidedAt: new Date(),
          decidedBy: user.id,
          version: sql`${marketTransfers.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(marketTransfers.id, row.id));
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
      const people = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.idNumber, row.idNumber), eq(users.loginRoleType, 'P'), isNull(users.deletedAt)));
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
  private async move(
    tx: Db,
    node: ResolvedNode,
    user: SessionUser,
    transfer: typeof marketTransfers.$inferSelect,
  ): Promise<string> {
    const table = tableRef(node.tableName);
    const [source] = rowsOf<{ id: string; owner: string; version: number }>(
      await tx.execute(sql`
        select id::text as id, owner_user_id::text as owner, version from ${table}
        where id = ${transfer.fromRecordId ?? null}::uuid and deleted_at is null for update`),
    );
    if (!transfer.fromRecordId || source?.owner !== transfer.fromUserId)
      throw badRequest(MARKET_MESSAGES.transferSourceGone);
    const [receiver] = await tx
      .select({ enterpriseId: users.enterpriseId })
      .from(users)
      .where(and(eq(users.id, transfer.toUserId), isNull(users.deletedAt)));
    if (!receiver) throw notFound(MARKET_MESSAGES.notEnterprise);
    const fields = node.schema.items.map((item) => fieldIdent(item.code));
    const copied = fields.length > 0 ? sql`, ${sql.join(fields, sql`, `)}` : sql``;
    const [created] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into ${table} (owner_user_id, owner_enterprise_id, business_id, status, audit_state,
          schema_version, submitted_at, confirmed_at ${copied})
        select ${transfer.toUserId}::uuid, ${receiver.enterpriseId}::uuid, business_id, 'approved',
          audit_state, schema_version, submitted_at, now() ${copied}
        from ${table} where id = ${source.id}::uuid
        returning id::text as id`),
    );
    if (!created) throw new Error('transferred registration not inserted');
    const ended = rowsOf(
      await tx.execute(sql`
        update ${table} set deleted_at = now(), updated_at = now(), version = version + 1
        where id = ${source.id}::uuid and version = ${source.version} returning id`),
    );
    if (ended.length === 0) throw conflict(MARKET_MESSAGES.staleTransfer);
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
      recordId: created.id,
      version: 1,
      action,
      user,
      changes: [],
    });
    // Certificates move: the old rows end with the old registration (kept for history).
    const certificates = await tx
      .update(marketCertificates)
      .set({ deletedAt: new Date(), updatedAt: new Date(), version: sql`${marketCertificates.version} + 1` })
      .where(and(eq(marketCertificates.recordId, source.id), isNull(marketCertificates.deletedAt)))
      .returning();
    if (certificates.length > 0)
      await tx.insert(marketCertificates).values(
        certificates.map(
          ({ id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, version: _v, ...rest }) => ({
            ...rest,
            recordId: created.id,
          }),
        ),
      );
    const attachments = await tx
      .select()
      .from(recordAttachments)
      .where(and(eq(recordAttachments.recordId, source.id), isNull(recordAttachments.deletedAt)));
    if (attachments.length > 0)
      await tx.insert(recordAttachments).values(
        attachments.map((one) => ({
          systemCoding: one.systemCoding,
          gnCoding: one.gnCoding,
          recordId: created.id,
          annexNo: one.annexNo,
          fileId: one.fileId,
          ownerUserId: transfer.toUserId,
        })),
      );
    const [areas] = await tx
      .select({ areas: marketPracticeAreas.areas })
      .from(marketPracticeAreas)
      .where(and(eq(marketPracticeAreas.recordId, source.id), isNull(marketPracticeAreas.deletedAt)));
    if (areas) await tx.insert(marketPracticeAreas).values({ recordId: created.id, areas: areas.areas });
    await syncPracticeOf(tx, node, [transfer.idNumber]);
    return created.id;
  }
}
