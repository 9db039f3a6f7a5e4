import { and, asc, desc, eq, exists, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clarificationDeliveries,
  clarificationFiles,
  clarificationHistory,
  clarificationObjections,
  clarifications,
} from '../../db/schema/clarifications.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { enterprises, users } from '../../db/schema/identity.ts';

/** The clarifications module's SQL (decision 0070): the service calls these named functions only. */

export type ClarificationRow = typeof clarifications.$inferSelect;
export type DeliveryRow = typeof clarificationDeliveries.$inferSelect;
export type ObjectionRow = typeof clarificationObjections.$inferSelect;
export type HistoryRow = typeof clarificationHistory.$inferSelect;

const live = isNull(clarifications.deletedAt);

/** The caller's enterprise name, or its user name when it has none (a bidder's name on its objection). */
export async function displayNameOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${enterprises.name}, ${users.userName})` })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.id, userId));
  return row?.name ?? '';
}

export async function findClarification(db: Db, id: string, lock = false): Promise<ClarificationRow | null> {
  const query = db
    .select()
    .from(clarifications)
    .where(and(eq(clarifications.id, id), live));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertClarification(
  db: Db,
  values: Omit<typeof clarifications.$inferInsert, 'id' | 'state' | 'version' | 'createdAt' | 'updatedAt'>,
): Promise<ClarificationRow> {
  const [row] = await db.insert(clarifications).values(values).returning();
  if (!row) throw new Error('clarification not inserted');
  return row;
}

/** Writes a clarification at the version read; undefined when another write came first. */
export async function updateClarification(
  db: Db,
  id: string,
  version: number,
  values: Partial<Omit<ClarificationRow, 'id' | 'createdBy' | 'createdAt' | 'version'>>,
): Promise<ClarificationRow | undefined> {
  const [row] = await db
    .update(clarifications)
    .set({ ...values, updatedAt: new Date(), version: sql`${clarifications.version} + 1` })
    .where(and(eq(clarifications.id, id), eq(clarifications.version, version), live))
    .returning();
  return row;
}

export interface ClarificationFilter {
  /** Only these projects' (a tenderee or agent); all when undefined (the centre). */
  projectIds?: readonly string[];
  /** Leave out drafts never submitted (the centre and supervisors do not see them). */
  withoutDrafts?: boolean;
  state?: ClarificationRow['state'];
  sectionId?: string;
}

/** Clarifications with their delivery and receipt counts, newest first. */
export async function listClarifications(db: Db, filter: ClarificationFilter) {
  const where: (SQL | undefined)[] = [live];
  if (filter.projectIds) {
    if (filter.projectIds.length === 0) return [];
    where.push(inArray(clarifications.projectId, [...filter.projectIds]));
  }
  if (filter.withoutDrafts) where.push(ne(clarifications.state, 'draft'));
  if (filter.state) where.push(eq(clarifications.state, filter.state));
  if (filter.sectionId) where.push(eq(clarifications.sectionId, filter.sectionId));
  return db
    .select({
      clarification: clarifications,
      deliveredCount: sql<number>`(select count(*)::int from clarification_deliveries d where d.clarification_id = clarifications.id)`,
      receivedCount: sql<number>`(select count(*)::int from clarification_deliveries d where d.clarification_id = clarifications.id and d.received_at is not null)`,
    })
    .from(clarifications)
    .where(and(...where))
    .orderBy(desc(clarifications.updatedAt))
    .limit(500);
}

export async function insertHistory(
  db: Db,
  entry: { clarificationId: string; actorId: string; actorName: string; action: string; reason?: string },
) {
  await db.insert(clarificationHistory).values(entry);
}

export async function historyOf(db: Db, clarificationId: string): Promise<HistoryRow[]> {
  return db
    .select()
    .from(clarificationHistory)
    .where(eq(clarificationHistory.clarificationId, clarificationId))
    .orderBy(clarificationHistory.at, clarificationHistory.id);
}

/**
 * Delivers a clarification to the listed bidders: one row per (clarification, bidder), a bidder
 * already delivered to keeps its row (ON CONFLICT DO NOTHING). Answers the bidders newly delivered to.
 */
export async function insertDeliveries(
  db: Db,
  clarificationId: string,
  bidders: readonly { bidderId: string; enterpriseName: string; downloadedAt: Date }[],
): Promise<string[]> {
  if (bidders.length === 0) return [];
  const rows = await db
    .insert(clarificationDeliveries)
    .values(bidders.map((bidder) => ({ clarificationId, ...bidder })))
    .onConflictDoNothing({
      target: [clarificationDeliveries.clarificationId, clarificationDeliveries.bidderId],
    })
    .returning({ bidderId: clarificationDeliveries.bidderId });
  return rows.map((row) => row.bidderId);
}

export async function deliveriesOf(db: Db, clarificationId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(clarificationDeliveries)
    .where(eq(clarificationDeliveries.clarificationId, clarificationId))
    .orderBy(clarificationDeliveries.deliveredAt, clarificationDeliveries.enterpriseName);
}

/** A bidder's own deliveries with their clarification, newest first. */
export async function deliveriesTo(db: Db, bidderId: string, deliveryId?: string) {
  const where: SQL[] = [eq(clarificationDeliveries.bidderId, bidderId)];
  if (deliveryId) where.push(eq(clarificationDeliveries.id, deliveryId));
  return db
    .select({ delivery: clarificationDeliveries, clarification: clarifications })
    .from(clarificationDeliveries)
    .innerJoin(clarifications, eq(clarifications.id, clarificationDeliveries.clarificationId))
    .where(and(...where))
    .orderBy(desc(clarificationDeliveries.deliveredAt))
    .limit(500);
}

/** 确认收到: sets receivedAt once; a second call keeps the first time. False when not the bidder's. */
export async function markReceived(db: Db, deliveryId: string, bidderId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(clarificationDeliveries)
    .set({
      receivedAt: sql`coalesce(${clarificationDeliveries.receivedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(clarificationDeliveries.id, deliveryId), eq(clarificationDeliveries.bidderId, bidderId)))
    .returning({ id: clarificationDeliveries.id });
  return rows.length > 0;
}

export async function insertObjection(
  db: Db,
  values: Omit<typeof clarificationObjections.$inferInsert, 'id' | 'state' | 'version'>,
): Promise<ObjectionRow> {
  const [row] = await db.insert(clarificationObjections).values(values).returning();
  if (!row) throw new Error('objection not inserted');
  return row;
}

export async function findObjection(db: Db, id: string, lock = false): Promise<ObjectionRow | null> {
  const query = db.select().from(clarificationObjections).where(eq(clarificationObjections.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Answers an open objection at the version read; undefined when it was answered or changed. */
export async function answerObjection(
  db: Db,
  id: string,
  version: number,
  values: { answer: string; answeredBy: string; answeredByName: string; answeredAt: Date },
): Promise<ObjectionRow | undefined> {
  const [row] = await db
    .update(clarificationObjections)
    .set({ ...values, state: 'answered', version: sql`${clarificationObjections.version} + 1` })
    .where(
      and(
        eq(clarificationObjections.id, id),
        eq(clarificationObjections.version, version),
        eq(clarificationObjections.state, 'open'),
      ),
    )
    .returning();
  return row;
}

export interface ObjectionFilter {
  /** Raised by this user (a bidder sees only its own). */
  raisedBy?: string;
  /** On these projects (a tenderee or agent). */
  projectIds?: readonly string[];
}

/** Objections newest first: a bidder's own, those on a party's projects (either), or all. */
export async function listObjections(db: Db, filter: ObjectionFilter): Promise<ObjectionRow[]> {
  const where: SQL[] = [];
  if (filter.raisedBy) where.push(eq(clarificationObjections.raisedBy, filter.raisedBy));
  if (filter.projectIds && filter.projectIds.length > 0)
    where.push(inArray(clarificationObjections.projectId, [...filter.projectIds]));
  if (filter.raisedBy === undefined && filter.projectIds === undefined) where.push(sql`true`);
  if (where.length === 0) return [];
  return db
    .select()
    .from(clarificationObjections)
    .where(or(...where))
    .orderBy(desc(clarificationObjections.raisedAt))
    .limit(500);
}

/** Whether an objection on the section waits for its answer (the section is paused meanwhile). */
export async function hasOpenObjection(db: Db, sectionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clarificationObjections.id })
    .from(clarificationObjections)
    .where(and(eq(clarificationObjections.sectionId, sectionId), eq(clarificationObjections.state, 'open')))
    .limit(1);
  return row !== undefined;
}

/** A demo account by its login name (the trading demo's tenderee drafts the demo clarification). */
export async function demoUser(db: Db, account: string) {
  const [row] = await db.select().from(users).where(eq(users.account, account));
  return row ?? null;
}

/** The live clarifications of a section already sent. */
export async function sentClarificationIds(db: Db, sectionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: clarifications.id })
    .from(clarifications)
    .where(and(eq(clarifications.sectionId, sectionId), eq(clarifications.state, 'sent'), live));
  return rows.map((row) => row.id);
}

/** A clarification's live attachments, in the order attached. */
export async function filesOf(db: Db, clarificationId: string) {
  return db
    .select({ id: storedFiles.id, fileName: storedFiles.fileName })
    .from(clarificationFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, clarificationFiles.fileId))
    .where(and(eq(clarificationFiles.clarificationId, clarificationId), isNull(storedFiles.deletedAt)))
    .orderBy(asc(clarificationFiles.createdAt), asc(clarificationFiles.id));
}

/** Of `fileIds`, those that are live uploads of `ownerId` or already attached to the clarification. */
export async function usableFiles(
  db: Db,
  clarificationId: string | null,
  ownerId: string,
  fileIds: readonly string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const mine = eq(storedFiles.ownerUserId, ownerId);
  const attached = clarificationId
    ? exists(
        db
          .select({ one: sql`1` })
          .from(clarificationFiles)
          .where(
            and(
              eq(clarificationFiles.clarificationId, clarificationId),
              eq(clarificationFiles.fileId, storedFiles.id),
            ),
          ),
      )
    : undefined;
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, [...fileIds]), isNull(storedFiles.deletedAt), or(mine, attached)));
  return rows.map((row) => row.id);
}

/** The clarification's attachments become exactly `fileIds`, in that order. */
export async function setFiles(db: Db, clarificationId: string, fileIds: readonly string[]) {
  await db.delete(clarificationFiles).where(eq(clarificationFiles.clarificationId, clarificationId));
  for (const fileId of fileIds) await db.insert(clarificationFiles).values({ clarificationId, fileId });
}

/** Whether the file is attached to the clarification. */
export async function isAttached(db: Db, clarificationId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clarificationFiles.id })
    .from(clarificationFiles)
    .where(
      and(eq(clarificationFiles.clarificationId, clarificationId), eq(clarificationFiles.fileId, fileId)),
    );
  return row !== undefined;
}

/** Whether the clarification was delivered to the bidder. */
export async function isDeliveredTo(db: Db, clarificationId: string, bidderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clarificationDeliveries.id })
    .from(clarificationDeliveries)
    .where(
      and(
        eq(clarificationDeliveries.clarificationId, clarificationId),
        eq(clarificationDeliveries.bidderId, bidderId),
      ),
    );
  return row !== undefined;
}
