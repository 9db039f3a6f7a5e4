import type { CreditClass, FormOption } from '@ks/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictionaries } from '../../db/schema/catalogues.ts';
import {
  creditItemTypes,
  creditLetterSignatures,
  creditLetterTemplates,
  creditScoreHistory,
  creditScoreModels,
  creditScores,
} from '../../db/schema/credit.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { DEFAULT_ITEM_TYPES, DEFAULT_LETTER, DEFAULT_SCORE_MODEL } from './defaults.ts';

export type ItemTypeRow = typeof creditItemTypes.$inferSelect;
export type ScoreModelRow = typeof creditScoreModels.$inferSelect;

export const liveItemTypes = (db: Db) =>
  db
    .select()
    .from(creditItemTypes)
    .where(isNull(creditItemTypes.deletedAt))
    .orderBy(
      asc(creditItemTypes.qyType),
      asc(creditItemTypes.creditClass),
      asc(creditItemTypes.sort),
      asc(creditItemTypes.code),
    );

/** An item type by code, deleted ones included (a retired type still names old items). */
export async function itemTypeByCode(db: Db, code: string): Promise<ItemTypeRow | null> {
  const [row] = await db
    .select()
    .from(creditItemTypes)
    .where(eq(creditItemTypes.code, code))
    .orderBy(sql`${creditItemTypes.deletedAt} is not null`, desc(creditItemTypes.updatedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The catalogue of one class as the item-type select's options (label: 企业类型｜事项). Retired types
 * stay as disabled options: old items still show their name, and a save naming one is refused by
 * the module (its message says the type is retired).
 */
export async function catalogueOptions(db: Db, creditClass: CreditClass): Promise<FormOption[]> {
  const rows = await db
    .select()
    .from(creditItemTypes)
    .where(eq(creditItemTypes.creditClass, creditClass))
    .orderBy(
      asc(creditItemTypes.qyType),
      asc(creditItemTypes.sort),
      asc(creditItemTypes.code),
      sql`${creditItemTypes.deletedAt} is not null`,
      desc(creditItemTypes.updatedAt),
    );
  const options = new Map<string, FormOption>();
  for (const row of rows) {
    // A code re-used by a live type after a retirement names the live one.
    if (options.has(row.code) && (row.deletedAt || !options.get(row.code)?.isDisabled)) continue;
    const label = `${row.qyType}｜${row.name}`;
    options.set(
      row.code,
      row.deletedAt ? { value: row.code, label, isDisabled: true } : { value: row.code, label },
    );
  }
  return [...options.values()];
}

/**
 * The codes of one class's item types for one enterprise type, retired ones included (the select
 * keeps them disabled so old items still show their name).
 */
export async function itemTypeCodesFor(
  db: Db,
  creditClass: CreditClass,
  qyType: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ code: creditItemTypes.code })
    .from(creditItemTypes)
    .where(and(eq(creditItemTypes.creditClass, creditClass), eq(creditItemTypes.qyType, qyType)));
  return new Set(rows.map((row) => row.code));
}

/**
 * Keeps the item-type select's dictionary in step with the catalogue (decision 0049): the
 * dictionary is the options' carrier, the catalogue their source. A dictionary an administrator
 * deleted stays deleted.
 */
export async function refreshCatalogueDictionary(db: Db, creditClass: CreditClass, code: string) {
  const items = await catalogueOptions(db, creditClass);
  if (items.length === 0) return;
  await db
    .update(dictionaries)
    .set({ items, updatedAt: new Date(), version: sql`${dictionaries.version} + 1` })
    .where(and(eq(dictionaries.code, code), isNull(dictionaries.deletedAt)));
}

export async function currentModel(db: Db): Promise<ScoreModelRow> {
  const [row] = await db
    .select()
    .from(creditScoreModels)
    .orderBy(desc(creditScoreModels.modelVersion))
    .limit(1);
  if (!row) throw new Error('credit score model missing: ensureCreditDefaults runs at start-up');
  return row;
}

/** Seeds the catalogue, score model 1 and letter version 1 into empty tables (idempotent). */
export async function ensureCreditDefaults(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // One start-up at a time: two instances would otherwise both see empty tables.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ks.credit.defaults'))`);
    const [types] = await tx.select({ value: count() }).from(creditItemTypes);
    if ((types?.value ?? 0) === 0) await tx.insert(creditItemTypes).values(DEFAULT_ITEM_TYPES);
    const [models] = await tx.select({ value: count() }).from(creditScoreModels);
    if ((models?.value ?? 0) === 0)
      await tx.insert(creditScoreModels).values({ ...DEFAULT_SCORE_MODEL, modelVersion: 1 });
    const [letters] = await tx.select({ value: count() }).from(creditLetterTemplates);
    if ((letters?.value ?? 0) === 0)
      await tx.insert(creditLetterTemplates).values({ ...DEFAULT_LETTER, templateVersion: 1 });
  });
}

export async function enterpriseOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      loginRoleType: users.loginRoleType,
      userName: users.userName,
      enterpriseName: enterprises.name,
      creditCode: enterprises.creditCode,
      qyType: enterprises.enterpriseType,
    })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

export async function scoreOf(db: Db, userId: string) {
  const [row] = await db.select().from(creditScores).where(eq(creditScores.userId, userId));
  return row ?? null;
}

export const historyOf = (db: Db, userId: string) =>
  db
    .select()
    .from(creditScoreHistory)
    .where(eq(creditScoreHistory.userId, userId))
    .orderBy(asc(creditScoreHistory.computedAt), asc(creditScoreHistory.id));

export async function currentLetter(db: Db) {
  const [row] = await db
    .select()
    .from(creditLetterTemplates)
    .orderBy(desc(creditLetterTemplates.templateVersion))
    .limit(1);
  if (!row) throw new Error('credit letter missing: ensureCreditDefaults runs at start-up');
  return row;
}

export async function signatureOf(db: Db, templateId: string, userId: string) {
  const [row] = await db
    .select()
    .from(creditLetterSignatures)
    .where(and(eq(creditLetterSignatures.templateId, templateId), eq(creditLetterSignatures.userId, userId)));
  return row ?? null;
}

/** Waits, to the end of the transaction, for anyone else holding the same advisory lock key. */
export async function advisoryLock(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** What an administrator writes of an item type. */
export type ItemTypeFields = Omit<
  typeof creditItemTypes.$inferInsert,
  'id' | 'suggestion' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'version'
>;

export async function liveItemType(tx: Db, id: string): Promise<ItemTypeRow | undefined> {
  const [row] = await tx
    .select()
    .from(creditItemTypes)
    .where(and(eq(creditItemTypes.id, id), isNull(creditItemTypes.deletedAt)));
  return row;
}

/** Whether a live item type has this code. */
export async function itemTypeCodeTaken(tx: Db, code: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: creditItemTypes.id })
    .from(creditItemTypes)
    .where(and(eq(creditItemTypes.code, code), isNull(creditItemTypes.deletedAt)));
  return taken !== undefined;
}

/** A new item type (an administrator's, so not a suggestion). */
export async function insertItemType(tx: Db, fields: ItemTypeFields): Promise<ItemTypeRow> {
  const [row] = await tx
    .insert(creditItemTypes)
    .values({ ...fields, suggestion: false })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Rewrites a live item type at the version read; undefined when it changed or is gone. */
export async function updateItemType(
  tx: Db,
  id: string,
  version: number,
  fields: ItemTypeFields,
): Promise<ItemTypeRow | undefined> {
  const [row] = await tx
    .update(creditItemTypes)
    .set({
      ...fields,
      suggestion: false,
      updatedAt: new Date(),
      version: sql`${creditItemTypes.version} + 1`,
    })
    .where(
      and(
        eq(creditItemTypes.id, id),
        eq(creditItemTypes.version, version),
        isNull(creditItemTypes.deletedAt),
      ),
    )
    .returning();
  return row;
}

/** Retires a live item type at the version read (soft); false when it changed or is gone. */
export async function retireItemType(tx: Db, id: string, version: number): Promise<boolean> {
  const [row] = await tx
    .update(creditItemTypes)
    .set({ deletedAt: new Date(), version: sql`${creditItemTypes.version} + 1` })
    .where(
      and(
        eq(creditItemTypes.id, id),
        eq(creditItemTypes.version, version),
        isNull(creditItemTypes.deletedAt),
      ),
    )
    .returning();
  return row !== undefined;
}

export async function insertScoreModel(
  tx: Db,
  model: Omit<typeof creditScoreModels.$inferInsert, 'id' | 'createdAt'>,
): Promise<ScoreModelRow> {
  const [row] = await tx.insert(creditScoreModels).values(model).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function insertLetterTemplate(
  tx: Db,
  letter: { templateVersion: number; title: string; content: string; createdBy: string },
): Promise<void> {
  await tx.insert(creditLetterTemplates).values(letter);
}

export async function insertSignature(
  tx: Db,
  signature: { templateId: string; userId: string; signerName: string; textSha256: string },
): Promise<void> {
  await tx.insert(creditLetterSignatures).values(signature);
}

/** Writes an enterprise's current score, and a line of its history when it changed. */
export async function writeScore(
  tx: Db,
  score: typeof creditScores.$inferInsert,
  history: { reason: string } | null,
): Promise<void> {
  await tx.insert(creditScores).values(score).onConflictDoUpdate({ target: creditScores.userId, set: score });
  if (history)
    await tx.insert(creditScoreHistory).values({
      userId: score.userId,
      score: score.score,
      grade: score.grade,
      modelVersion: score.modelVersion,
      reason: history.reason,
      computedAt: score.computedAt,
    });
}

/** Every account with a score. */
export async function scoredUserIds(db: Db): Promise<string[]> {
  const rows = await db.select({ userId: creditScores.userId }).from(creditScores);
  return rows.map((row) => row.userId);
}
