import type { UploadedFile } from '@ks/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { annexSlots, recordAttachments, storedFiles } from '../db/schema/index.ts';
import type { SessionUser } from '../platform/access.ts';
import { toUploadedFile } from '../platform/file-refs.ts';
import { tableRef } from './node-tables.ts';
import { canReadRecord, viewScopeFor } from './record-readers.ts';
import { R, resolveNodeIfAny, UUID_PATTERN } from './record-store.ts';

/**
 * Whose attachments of a target that is not a node record (another module's page, like 我的附件)
 * a user may see and change: administrators all, others their own uploads. A node record's
 * attachments follow the record instead (RecordFilesScope).
 */
export function attachmentsOwnedBy(user: SessionUser) {
  return user.loginRoleType === 'M' ? sql`true` : eq(recordAttachments.ownerUserId, user.id);
}

/**
 * Which records' files a call reads: a node's records under the caller's read scope on its table
 * (whoever may read a record reads all of its files, whoever attached them), or null for targets
 * that are not node records, which keep the uploader's rule.
 */
export type RecordFilesScope = { tableName: string; readable: SQL } | null;

/** The files scope of a target for `user`: its node's view scope, or null when it names no published node. */
export async function recordFilesScope(
  db: Db,
  user: SessionUser,
  target: { systemCoding: string; gnCoding: string },
): Promise<RecordFilesScope> {
  const node = await resolveNodeIfAny(db, target.systemCoding, target.gnCoding, user);
  return node ? { tableName: node.tableName, readable: await viewScopeFor(db, user, node) } : null;
}

/**
 * The attachments whose node record is among `recordIds` and readable under `scope`: one
 * uncorrelated subquery on the table's primary key, so a page costs one lookup per record.
 */
function onReadableRecords(scope: NonNullable<RecordFilesScope>, recordIds: readonly string[]): SQL {
  const ids = recordIds.filter((id) => UUID_PATTERN.test(id));
  if (ids.length === 0) return sql`false`;
  return sql`lower(${recordAttachments.recordId}) in (select ${R}.id::text from ${tableRef(scope.tableName)} ${R}
    where ${R}.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${R}.deleted_at is null and (${scope.readable}))`;
}

/**
 * The files of some records of one target that `user` may see, by record id, oldest first: the
 * attachment list of a record page, and the fileList of card rows and picker rows. One statement for a whole page.
 */
export async function findRecordFiles(
  db: Db,
  user: SessionUser,
  target: { systemCoding: string; gnCoding: string },
  recordIds: readonly string[],
  scope: RecordFilesScope,
): Promise<Map<string, UploadedFile[]>> {
  const byRecord = new Map<string, UploadedFile[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select({ file: storedFiles, annexNo: recordAttachments.annexNo, recordId: recordAttachments.recordId })
    .from(recordAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, recordAttachments.fileId))
    .where(
      and(
        eq(recordAttachments.systemCoding, target.systemCoding),
        eq(recordAttachments.gnCoding, target.gnCoding),
        inArray(recordAttachments.recordId, [...recordIds]),
        isNull(recordAttachments.deletedAt),
        isNull(storedFiles.deletedAt),
        scope ? onReadableRecords(scope, recordIds) : attachmentsOwnedBy(user),
      ),
    )
    .orderBy(recordAttachments.createdAt);
  for (const row of rows) {
    const files = byRecord.get(row.recordId) ?? [];
    files.push(toUploadedFile(row.file, row.annexNo));
    byRecord.set(row.recordId, files);
  }
  return byRecord;
}

/** A record a stored file is attached to. */
export type AttachmentLink = { systemCoding: string; gnCoding: string; recordId: string };

/**
 * Whether `user` may read one of the node records a file is attached to: the download grant of an
 * attachment (FileService.getReadable) beyond its uploader and administrators. Links to targets
 * that are not node records grant nothing.
 */
export async function readsAnyAttachedRecord(
  db: Db,
  user: SessionUser,
  links: readonly AttachmentLink[],
): Promise<boolean> {
  if (user.loginRoleType === 'D') return false;
  for (const link of links) {
    const node = await resolveNodeIfAny(db, link.systemCoding, link.gnCoding, user);
    if (node && (await canReadRecord(db, user, node, link.recordId))) return true;
  }
  return false;
}

/**
 * The names of the node's required annex slots (附件) that hold no file of the record, in the
 * slots' order: a record is submitted with its required files, whatever the client checked.
 */
export async function missingRequiredAnnexes(
  db: Db,
  node: { systemCoding: string; gnCoding: string },
  recordId: string,
): Promise<string[]> {
  const filled = db
    .select({ one: sql`1` })
    .from(recordAttachments)
    .where(
      and(
        eq(recordAttachments.systemCoding, node.systemCoding),
        eq(recordAttachments.gnCoding, annexSlots.gnCoding),
        eq(recordAttachments.recordId, recordId),
        eq(recordAttachments.annexNo, annexSlots.annexNo),
        isNull(recordAttachments.deletedAt),
      ),
    );
  const rows = await db
    .select({ name: annexSlots.annexName })
    .from(annexSlots)
    .where(
      and(
        eq(annexSlots.gnCoding, node.gnCoding),
        eq(annexSlots.isRequired, true),
        isNull(annexSlots.deletedAt),
        sql`not exists (${filled})`,
      ),
    )
    .orderBy(annexSlots.sort, annexSlots.annexNo);
  return rows.map((row) => row.name);
}
