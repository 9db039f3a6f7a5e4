import type { UploadedFile } from '@ks/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAttachments, storedFiles } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { reviewsAttachmentRecord } from '../workflow/repository.ts';
import { toUploadedFile } from './service.ts';

/**
 * Whose attachments of a record a user may change: administrators all, others their own (reviewers
 * of the record also read them, see findRecordFiles).
 */
export function attachmentsOwnedBy(user: SessionUser) {
  return user.loginRoleType === 'M' ? sql`true` : eq(recordAttachments.ownerUserId, user.id);
}

/**
 * The files of some records of one node that `user` may see, by record id, oldest first: the
 * attachment list of a record page, and the fileList of card rows and picker rows (spec 001 §3
 * "Card row"). One statement for a whole page.
 */
export async function findRecordFiles(
  db: Db,
  user: SessionUser,
  node: { systemCoding: string; gnCoding: string },
  recordIds: readonly string[],
): Promise<Map<string, UploadedFile[]>> {
  const byRecord = new Map<string, UploadedFile[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select({ file: storedFiles, annexNo: recordAttachments.annexNo, recordId: recordAttachments.recordId })
    .from(recordAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, recordAttachments.fileId))
    .where(
      and(
        eq(recordAttachments.systemCoding, node.systemCoding),
        eq(recordAttachments.gnCoding, node.gnCoding),
        inArray(recordAttachments.recordId, [...recordIds]),
        isNull(recordAttachments.deletedAt),
        isNull(storedFiles.deletedAt),
        // Reviewers read the files of the records assigned to them; only owners change them.
        or(attachmentsOwnedBy(user), reviewsAttachmentRecord(user.id)),
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
