import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { fieldIdent, rowsOf, tableRef } from '../../engine/node-tables.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';
import { MARKET_FIELD } from './system.ts';

/**
 * The SQL on the 注册人员 node's records by ID number: the checks of a registration's save and the
 * lookups of transfers and identity claims. A field an administrator removed from the node reads
 * as empty (or finds nothing, for the ID number itself).
 */

const codesOf = (node: ResolvedNode) => new Set(node.schema.items.map((item) => item.code));

/** Waits, to the end of the transaction, for anyone else holding the same advisory lock key. */
export async function advisoryLock(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The owner of a record (live or not; undefined when there is no such record). */
export async function ownerOfRecord(tx: Db, node: ResolvedNode, recordId: string) {
  return rowsOf<{ owner: string }>(
    await tx.execute(
      sql`select owner_user_id::text as owner from ${tableRef(node.tableName)} where id = ${recordId}::uuid`,
    ),
  )[0]?.owner;
}

/**
 * The owners of the live registrations of an ID number (only passed ones when asked), but for the
 * record `exceptRecordId`.
 */
export async function ownersOfIdNumber(
  tx: Db,
  node: ResolvedNode,
  idNumber: string,
  exceptRecordId: string | null,
  passedOnly = false,
): Promise<string[]> {
  const rows = rowsOf<{ owner: string }>(
    await tx.execute(sql`
      select owner_user_id::text as owner from ${tableRef(node.tableName)}
      where ${fieldIdent(MARKET_FIELD.idNumber)} = ${idNumber} and deleted_at is null
        ${exceptRecordId ? sql`and id <> ${exceptRecordId}::uuid` : sql``}
        ${passedOnly ? sql`and status = 'approved'` : sql``}`),
  );
  return rows.map((row) => row.owner);
}

/** Whether an owner has a live record on the node. */
export async function ownerHasRecord(tx: Db, node: ResolvedNode, ownerUserId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select 1 from ${tableRef(node.tableName)}
        where owner_user_id = ${ownerUserId}::uuid and deleted_at is null limit 1`,
  );
  return rowsOf(result).length > 0;
}

/** Writes a record's ID number (a change request corrected it). */
export async function setIdNumberOfRecord(
  tx: Db,
  node: ResolvedNode,
  recordId: string,
  idNumber: string,
): Promise<void> {
  await tx.execute(
    sql`update ${tableRef(node.tableName)} set ${fieldIdent(MARKET_FIELD.idNumber)} = ${idNumber}
        where id = ${recordId}::uuid`,
  );
}

/** A record's own certificate number and specialty as stored now. */
export async function principalCertificateOfRecord(tx: Db, node: ResolvedNode, recordId: string) {
  const [row] = rowsOf<{ no: string | null; specialty: string | null }>(
    await tx.execute(sql`
      select ${fieldIdent(MARKET_FIELD.certificateNo)}::text as no,
        ${fieldIdent(MARKET_FIELD.specialty)}::text as specialty
      from ${tableRef(node.tableName)} where id = ${recordId}::uuid`),
  );
  return row;
}

/**
 * The person's live registration (a passed one first, else the latest): its record, owner,
 * status, person name and version; null when there is none or the node has no ID number.
 */
export async function liveRegistrationOfPerson(tx: Db, node: ResolvedNode, idNumber: string) {
  const codes = codesOf(node);
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

/** The passed registration of a number: its person, enterprise and the person's own mobile. */
export async function passedRegistrationOf(db: Db, node: ResolvedNode | null, idNumber: string) {
  if (!node) return null;
  const codes = codesOf(node);
  if (!codes.has(MARKET_FIELD.idNumber)) return null;
  const column = (code: string) => (codes.has(code) ? sql`r.${fieldIdent(code)}::text` : sql`''`);
  const [row] = rowsOf<{ name: string | null; mobile: string | null; enterprise: string | null }>(
    await db.execute(sql`
      select ${column(MARKET_FIELD.personName)} as name, ${column(MARKET_FIELD.mobile)} as mobile,
        coalesce(${enterprises.name}, ${users.userName}) as enterprise
      from ${tableRef(node.tableName)} r
      join ${users} on ${users.id} = r.owner_user_id
      left join ${enterprises} on ${enterprises.id} = ${users.enterpriseId}
      where r.${fieldIdent(MARKET_FIELD.idNumber)} = ${idNumber} and r.deleted_at is null
        and r.status = 'approved'
      order by r.updated_at desc limit 1`),
  );
  return row
    ? { personName: row.name ?? '', mobile: row.mobile ?? '', enterpriseName: row.enterprise ?? '' }
    : null;
}
