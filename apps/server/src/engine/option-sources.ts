import type { FormOption, OptionSource } from '@ks/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dictionaries, valueRanges } from '../db/schema/index.ts';

/**
 * The live options of an item's source: a dictionary's items, a value range's tree. `null` for a
 * static source (the item carries its own list); an unknown or deleted code gives no options, so a
 * save against it fails option membership rather than crashing.
 */
export async function resolveOptions(db: Db, source: OptionSource): Promise<FormOption[] | null> {
  if (source.kind === 'static') return null;
  if (source.kind === 'dictionary') return (await findDictionaryItems(db, source.code)) ?? [];
  return (await findValueRangeTree(db, source.code)) ?? [];
}

/** A live dictionary's items by code, or null when there is none. */
export async function findDictionaryItems(db: Db, code: string): Promise<FormOption[] | null> {
  const [row] = await db
    .select({ items: dictionaries.items })
    .from(dictionaries)
    .where(and(eq(dictionaries.code, code), isNull(dictionaries.deletedAt)))
    .limit(1);
  return row ? row.items : null;
}

/** A live value range's tree by code, or null when there is none. */
export async function findValueRangeTree(db: Db, code: string): Promise<FormOption[] | null> {
  const [row] = await db
    .select({ tree: valueRanges.tree })
    .from(valueRanges)
    .where(and(eq(valueRanges.code, code), isNull(valueRanges.deletedAt)))
    .limit(1);
  return row ? row.tree : null;
}
