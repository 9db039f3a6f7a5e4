import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { recordAttachments } from '../../db/schema/files.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { marketCertificates, marketPracticeAreas, marketTransfers } from '../../db/schema/market.ts';
import { fieldIdent, rowsOf, tableRef } from '../../engine/node-tables.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';

/** The SQL of 转注册 (decision 0059): the transfers and the registration they move. */

export type TransferRow = typeof marketTransfers.$inferSelect;
/** A transfer with the names of both enterprises (or accounts) as it is shown. */
export type NamedTransferRow = { row: TransferRow; fromName: string; toName: string };

const fromUser = alias(users, 'from_user');
const fromEnterprise = alias(enterprises, 'from_enterprise');
const toUser = alias(users, 'to_user');
const toEnterprise = alias(enterprises, 'to_enterprise');

const transferColumns = {
  row: marketTransfers,
  fromName: sql<string>`coalesce(${fromEnterprise.name}, ${fromUser.userName}, '')`,
  toName: sql<string>`coalesce(${toEnterprise.name}, ${toUser.userName}, '')`,
};

/** Which live transfers to read; every given condition must hold. */
export type TransferFilter = {
  id?: string;
  /** Only those still open (in one of these states). */
  states?: readonly string[];
  /** Only those this enterprise asked for or is asked to release. */
  party?: string;
  idNumber?: string;
};

/** Live transfers matching the filter, newest first, with both enterprises' names. */
export async function readTransfers(db: Db, filter: TransferFilter): Promise<NamedTransferRow[]> {
  const where: (SQL | undefined)[] = [
    isNull(marketTransfers.deletedAt),
    filter.id !== undefined ? eq(marketTransfers.id, filter.id) : undefined,
    filter.states ? inArray(marketTransfers.status, [...filter.states]) : undefined,
    filter.party !== undefined
      ? or(eq(marketTransfers.fromUserId, filter.party), eq(marketTransfers.toUserId, filter.party))
      : undefined,
    filter.idNumber !== undefined ? eq(marketTransfers.idNumber, filter.idNumber) : undefined,
  ];
  return db
    .select(transferColumns)
    .from(marketTransfers)
    .leftJoin(fromUser, eq(fromUser.id, marketTransfers.fromUserId))
    .leftJoin(fromEnterprise, eq(fromEnterprise.id, fromUser.enterpriseId))
    .leftJoin(toUser, eq(toUser.id, marketTransfers.toUserId))
    .leftJoin(toEnterprise, eq(toEnterprise.id, toUser.enterpriseId))
    .where(and(...where))
    .orderBy(desc(marketTransfers.createdAt), desc(marketTransfers.id));
}

/** The ID number an account is linked to (null when none). */
export async function idNumberOfAccount(db: Db, userId: string): Promise<string | null> {
  const [account] = await db.select({ idNumber: users.idNumber }).from(users).where(eq(users.id, userId));
  return account?.idNumber ?? null;
}

/** How many transfers an enterprise asked for since `since` (withdrawn and deleted ones count). */
export async function transfersAskedSince(tx: Db, toUserId: string, since: Date): Promise<number> {
  const [asked] = await tx
    .select({ value: count() })
    .from(marketTransfers)
    .where(and(eq(marketTransfers.toUserId, toUserId), gt(marketTransfers.createdAt, since)));
  return asked?.value ?? 0;
}

/** Whether the enterprise has a live request for the number in one of these (open) states. */
export async function hasOpenTransfer(
  tx: Db,
  idNumber: string,
  toUserId: string,
  states: readonly string[],
): Promise<boolean> {
  const [open] = await tx
    .select({ id: marketTransfers.id })
    .from(marketTransfers)
    .where(
      and(
        eq(marketTransfers.idNumber, idNumber),
        eq(marketTransfers.toUserId, toUserId),
        inArray(marketTransfers.status, [...states]),
        isNull(marketTransfers.deletedAt),
      ),
    );
  return open !== undefined;
}

export async function insertTransfer(
  tx: Db,
  values: Pick<
    TransferRow,
    'idNumber' | 'personName' | 'fromRecordId' | 'fromUserId' | 'toUserId' | 'reason'
  >,
): Promise<string> {
  const [row] = await tx.insert(marketTransfers).values(values).returning({ id: marketTransfers.id });
  if (!row) throw new Error('transfer not inserted');
  return row.id;
}

/** A live transfer, locked for the rest of the transaction (undefined when there is none). */
export async function lockTransfer(tx: Db, id: string): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(marketTransfers)
    .where(and(eq(marketTransfers.id, id), isNull(marketTransfers.deletedAt)))
    .for('update');
  return row;
}

/** Writes a transfer's new state (and what comes with it), bumping its version. */
export async function updateTransfer(
  tx: Db,
  id: string,
  values: Partial<
    Pick<
      TransferRow,
      'status' | 'releasedAt' | 'refusal' | 'refusedAt' | 'toRecordId' | 'advice' | 'decidedAt' | 'decidedBy'
    >
  >,
): Promise<void> {
  await tx
    .update(marketTransfers)
    .set({ ...values, version: sql`${marketTransfers.version} + 1`, updatedAt: new Date() })
    .where(eq(marketTransfers.id, id));
}

/** The live personnel accounts linked to an ID number. */
export async function personnelAccountsOf(tx: Db, idNumber: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.idNumber, idNumber), eq(users.loginRoleType, 'P'), isNull(users.deletedAt)));
}

/** A live user's enterprise (undefined when the user is gone). */
export async function enterpriseOfUser(tx: Db, userId: string) {
  const [row] = await tx
    .select({ enterpriseId: users.enterpriseId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** A live registration, locked: its owner and version (undefined when gone or not given). */
export async function lockRegistration(tx: Db, node: ResolvedNode, recordId: string | null) {
  const [row] = rowsOf<{ id: string; owner: string; version: number }>(
    await tx.execute(sql`
      select id::text as id, owner_user_id::text as owner, version from ${tableRef(node.tableName)}
      where id = ${recordId}::uuid and deleted_at is null for update`),
  );
  return row;
}

/**
 * A passed copy of a registration owned by another enterprise (same business id, every field of
 * the node); answers the copy's id.
 */
export async function copyRegistration(
  tx: Db,
  node: ResolvedNode,
  sourceId: string,
  owner: { userId: string; enterpriseId: string | null },
): Promise<string | undefined> {
  const table = tableRef(node.tableName);
  const fields = node.schema.items.map((item) => fieldIdent(item.code));
  const copied = fields.length > 0 ? sql`, ${sql.join(fields, sql`, `)}` : sql``;
  const [created] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into ${table} (owner_user_id, owner_enterprise_id, business_id, status, audit_state,
        schema_version, submitted_at, confirmed_at ${copied})
      select ${owner.userId}::uuid, ${owner.enterpriseId}::uuid, business_id, 'approved',
        audit_state, schema_version, submitted_at, now() ${copied}
      from ${table} where id = ${sourceId}::uuid
      returning id::text as id`),
  );
  return created?.id;
}

/** Soft-deletes a registration at the version read; false when it changed meanwhile. */
export async function endRegistration(
  tx: Db,
  node: ResolvedNode,
  recordId: string,
  version: number,
): Promise<boolean> {
  const ended = rowsOf(
    await tx.execute(sql`
      update ${tableRef(node.tableName)} set deleted_at = now(), updated_at = now(), version = version + 1
      where id = ${recordId}::uuid and version = ${version} returning id`),
  );
  return ended.length > 0;
}

/**
 * Moves what hangs off a registration to its copy: the certificates (the old rows end with the
 * old registration, kept for history), the attachments (owned by the new enterprise) and the
 * practice status.
 */
export async function copyRegistrationParts(
  tx: Db,
  fromRecordId: string,
  toRecordId: string,
  ownerUserId: string,
): Promise<void> {
  const certificates = await tx
    .update(marketCertificates)
    .set({ deletedAt: new Date(), updatedAt: new Date(), version: sql`${marketCertificates.version} + 1` })
    .where(and(eq(marketCertificates.recordId, fromRecordId), isNull(marketCertificates.deletedAt)))
    .returning();
  if (certificates.length > 0)
    await tx.insert(marketCertificates).values(
      certificates.map(({ id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, version: _v, ...rest }) => ({
        ...rest,
        recordId: toRecordId,
      })),
    );
  const attachments = await tx
    .select()
    .from(recordAttachments)
    .where(and(eq(recordAttachments.recordId, fromRecordId), isNull(recordAttachments.deletedAt)));
  if (attachments.length > 0)
    await tx.insert(recordAttachments).values(
      attachments.map((one) => ({
        systemCoding: one.systemCoding,
        gnCoding: one.gnCoding,
        recordId: toRecordId,
        annexNo: one.annexNo,
        fileId: one.fileId,
        ownerUserId,
      })),
    );
  const [areas] = await tx
    .select({ areas: marketPracticeAreas.areas })
    .from(marketPracticeAreas)
    .where(and(eq(marketPracticeAreas.recordId, fromRecordId), isNull(marketPracticeAreas.deletedAt)));
  if (areas) await tx.insert(marketPracticeAreas).values({ recordId: toRecordId, areas: areas.areas });
}
