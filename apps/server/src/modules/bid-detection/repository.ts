import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bidDocuments, bidPages, bidPublicity, bidRequirements } from '../../db/schema/bid-detection.ts';
import { annexSlots, storedFiles } from '../../db/schema/files.ts';

/**
 * SQL of the bid-document detection (decision 0052): documents, their pages and results, the
 * projects' requirements and publicity. The cost projects they hang under are the cost files
 * module's, read through its port.
 */

export type DocumentRow = typeof bidDocuments.$inferSelect;
export type PublicityRow = typeof bidPublicity.$inferSelect;
export type RequirementsRow = typeof bidRequirements.$inferSelect;
type DocumentFields = Partial<typeof bidDocuments.$inferInsert>;
type RequirementsValues = Omit<typeof bidRequirements.$inferInsert, 'projectId' | 'version'>;

/** Pages are inserted in batches of this many rows. */
const PAGE_BATCH = 200;

/** An upload slot of the platform's file store, created once (a second start's insert does nothing). */
export async function ensureSlot(db: Db, slot: typeof annexSlots.$inferInsert): Promise<void> {
  await db.insert(annexSlots).values(slot).onConflictDoNothing();
}

// -- documents ----------------------------------------------------------------------------------

export async function insertDocument(db: Db, values: typeof bidDocuments.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(bidDocuments).values(values).returning();
  if (!row) throw new Error('bid document insert returned nothing');
  return row;
}

/** Deletes a document (softly) and its pages. */
export async function removeDocument(db: Db, id: string, at: Date): Promise<void> {
  await db.update(bidDocuments).set({ deletedAt: at }).where(eq(bidDocuments.id, id));
  await db.delete(bidPages).where(eq(bidPages.documentId, id));
}

/** Marks every live document of the project waiting for its detection; answers their ids. */
export async function markProjectPending(db: Db, projectId: string): Promise<{ id: string }[]> {
  return db
    .update(bidDocuments)
    .set({ state: 'pending', error: null })
    .where(and(eq(bidDocuments.projectId, projectId), isNull(bidDocuments.deletedAt)))
    .returning({ id: bidDocuments.id });
}

/** The live documents of a project with their files' names, oldest first; of one bidder when given. */
export async function projectDocuments(
  db: Db,
  projectId: string,
  bidderUserId?: string,
): Promise<{ doc: DocumentRow; fileName: string }[]> {
  return db
    .select({ doc: bidDocuments, fileName: storedFiles.fileName })
    .from(bidDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, bidDocuments.fileId))
    .where(
      and(
        eq(bidDocuments.projectId, projectId),
        isNull(bidDocuments.deletedAt),
        bidderUserId === undefined ? undefined : eq(bidDocuments.bidderUserId, bidderUserId),
      ),
    )
    .orderBy(asc(bidDocuments.createdAt), asc(bidDocuments.id));
}

/** A live document of the project by its bidder: the account when known, else the name. */
export async function bidderDocument(
  db: Db,
  projectId: string,
  bidder: { bidderUserId: string | null; bidderName: string | null },
): Promise<{ doc: DocumentRow; fileName: string } | null> {
  const [row] = await db
    .select({ doc: bidDocuments, fileName: storedFiles.fileName })
    .from(bidDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, bidDocuments.fileId))
    .where(
      and(
        eq(bidDocuments.projectId, projectId),
        isNull(bidDocuments.deletedAt),
        bidder.bidderUserId
          ? eq(bidDocuments.bidderUserId, bidder.bidderUserId)
          : eq(bidDocuments.bidderName, bidder.bidderName ?? ''),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether the enterprise has a live document of the project. */
export async function hasDocument(db: Db, projectId: string, bidderUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bidDocuments.id })
    .from(bidDocuments)
    .where(
      and(
        eq(bidDocuments.projectId, projectId),
        eq(bidDocuments.bidderUserId, bidderUserId),
        isNull(bidDocuments.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The project of a document, live or deleted (null for no such document). */
export async function documentProject(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ projectId: bidDocuments.projectId })
    .from(bidDocuments)
    .where(eq(bidDocuments.id, id));
  return row?.projectId ?? null;
}

export async function liveDocument(db: Db, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(bidDocuments)
    .where(and(eq(bidDocuments.id, id), isNull(bidDocuments.deletedAt)));
  return row ?? null;
}

export async function storedFileName(db: Db, fileId: string): Promise<string | null> {
  const [row] = await db
    .select({ fileName: storedFiles.fileName })
    .from(storedFiles)
    .where(eq(storedFiles.id, fileId));
  return row?.fileName ?? null;
}

export async function setDocumentFields(db: Db, id: string, fields: DocumentFields): Promise<void> {
  await db.update(bidDocuments).set(fields).where(eq(bidDocuments.id, id));
}

/**
 * A detection's pages and results in place of the previous ones, in the caller's transaction; the
 * document's row is locked first, and a document deleted meanwhile is left alone.
 */
export async function writeDetection(db: Db, id: string, pages: string[], fields: DocumentFields) {
  const [live] = await db
    .select({ id: bidDocuments.id })
    .from(bidDocuments)
    .where(and(eq(bidDocuments.id, id), isNull(bidDocuments.deletedAt)))
    .for('update');
  if (!live) return;
  await db.delete(bidPages).where(eq(bidPages.documentId, id));
  for (let i = 0; i < pages.length; i += PAGE_BATCH) {
    await db
      .insert(bidPages)
      .values(pages.slice(i, i + PAGE_BATCH).map((text, j) => ({ documentId: id, pageNo: i + j + 1, text })));
  }
  await db.update(bidDocuments).set(fields).where(eq(bidDocuments.id, id));
}

/** A refused document: no pages, its state and reason (a live document only). */
export async function writeRefusal(db: Db, id: string, fields: DocumentFields): Promise<void> {
  await db.delete(bidPages).where(eq(bidPages.documentId, id));
  await db
    .update(bidDocuments)
    .set(fields)
    .where(and(eq(bidDocuments.id, id), isNull(bidDocuments.deletedAt)));
}

/** A detection still waiting or running failed: the document says why. */
export async function failWaitingDetection(db: Db, id: string, message: string): Promise<void> {
  await db
    .update(bidDocuments)
    .set({ state: 'failed', error: message })
    .where(and(eq(bidDocuments.id, id), sql`${bidDocuments.state} in ('pending', 'parsing')`));
}

/** Whether the project has a live document with a result. */
export async function hasCheckedDocument(db: Db, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bidDocuments.id })
    .from(bidDocuments)
    .where(
      and(
        eq(bidDocuments.projectId, projectId),
        eq(bidDocuments.state, 'checked'),
        isNull(bidDocuments.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// -- requirements -------------------------------------------------------------------------------

export async function requirementsOf(db: Db, projectId: string): Promise<RequirementsRow | null> {
  const [row] = await db.select().from(bidRequirements).where(eq(bidRequirements.projectId, projectId));
  return row ?? null;
}

/** The project's first requirements; false when another save made them first. */
export async function insertRequirements(
  db: Db,
  projectId: string,
  values: RequirementsValues,
): Promise<boolean> {
  const inserted = await db
    .insert(bidRequirements)
    .values({ projectId, ...values })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}

/** The project's requirements at this version replaced by the next; false when not at this version. */
export async function updateRequirements(
  db: Db,
  projectId: string,
  version: number,
  values: RequirementsValues,
): Promise<boolean> {
  const updated = await db
    .update(bidRequirements)
    .set({ ...values, version: sql`${bidRequirements.version} + 1` })
    .where(and(eq(bidRequirements.projectId, projectId), eq(bidRequirements.version, version)))
    .returning();
  return updated.length > 0;
}

// -- publicity ----------------------------------------------------------------------------------

export async function latestPublicity(db: Db, projectId: string): Promise<PublicityRow | null> {
  const [row] = await db
    .select()
    .from(bidPublicity)
    .where(eq(bidPublicity.projectId, projectId))
    .orderBy(desc(bidPublicity.startsAt))
    .limit(1);
  return row ?? null;
}

/** How many days the project's requirements say a publicity lasts (null without requirements). */
export async function publicityDays(db: Db, projectId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: bidRequirements.publicityDays })
    .from(bidRequirements)
    .where(eq(bidRequirements.projectId, projectId));
  return row?.days ?? null;
}

export async function insertPublicity(db: Db, values: typeof bidPublicity.$inferInsert): Promise<void> {
  await db.insert(bidPublicity).values(values);
}

export async function closePublicity(db: Db, id: string, at: Date): Promise<void> {
  await db.update(bidPublicity).set({ closedAt: at }).where(eq(bidPublicity.id, id));
}
