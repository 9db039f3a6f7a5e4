import type { NodeId } from '@ks/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditOrgMembers, auditOrgs } from '../../db/schema/authority.ts';
import { recordAttachments, storedFiles } from '../../db/schema/files.ts';
import { users } from '../../db/schema/identity.ts';
import { recordChanges } from '../../db/schema/record-changes.ts';
import { menuNodes, systems } from '../../db/schema/shell.ts';
import { fileUrl } from '../../platform/file-refs.ts';

/** The SQL of change requests: rounds of a record, one round under lock, files and attachments. */

export type ChangeRow = typeof recordChanges.$inferSelect;
export type ChangeRowWithNames = ChangeRow & { requesterName: string; reviewerName: string };

/** Every live round of a record, oldest first, with the requester's and reviewer's names. */
export async function roundsOf(db: Db, gnCoding: string, businessId: string): Promise<ChangeRowWithNames[]> {
  const rows = await db
    .select({
      change: recordChanges,
      requesterName: sql<string>`coalesce((select u.user_name from users u where u.id = ${recordChanges.requesterUserId}), '')`,
      reviewerName: sql<string>`coalesce((select u.user_name from users u where u.id = ${recordChanges.reviewerUserId}), '')`,
    })
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.gnCoding, gnCoding),
        eq(recordChanges.businessId, businessId),
        isNull(recordChanges.deletedAt),
      ),
    )
    .orderBy(asc(recordChanges.round));
  return rows.map((row) => ({
    ...row.change,
    requesterName: row.requesterName,
    reviewerName: row.reviewerName,
  }));
}

/** One live round by id; `lock` takes it FOR UPDATE in the caller's transaction. */
export async function findChange(db: Db, id: string, lock = false): Promise<ChangeRow | null> {
  const query = db
    .select()
    .from(recordChanges)
    .where(and(eq(recordChanges.id, id), isNull(recordChanges.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The next round number of a record. */
export async function nextRound(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${recordChanges.round}), 0)::int` })
    .from(recordChanges)
    .where(and(eq(recordChanges.businessId, businessId), isNull(recordChanges.deletedAt)));
  return Number(row?.max ?? 0) + 1;
}

/** Stored files by id (live only). */
export async function filesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, [...ids]), isNull(storedFiles.deletedAt)));
}

/** The urls of a record's live attachments, oldest first. */
export async function enclosureOf(db: Db, systemCoding: string, gnCoding: string, recordId: string) {
  return (await enclosureFilesOf(db, systemCoding, gnCoding, recordId)).map((file) => file.url);
}

/** A record's live attachments as a change lists them (url, name), oldest first. */
export async function enclosureFilesOf(db: Db, systemCoding: string, gnCoding: string, recordId: string) {
  const rows = await db
    .select({ fileId: recordAttachments.fileId, fileName: storedFiles.fileName })
    .from(recordAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, recordAttachments.fileId))
    .where(
      and(
        eq(recordAttachments.systemCoding, systemCoding),
        eq(recordAttachments.gnCoding, gnCoding),
        eq(recordAttachments.recordId, recordId),
        isNull(recordAttachments.deletedAt),
        isNull(storedFiles.deletedAt),
      ),
    )
    .orderBy(asc(recordAttachments.createdAt));
  return rows.map((row) => ({ fileId: row.fileId, url: fileUrl(row.fileId), annexName: row.fileName }));
}

/** A user's name (for notices). */
export async function userName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.userName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** Active administrators: the candidates for a change's reviewers' to-dos. */
export const activeAdministrators = (db: Db) =>
  db
    .select({
      id: users.id,
      userCode: users.userCode,
      userName: users.userName,
      enterpriseId: users.enterpriseId,
    })
    .from(users)
    .where(and(eq(users.loginRoleType, 'M'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.userCode));

/** The name of the system a node belongs to, for the to-do list's grouping. */
export async function systemNameOf(db: Db, nodeId: NodeId): Promise<string> {
  const [row] = await db
    .select({ systemName: systems.systemName })
    .from(menuNodes)
    .innerJoin(systems, eq(systems.id, menuNodes.systemId))
    .where(eq(menuNodes.id, nodeId));
  return row?.systemName ?? '';
}

/** Whether the user is a member of one of these (live) audit organisations. */
export async function isMemberOfAuditOrgs(
  db: Db,
  userId: string,
  orgIds: readonly string[],
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(auditOrgMembers)
    .innerJoin(auditOrgs, eq(auditOrgs.id, auditOrgMembers.orgId))
    .where(
      and(
        inArray(auditOrgMembers.orgId, [...orgIds]),
        eq(auditOrgMembers.userId, userId),
        isNull(auditOrgs.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A round's id and version, as a write answers them. */
export type SavedChange = { id: string; version: number };

/** Whether the record has a round being requested or reviewed (change = 1). */
export async function hasOpenRound(tx: Db, businessId: string): Promise<boolean> {
  const open = await tx
    .select({ id: recordChanges.id })
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.businessId, businessId),
        eq(recordChanges.change, 1),
        isNull(recordChanges.deletedAt),
      ),
    );
  return open.length > 0;
}

/** A new round of a record's changes. */
export async function insertChange(
  tx: Db,
  change: Omit<typeof recordChanges.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'version'>,
): Promise<SavedChange> {
  const [row] = await tx
    .insert(recordChanges)
    .values(change)
    .returning({ id: recordChanges.id, version: recordChanges.version });
  if (!row) throw new Error('change not inserted');
  return row;
}

/** Rewrites an open round's content at the version read; undefined when it changed meanwhile. */
export async function updateChangeContent(
  tx: Db,
  id: string,
  version: number,
  content: Pick<ChangeRow, 'changeType' | 'changeTypeCode' | 'logbook' | 'fileList' | 'dataList' | 'contact'>,
): Promise<SavedChange | undefined> {
  const [row] = await tx
    .update(recordChanges)
    .set({ ...content, version: sql`${recordChanges.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(recordChanges.id, id),
        eq(recordChanges.version, version),
        eq(recordChanges.change, 1),
        isNull(recordChanges.deletedAt),
      ),
    )
    .returning({ id: recordChanges.id, version: recordChanges.version });
  return row;
}

/** Marks an open, unsubmitted round submitted at the version read; undefined when it changed. */
export async function markChangeSubmitted(
  tx: Db,
  id: string,
  version: number,
  submittedAt: Date,
  reviewTodoIds: string[],
): Promise<SavedChange | undefined> {
  const [row] = await tx
    .update(recordChanges)
    .set({ submittedAt, reviewTodoIds, version: sql`${recordChanges.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(recordChanges.id, id),
        eq(recordChanges.version, version),
        eq(recordChanges.change, 1),
        isNull(recordChanges.submittedAt),
      ),
    )
    .returning({ id: recordChanges.id, version: recordChanges.version });
  return row;
}

/** Writes a review's decision (2 passed, -1 rejected) on a round the caller holds locked. */
export async function decideChange(
  tx: Db,
  id: string,
  decision: { change: 2 | -1; auditRecord: string; reviewerUserId: string },
): Promise<SavedChange | undefined> {
  const [row] = await tx
    .update(recordChanges)
    .set({
      ...decision,
      decidedAt: new Date(),
      version: sql`${recordChanges.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(recordChanges.id, id))
    .returning({ id: recordChanges.id, version: recordChanges.version });
  return row;
}
