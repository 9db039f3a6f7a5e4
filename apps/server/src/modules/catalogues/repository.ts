import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictionaries, styleTemplates, valueRanges } from '../../db/schema/catalogues.ts';

export type DictionaryRow = typeof dictionaries.$inferSelect;
export type ValueRangeRow = typeof valueRanges.$inferSelect;
export type StyleTemplateRow = typeof styleTemplates.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ————— dictionaries —————
export async function findDictionaries(db: Db, keyword: string): Promise<DictionaryRow[]> {
  return db
    .select()
    .from(dictionaries)
    .where(
      and(
        isNull(dictionaries.deletedAt),
        keyword
          ? or(ilike(dictionaries.code, like(keyword)), ilike(dictionaries.name, like(keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(dictionaries.code));
}

export async function findDictionary(db: Db, id: string): Promise<DictionaryRow | null> {
  const [row] = await db
    .select()
    .from(dictionaries)
    .where(and(eq(dictionaries.id, id), isNull(dictionaries.deletedAt)));
  return row ?? null;
}

export async function findDictionaryByCode(db: Db, code: string): Promise<DictionaryRow | null> {
  const [row] = await db
    .select()
    .from(dictionaries)
    .where(and(eq(dictionaries.code, code), isNull(dictionaries.deletedAt)));
  return row ?? null;
}

export async function insertDictionary(db: Db, values: typeof dictionaries.$inferInsert) {
  const [row] = await db.insert(dictionaries).values(values).returning();
  if (!row) throw new Error('dictionary insert returned nothing');
  return row;
}

/** Updates a live dictionary at the given version; null when it moved on (or is gone). */
export async function updateDictionary(
  db: Db,
  id: string,
  version: number,
  values: Pick<DictionaryRow, 'name' | 'items'>,
): Promise<DictionaryRow | null> {
  const [row] = await db
    .update(dictionaries)
    .set({ ...values, version: sql`${dictionaries.version} + 1`, updatedAt: new Date() })
    .where(and(eq(dictionaries.id, id), eq(dictionaries.version, version), isNull(dictionaries.deletedAt)))
    .returning();
  return row ?? null;
}

/** Soft-deletes a live entry and answers it; null when none was live (never, or deleted meanwhile). */
export async function softDeleteDictionary(db: Db, id: string): Promise<DictionaryRow | null> {
  const [row] = await db
    .update(dictionaries)
    .set({ deletedAt: new Date(), version: sql`${dictionaries.version} + 1` })
    .where(and(eq(dictionaries.id, id), isNull(dictionaries.deletedAt)))
    .returning();
  return row ?? null;
}

// ————— value ranges —————
export async function findValueRanges(db: Db, keyword: string): Promise<ValueRangeRow[]> {
  return db
    .select()
    .from(valueRanges)
    .where(
      and(
        isNull(valueRanges.deletedAt),
        keyword
          ? or(ilike(valueRanges.code, like(keyword)), ilike(valueRanges.name, like(keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(valueRanges.code));
}

export async function findValueRange(db: Db, id: string): Promise<ValueRangeRow | null> {
  const [row] = await db
    .select()
    .from(valueRanges)
    .where(and(eq(valueRanges.id, id), isNull(valueRanges.deletedAt)));
  return row ?? null;
}

export async function findValueRangeByCode(db: Db, code: string): Promise<ValueRangeRow | null> {
  const [row] = await db
    .select()
    .from(valueRanges)
    .where(and(eq(valueRanges.code, code), isNull(valueRanges.deletedAt)));
  return row ?? null;
}

export async function insertValueRange(db: Db, values: typeof valueRanges.$inferInsert) {
  const [row] = await db.insert(valueRanges).values(values).returning();
  if (!row) throw new Error('value range insert returned nothing');
  return row;
}

export async function updateValueRange(
  db: Db,
  id: string,
  version: number,
  values: Pick<ValueRangeRow, 'name' | 'tree'>,
): Promise<ValueRangeRow | null> {
  const [row] = await db
    .update(valueRanges)
    .set({ ...values, version: sql`${valueRanges.version} + 1`, updatedAt: new Date() })
    .where(and(eq(valueRanges.id, id), eq(valueRanges.version, version), isNull(valueRanges.deletedAt)))
    .returning();
  return row ?? null;
}

/** Soft-deletes a live entry and answers it; null when none was live (never, or deleted meanwhile). */
export async function softDeleteValueRange(db: Db, id: string): Promise<ValueRangeRow | null> {
  const [row] = await db
    .update(valueRanges)
    .set({ deletedAt: new Date(), version: sql`${valueRanges.version} + 1` })
    .where(and(eq(valueRanges.id, id), isNull(valueRanges.deletedAt)))
    .returning();
  return row ?? null;
}

// ————— style templates —————
export async function findStyleTemplates(db: Db): Promise<StyleTemplateRow[]> {
  return db
    .select()
    .from(styleTemplates)
    .where(isNull(styleTemplates.deletedAt))
    .orderBy(asc(styleTemplates.name));
}

export async function findStyleTemplate(db: Db, id: string): Promise<StyleTemplateRow | null> {
  const [row] = await db
    .select()
    .from(styleTemplates)
    .where(and(eq(styleTemplates.id, id), isNull(styleTemplates.deletedAt)));
  return row ?? null;
}

/** A live template of this name other than `exceptId`, if any. */
export async function findStyleTemplateByName(db: Db, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: styleTemplates.id })
    .from(styleTemplates)
    .where(
      and(
        eq(styleTemplates.name, name),
        isNull(styleTemplates.deletedAt),
        exceptId ? sql`${styleTemplates.id} <> ${exceptId}` : undefined,
      ),
    );
  return row ?? null;
}

export async function insertStyleTemplate(db: Db, values: typeof styleTemplates.$inferInsert) {
  const [row] = await db.insert(styleTemplates).values(values).returning();
  if (!row) throw new Error('style template insert returned nothing');
  return row;
}

export async function updateStyleTemplate(
  db: Db,
  id: string,
  version: number,
  values: Pick<StyleTemplateRow, 'name' | 'style'>,
): Promise<StyleTemplateRow | null> {
  const [row] = await db
    .update(styleTemplates)
    .set({ ...values, version: sql`${styleTemplates.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(styleTemplates.id, id), eq(styleTemplates.version, version), isNull(styleTemplates.deletedAt)),
    )
    .returning();
  return row ?? null;
}

/** Soft-deletes a live entry and answers it; null when none was live (never, or deleted meanwhile). */
export async function softDeleteStyleTemplate(db: Db, id: string): Promise<StyleTemplateRow | null> {
  const [row] = await db
    .update(styleTemplates)
    .set({ deletedAt: new Date(), version: sql`${styleTemplates.version} + 1` })
    .where(and(eq(styleTemplates.id, id), isNull(styleTemplates.deletedAt)))
    .returning();
  return row ?? null;
}
