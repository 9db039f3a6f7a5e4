import { CREDIT_PENALTY_ANNEX, type FormItem } from '@ks/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAttachments } from '../../db/schema/files.ts';
import { users } from '../../db/schema/identity.ts';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import {
  R,
  type ResolvedNode,
  recordSelect,
  type StoredRecord,
  storedOf,
} from '../../engine/record-store.ts';
import { FIELD } from './system.ts';

/** The SQL on the credit nodes' records: what the rules, the score and the counts read of items. */

/** A record's owner (the enterprise account whose credit it is); null when there is none. */
export async function ownerOfRecord(tx: Db, node: ResolvedNode, recordId: string): Promise<string | null> {
  const result = await tx.execute(
    sql`select owner_user_id::text as owner from ${tableRef(node.tableName)} where id = ${recordId}::uuid`,
  );
  return rowsOf<{ owner: string | null }>(result)[0]?.owner ?? null;
}

/** The fields the rules read, as the transaction sees the record now (absent fields read as empty). */
export async function ruleValuesOf(tx: Db, node: ResolvedNode, recordId: string) {
  const codes = new Set(node.schema.items.map((item) => item.code));
  const column = (code: string, cast: string) =>
    codes.has(code) ? sql.raw(`${code}::${cast}`) : sql.raw(`null::${cast}`);
  const result = await tx.execute(sql`
    select ${column(FIELD.itemType, 'text')} as item_type, ${column(FIELD.score, 'float8')} as score,
      to_char(${column(FIELD.startTime, 'date')}, 'YYYY-MM-DD') as start_time,
      to_char(${column(FIELD.endTime, 'date')}, 'YYYY-MM-DD') as end_time
    from ${tableRef(node.tableName)} where id = ${recordId}::uuid`);
  const row = rowsOf<{
    item_type: string | null;
    score: number | null;
    start_time: string | null;
    end_time: string | null;
  }>(result)[0];
  return {
    itemType: row?.item_type ?? '',
    score: row?.score === null || row?.score === undefined ? null : Number(row.score),
    start: row?.start_time ?? '',
    end: row?.end_time ?? '',
  };
}

/** Whether the record has its penalty decision attached (a live file in that slot). */
export async function hasPenaltyDecision(tx: Db, node: ResolvedNode, recordId: string): Promise<boolean> {
  const [file] = await tx
    .select({ id: recordAttachments.id })
    .from(recordAttachments)
    .where(
      and(
        eq(recordAttachments.systemCoding, node.systemCoding),
        eq(recordAttachments.gnCoding, node.gnCoding),
        eq(recordAttachments.recordId, recordId),
        eq(recordAttachments.annexNo, CREDIT_PENALTY_ANNEX),
        isNull(recordAttachments.deletedAt),
      ),
    )
    .limit(1);
  return file !== undefined;
}

/** An owner's approved records of a node with these fields, oldest first. */
export async function approvedRecordsOf(
  db: Db,
  node: ResolvedNode,
  fields: readonly FormItem[],
  ownerUserId: string,
): Promise<StoredRecord[]> {
  const result = await db.execute(sql`
    select ${recordSelect(fields)} from ${tableRef(node.tableName)} ${R}
    where ${R}.owner_user_id = ${ownerUserId}::uuid and ${R}.deleted_at is null and ${R}.status = 'approved'
    order by ${R}.created_at`);
  return rowsOf<Record<string, unknown>>(result).map((row) => storedOf(row, fields));
}

/**
 * The enterprise accounts with an approved record on the node (an administrator may keep items of
 * their own; those have no credit score).
 */
export async function enterprisesWithApprovedRecords(db: Db, node: ResolvedNode): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct r.owner_user_id::text as id from ${tableRef(node.tableName)} r
    join ${users} u on u.id = r.owner_user_id
    where r.deleted_at is null and r.status = 'approved' and u.login_role_type = 'U'`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** How many live approved records the node holds. */
export async function approvedRecordCount(db: Db, node: ResolvedNode): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from ${tableRef(node.tableName)} where deleted_at is null and status = 'approved'`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
