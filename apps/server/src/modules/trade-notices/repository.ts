import type { FormOption } from '@ks/contract';
import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictionaries } from '../../db/schema/catalogues.ts';
import { users } from '../../db/schema/identity.ts';
import { tradeNotices } from '../../db/schema/trade-notices.ts';

/** The trade-notices module's SQL (decision 0070): services call these named functions only. */

export type NoticeRow = typeof tradeNotices.$inferSelect;
export type NewNotice = Omit<
  typeof tradeNotices.$inferInsert,
  'id' | 'state' | 'sentAt' | 'publishedAt' | 'spreadAt' | 'spreadBy'
>;

/** Waits, to the end of the transaction, for anyone else holding the same advisory lock key. */
export async function advisoryLock(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Replaces a live dictionary's items with `options`, keeping the items no longer offered disabled
 * (stored values still read as their label; the save refuses them). No dictionary (an administrator
 * deleted it): nothing.
 */
export async function syncDictionary(db: Db, code: string, options: readonly FormOption[]): Promise<void> {
  const [row] = await db
    .select({ id: dictionaries.id, items: dictionaries.items })
    .from(dictionaries)
    .where(and(eq(dictionaries.code, code), isNull(dictionaries.deletedAt)))
    .limit(1);
  if (!row) return;
  const live = new Set(options.map((option) => option.value));
  const kept = row.items
    .filter((item) => !live.has(item.value))
    .map((item) => ({ label: item.label, value: item.value, isDisabled: true }));
  const items = [...options, ...kept];
  if (JSON.stringify(items) === JSON.stringify(row.items)) return;
  await db.update(dictionaries).set({ items, updatedAt: new Date() }).where(eq(dictionaries.id, row.id));
}

export async function noticeOfRecord(db: Db, recordId: string): Promise<NoticeRow | null> {
  const [row] = await db.select().from(tradeNotices).where(eq(tradeNotices.recordId, recordId)).limit(1);
  return row ?? null;
}

export async function findNotice(db: Db, id: string): Promise<NoticeRow | null> {
  const [row] = await db.select().from(tradeNotices).where(eq(tradeNotices.id, id)).limit(1);
  return row ?? null;
}

/** The original notices sent so far (version 1 of a tender or prequalification notice). */
export async function sentOriginals(db: Db, sectionIds?: readonly string[]): Promise<NoticeRow[]> {
  if (sectionIds && sectionIds.length === 0) return [];
  const where: SQL[] = [eq(tradeNotices.versionNo, 1)];
  if (sectionIds) where.push(inArray(tradeNotices.sectionId, [...sectionIds]));
  return db
    .select()
    .from(tradeNotices)
    .where(and(...where))
    .orderBy(asc(tradeNotices.sentAt))
    .limit(2000);
}

/** The next version number of a chain (call under the chain's advisory lock). */
export async function nextVersionOf(db: Db, chainId: string): Promise<number> {
  const [row] = await db
    .select({ top: sql<number>`coalesce(max(${tradeNotices.versionNo}), 0)::int` })
    .from(tradeNotices)
    .where(eq(tradeNotices.chainId, chainId));
  return (row?.top ?? 0) + 1;
}

/** Inserts a sent notice; an original is its own chain (`chainId` null). */
export async function insertNotice(
  db: Db,
  values: Omit<NewNotice, 'chainId'> & { chainId: string | null },
): Promise<NoticeRow> {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(tradeNotices)
    .values({ ...values, id, chainId: values.chainId ?? id })
    .returning();
  if (!row) throw new Error('notice not inserted');
  return row;
}

/**
 * Publishes every scheduled notice whose time has come, in one conditional statement: a row moves
 * from scheduled to published once, whichever instance's run reaches it first (the other's
 * `where state = 'scheduled'` no longer matches it). Answers the rows this run published.
 */
export async function publishDue(db: Db, now: Date, only?: { id: string }): Promise<NoticeRow[]> {
  const where: SQL[] = [eq(tradeNotices.state, 'scheduled'), lte(tradeNotices.publishAt, now)];
  // `send` publishes its own row at once when its time has come: the same statement, one row.
  if (only) where.push(eq(tradeNotices.id, only.id));
  return db
    .update(tradeNotices)
    .set({ state: 'published', publishedAt: now })
    .where(and(...where))
    .returning();
}

/** Whether a project has at least one published notice: it is then public (decision 0076, "Who reads"). */
export async function hasPublishedNotice(db: Db, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tradeNotices.id })
    .from(tradeNotices)
    .where(and(eq(tradeNotices.projectId, projectId), eq(tradeNotices.state, 'published')))
    .limit(1);
  return row !== undefined;
}

/** Marks a published notice spread, once: answers null when it is not published or already spread. */
export async function markSpread(db: Db, id: string, by: string, now: Date): Promise<NoticeRow | null> {
  const [row] = await db
    .update(tradeNotices)
    .set({ spreadAt: now, spreadBy: by })
    .where(and(eq(tradeNotices.id, id), eq(tradeNotices.state, 'published'), isNull(tradeNotices.spreadAt)))
    .returning();
  return row ?? null;
}

/**
 * Published notices, every version, of a project or a section, optionally of one original kind:
 * ordered by chain (the original's sending) and version.
 */
export async function publishedVersions(
  db: Db,
  filter: { projectId?: string; sectionId?: string; kind?: 'tender' | 'prequalification' },
) {
  const where: SQL[] = [eq(tradeNotices.state, 'published')];
  if (filter.projectId) where.push(eq(tradeNotices.projectId, filter.projectId));
  if (filter.sectionId) where.push(eq(tradeNotices.sectionId, filter.sectionId));
  if (filter.kind)
    where.push(
      // Qualified by hand: drizzle writes a lone table's column unqualified, which the subquery would bind to itself.
      sql`exists (select 1 from trade_notices o where o.id = trade_notices.chain_id and o.kind = ${filter.kind})`,
    );
  return db
    .select({
      notice: tradeNotices,
      originalKind: sql<
        'tender' | 'prequalification'
      >`(select o.kind from trade_notices o where o.id = trade_notices.chain_id)`,
      originalSentAt: sql<string>`(select o.sent_at from trade_notices o where o.id = trade_notices.chain_id)`,
    })
    .from(tradeNotices)
    .where(and(...where))
    .orderBy(
      asc(sql`(select o.sent_at from trade_notices o where o.id = trade_notices.chain_id)`),
      asc(tradeNotices.chainId),
      asc(tradeNotices.versionNo),
    )
    .limit(1000);
}

/** A demo account by its login name (the trading demo's tenderee), as the session would carry it. */
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
    .where(eq(users.account, account))
    .limit(1);
  return row ?? null;
}
