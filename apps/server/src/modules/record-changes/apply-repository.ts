import type { FormItem, NativeValue } from '@ks/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAttachments } from '../../db/schema/files.ts';
import { fieldIdent, rowsOf, tableRef } from '../../engine/node-tables.ts';
import { R, type ResolvedNode, writeExpression } from '../../engine/record-store.ts';

/** The SQL that writes a passed change onto its record: the row lock, the values, the attachments. */

/** Locks a record's row to the end of the transaction. */
export async function lockRecord(tx: Db, node: ResolvedNode, recordId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${tableRef(node.tableName)} where id = ${recordId}::uuid for update`);
}

/**
 * Writes new values of these fields onto a live record at the version read; answers its new
 * version, undefined when the record changed meanwhile.
 */
export async function writeRecordValues(
  tx: Db,
  node: ResolvedNode,
  record: { id: string; version: number },
  fields: readonly { item: FormItem; value: NativeValue }[],
): Promise<number | undefined> {
  const sets: SQL[] = fields.map(
    ({ item, value }) => sql`${fieldIdent(item.code)} = ${writeExpression(item, value)}`,
  );
  const result = await tx.execute(sql`
    update ${tableRef(node.tableName)} ${R} set ${sql.join([...sets, sql`version = ${R}.version + 1`, sql`updated_at = now()`], sql`, `)}
    where ${R}.id = ${record.id}::uuid and ${R}.version = ${record.version} and ${R}.deleted_at is null
    returning ${R}.version`);
  const [updated] = rowsOf<{ version: number }>(result);
  return updated ? Number(updated.version) : undefined;
}

/** A record's attachments become these files: others soft-deleted, missing ones attached. */
export async function replaceAttachments(
  tx: Db,
  node: ResolvedNode,
  recordId: string,
  ownerId: string,
  fileIds: ReadonlySet<string>,
): Promise<void> {
  const present = await tx
    .select({ id: recordAttachments.id, fileId: recordAttachments.fileId })
    .from(recordAttachments)
    .where(
      and(
        eq(recordAttachments.systemCoding, node.systemCoding),
        eq(recordAttachments.gnCoding, node.gnCoding),
        eq(recordAttachments.recordId, recordId),
        isNull(recordAttachments.deletedAt),
      ),
    );
  const removed = present.filter((row) => !fileIds.has(row.fileId)).map((row) => row.id);
  if (removed.length)
    await tx
      .update(recordAttachments)
      .set({ deletedAt: new Date() })
      .where(inArray(recordAttachments.id, removed));
  const have = new Set(present.map((row) => row.fileId));
  const added = [...fileIds].filter((fileId) => !have.has(fileId));
  if (added.length)
    await tx.insert(recordAttachments).values(
      added.map((fileId) => ({
        systemCoding: node.systemCoding,
        gnCoding: node.gnCoding,
        recordId,
        annexNo: '',
        fileId,
        ownerUserId: ownerId,
      })),
    );
}
