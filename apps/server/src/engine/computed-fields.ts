import { type FormItem, isComputedType, type NativeValue, validateRecord } from '@ks/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fieldIdent, rowsOf, tableRef } from './node-tables.ts';
import { R, recordSelect, storedOf, writeExpression } from './record-store.ts';

/** Rows read per statement while a publish recomputes a table. */
const RECOMPUTE_BATCH = 500;

const sameValue = (stored: NativeValue | undefined, computed: NativeValue | undefined) =>
  (stored ?? null) === (computed ?? null) ||
  (stored !== null &&
    stored !== undefined &&
    computed !== null &&
    computed !== undefined &&
    String(stored) === String(computed));

/**
 * Brings the computed columns of the records on a just-published form version in line with its
 * formulas (decision 0017). A record keeps the form it was filled in with, so only records this
 * publish moved to the new version (a column conversion, see publishIn) have new formulas to
 * follow; without this their lists would filter and sort on values of the old formulas until each
 * is saved again. Runs inside the publish transaction with the same validateRecord a save runs, so
 * a value here is what the record's next save stores (empty where an input does not pass). Only
 * derived columns change: no version, revision or time stamp moves. Answers how many rows changed.
 */
export async function recomputeComputedFields(
  tx: Db,
  tableName: string,
  items: readonly FormItem[],
  schemaVersion: number,
): Promise<number> {
  const computed = items.filter((item) => isComputedType(item.type));
  if (computed.length === 0) return 0;
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    const result: unknown = await tx.execute(sql`
      select ${recordSelect(items)} from ${tableRef(tableName)} ${R}
      where ${R}.deleted_at is null and ${R}.schema_version = ${schemaVersion} ${after === null ? sql`` : sql`and ${R}.id > ${after}::uuid`}
      order by ${R}.id limit ${RECOMPUTE_BATCH}`);
    const rows: Record<string, unknown>[] = rowsOf<Record<string, unknown>>(result);
    for (const row of rows) {
      const record = storedOf(row, items);
      const { clean } = validateRecord(items, record.values);
      const sets = computed
        .filter((item) => !sameValue(record.values[item.code], clean[item.code]))
        .map((item) => sql`${fieldIdent(item.code)} = ${writeExpression(item, clean[item.code] ?? null)}`);
      if (sets.length === 0) continue;
      await tx.execute(
        sql`update ${tableRef(tableName)} set ${sql.join(sets, sql`, `)} where id = ${record.id}::uuid`,
      );
      changed += 1;
    }
    if (rows.length < RECOMPUTE_BATCH) return changed;
    after = storedOf(rows[rows.length - 1] as Record<string, unknown>, []).id;
  }
}
