import type { TenderDocKind, TradingSide } from '@ks/contract';
import { and, asc, count, eq, inArray, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { tenderDocuments, tenderDownloads, tenderSignUps } from '../../db/schema/tender-files.ts';

/** The tender-files module's SQL (decision 0070); confidentiality is written here (decision 0077). */

export type DocumentRow = typeof tenderDocuments.$inferSelect;
export type SignUpRow = typeof tenderSignUps.$inferSelect;

/**
 * Who reads sign-ups and downloads, on the server's clock. The restriction is part of every query
 * that lists or counts them: centre and supervisors read all rows; a bidder only its own; the
 * tenderee and the agent nothing until the bid deadline has passed; anyone else nothing.
 */
export interface Viewer {
  side: TradingSide;
  userId: string;
  now: Date;
  bidDeadlineAt: Date;
}

function visibleTo(bidderColumn: AnyPgColumn, viewer: Viewer): SQL {
  switch (viewer.side) {
    case 'centre':
    case 'supervisor':
      return sql`true`;
    case 'bidder':
      return eq(bidderColumn, viewer.userId);
    case 'tenderee':
    case 'agent':
      return sql`${viewer.now.toISOString()}::timestamptz >= ${viewer.bidDeadlineAt.toISOString()}::timestamptz`;
    default:
      return sql`false`;
  }
}

const bidderName = sql<string>`coalesce(${enterprises.name}, ${users.userName})`;

export async function insertDocument(db: Db, values: typeof tenderDocuments.$inferInsert) {
  const [row] = await db.insert(tenderDocuments).values(values).returning();
  if (!row) throw new Error('tender document insert returned nothing');
  return row;
}

export async function findDocument(db: Db, id: string, lock = false): Promise<DocumentRow | null> {
  const query = db
    .select()
    .from(tenderDocuments)
    .where(and(eq(tenderDocuments.id, id), isNull(tenderDocuments.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function documentWithFile(db: Db, sectionId: string, fileId: string) {
  const [row] = await db
    .select({ id: tenderDocuments.id })
    .from(tenderDocuments)
    .where(
      and(
        eq(tenderDocuments.sectionId, sectionId),
        eq(tenderDocuments.fileId, fileId),
        isNull(tenderDocuments.deletedAt),
      ),
    );
  return row ?? null;
}

/** Soft delete at the version read; false when the version moved. */
export async function softDeleteDocument(db: Db, id: string, version: number): Promise<boolean> {
  const rows = await db
    .update(tenderDocuments)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${tenderDocuments.version} + 1` })
    .where(
      and(
        eq(tenderDocuments.id, id),
        eq(tenderDocuments.version, version),
        isNull(tenderDocuments.deletedAt),
      ),
    )
    .returning({ id: tenderDocuments.id });
  return rows.length === 1;
}

export async function documentsOf(db: Db, sectionId: string, kind?: TenderDocKind): Promise<DocumentRow[]> {
  return db
    .select()
    .from(tenderDocuments)
    .where(
      and(
        eq(tenderDocuments.sectionId, sectionId),
        isNull(tenderDocuments.deletedAt),
        kind ? eq(tenderDocuments.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(tenderDocuments.createdAt));
}

export async function findSignUp(db: Db, sectionId: string, bidderId: string): Promise<SignUpRow | null> {
  const [row] = await db
    .select()
    .from(tenderSignUps)
    .where(and(eq(tenderSignUps.sectionId, sectionId), eq(tenderSignUps.bidderId, bidderId)));
  return row ?? null;
}

/** One row per section and bidder: a second sign-up (even a concurrent one) inserts nothing. */
export async function insertSignUp(
  db: Db,
  values: Pick<SignUpRow, 'sectionId' | 'bidderId' | 'contactName' | 'contactPhone'>,
): Promise<SignUpRow | null> {
  const [row] = await db
    .insert(tenderSignUps)
    .values(values)
    .onConflictDoNothing({ target: [tenderSignUps.sectionId, tenderSignUps.bidderId] })
    .returning();
  return row ?? null;
}

/** The sections among `sectionIds` the bidder signed up for. */
export async function signedUpSections(db: Db, bidderId: string, sectionIds: readonly string[]) {
  if (sectionIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ sectionId: tenderSignUps.sectionId })
    .from(tenderSignUps)
    .where(and(eq(tenderSignUps.bidderId, bidderId), inArray(tenderSignUps.sectionId, [...sectionIds])));
  return new Set(rows.map((row) => row.sectionId));
}

export async function bidderNameOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: bidderName })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.id, userId));
  return row?.name ?? '';
}

/** A section's sign-ups as `viewer` may see them, earliest first. */
export async function signUpsVisibleTo(db: Db, sectionId: string, viewer: Viewer) {
  return db
    .select({
      id: tenderSignUps.id,
      bidderId: tenderSignUps.bidderId,
      bidderName,
      contactName: tenderSignUps.contactName,
      contactPhone: tenderSignUps.contactPhone,
      signedUpAt: tenderSignUps.signedUpAt,
    })
    .from(tenderSignUps)
    .innerJoin(users, eq(users.id, tenderSignUps.bidderId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(tenderSignUps.sectionId, sectionId), visibleTo(tenderSignUps.bidderId, viewer)))
    .orderBy(asc(tenderSignUps.signedUpAt));
}

/** How many bidders signed up, counted as `viewer` may count them (0 when it may see none). */
export async function countSignUpsVisibleTo(db: Db, sectionId: string, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(tenderSignUps)
    .where(and(eq(tenderSignUps.sectionId, sectionId), visibleTo(tenderSignUps.bidderId, viewer)));
  return row?.count ?? 0;
}

/** A section's downloads as `viewer` may see them, latest first. */
export async function downloadsVisibleTo(db: Db, sectionId: string, viewer: Viewer) {
  return db
    .select({
      id: tenderDownloads.id,
      documentId: tenderDownloads.documentId,
      fileName: tenderDocuments.fileName,
      kind: tenderDocuments.kind,
      bidderName,
      ip: tenderDownloads.ip,
      downloadedAt: tenderDownloads.downloadedAt,
    })
    .from(tenderDownloads)
    .innerJoin(tenderDocuments, eq(tenderDocuments.id, tenderDownloads.documentId))
    .innerJoin(users, eq(users.id, tenderDownloads.bidderId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(tenderDownloads.sectionId, sectionId), visibleTo(tenderDownloads.bidderId, viewer)))
    .orderBy(sql`${tenderDownloads.downloadedAt} desc`)
    .limit(2000);
}

export async function insertDownload(
  db: Db,
  values: Pick<typeof tenderDownloads.$inferInsert, 'documentId' | 'sectionId' | 'bidderId' | 'ip'>,
) {
  await db.insert(tenderDownloads).values(values);
}

/** The bidder's own first download per document of the section. */
export async function firstDownloadsOf(db: Db, sectionId: string, bidderId: string) {
  const rows = await db
    .select({ documentId: tenderDownloads.documentId, first: min(tenderDownloads.downloadedAt) })
    .from(tenderDownloads)
    .where(and(eq(tenderDownloads.sectionId, sectionId), eq(tenderDownloads.bidderId, bidderId)))
    .groupBy(tenderDownloads.documentId);
  return new Map(rows.map((row) => [row.documentId, row.first]));
}

/** Distinct bidders who downloaded any document of the section, with their first download. */
export async function downloadersOf(db: Db, sectionId: string, bidderId?: string) {
  return db
    .select({
      userId: tenderDownloads.bidderId,
      enterpriseName: bidderName,
      downloadedAt: min(tenderDownloads.downloadedAt),
    })
    .from(tenderDownloads)
    .innerJoin(users, eq(users.id, tenderDownloads.bidderId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(
      and(
        eq(tenderDownloads.sectionId, sectionId),
        bidderId === undefined ? undefined : eq(tenderDownloads.bidderId, bidderId),
      ),
    )
    .groupBy(tenderDownloads.bidderId, enterprises.name, users.userName)
    .orderBy(asc(min(tenderDownloads.downloadedAt)));
}

/** Every bidder signed up for the section (the opening hall's list), earliest first. */
export async function signedUpBidders(db: Db, sectionId: string) {
  return db
    .select({
      userId: tenderSignUps.bidderId,
      enterpriseName: bidderName,
      contactName: tenderSignUps.contactName,
      contactPhone: tenderSignUps.contactPhone,
      signedUpAt: tenderSignUps.signedUpAt,
    })
    .from(tenderSignUps)
    .innerJoin(users, eq(users.id, tenderSignUps.bidderId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(tenderSignUps.sectionId, sectionId))
    .orderBy(asc(tenderSignUps.signedUpAt));
}

/** Demo only: a demo account as the seed acts as it (made by the trading and market demos). */
export async function demoAccount(db: Db, account: string) {
  const [row] = await db
    .select({
      id: users.id,
      userCode: users.userCode,
      userName: users.userName,
      loginRoleType: users.loginRoleType,
      enterpriseId: users.enterpriseId,
    })
    .from(users)
    .where(eq(users.account, account));
  return row ?? null;
}
