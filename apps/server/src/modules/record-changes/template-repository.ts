import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { users } from '../../db/schema/identity.ts';
import { recordChangeTemplates } from '../../db/schema/record-changes.ts';

/** The SQL of the change-description template's versions (decision 0054). */

/** The newest version with its file's size and its author's name (null before the first). */
export async function latestTemplate(db: Db) {
  const [row] = await db
    .select({
      templateVersion: recordChangeTemplates.templateVersion,
      fileId: recordChangeTemplates.fileId,
      fileName: recordChangeTemplates.fileName,
      size: storedFiles.size,
      createdAt: recordChangeTemplates.createdAt,
      createdBy: users.userName,
    })
    .from(recordChangeTemplates)
    .innerJoin(users, eq(users.id, recordChangeTemplates.createdBy))
    .leftJoin(storedFiles, eq(storedFiles.id, recordChangeTemplates.fileId))
    .orderBy(desc(recordChangeTemplates.templateVersion))
    .limit(1);
  return row ?? null;
}

/** Holds the template's versions to the end of the transaction: one new version at a time. */
export async function lockTemplateVersions(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ks.record-changes.template'))`);
}

export async function insertTemplateVersion(
  tx: Db,
  version: { templateVersion: number; fileId: string | null; fileName: string; createdBy: string },
): Promise<void> {
  await tx.insert(recordChangeTemplates).values(version);
}
