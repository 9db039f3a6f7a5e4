import type { Db } from '../../db/client.ts';
import * as costFiles from '../file-analysis/public.ts';
import { LISTED_PER_RULE } from './checks/tender.ts';
import {
  type CheckNode,
  type FeeItem,
  type IssueRows,
  type ItemList,
  MONEY_KEYS,
  type MoneyKey,
  type UnitTotals,
} from './checks/types.ts';
import { cents } from './money.ts';

/**
 * What the checks read of a project's parsed cost files, through the cost files module's port,
 * in the checks' terms: money in cents, sums per unit project, item comparisons of at most
 * LISTED_PER_RULE rows each (decision 0044: never a file's items at once).
 */

export type { ComparedField, ItemSet } from '../file-analysis/public.ts';

/** The visible tree of a file, a node before its children, its money and declared bases in cents. */
export async function loadNodes(db: Db, fileId: string): Promise<CheckNode[]> {
  const rows = await costFiles.nodesOf(db, fileId);
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    level: row.level as CheckNode['level'],
    path: row.path,
    code: row.code,
    name: row.name,
    zy: row.zy,
    money: Object.fromEntries(MONEY_KEYS.map((key) => [key, cents(row[key]) ?? 0n])) as Record<
      MoneyKey,
      bigint
    >,
    bases: Object.fromEntries(
      Object.entries(row.bases ?? {}).flatMap(([name, value]) => {
        const amount = typeof value === 'string' || typeof value === 'number' ? cents(String(value)) : null;
        return amount === null ? [] : [[name, amount]];
      }),
    ),
  }));
}

/** Each unit project's sums per list and per category: one aggregate, however many items. */
export async function unitTotals(db: Db, fileId: string): Promise<Map<string, UnitTotals>> {
  const rows = await costFiles.itemSumsOf(db, fileId);
  const totals = new Map<string, UnitTotals>();
  for (const row of rows) {
    const unit = totals.get(row.unit) ?? { lists: {}, categories: {}, itemCount: 0 };
    const amount = cents(row.total) ?? 0n;
    const list = unit.lists[row.list as ItemList] ?? { sum: 0n, count: 0 };
    unit.lists[row.list as ItemList] = { sum: list.sum + amount, count: list.count + row.count };
    if (row.category) {
      const category = unit.categories[row.category] ?? { sum: 0n, count: 0 };
      unit.categories[row.category] = { sum: category.sum + amount, count: category.count + row.count };
    }
    unit.itemCount += row.count;
    totals.set(row.unit, unit);
  }
  return totals;
}

/** Fee items that declare a rate or a base, and the safety items: a few per unit project. */
export async function feeItems(db: Db, fileId: string): Promise<FeeItem[]> {
  const rows = await costFiles.feeItemsOf(db, fileId);
  return rows.map((row) => ({ ...row, total: cents(row.total) ?? 0n }));
}

/** The items of the set in a file against the tender BOQ's: missing, extra, differing fields. */
export const compareWithTender = (
  db: Db,
  fileId: string,
  tenderId: string,
  items: costFiles.ItemSet,
  fields: readonly costFiles.ComparedField[],
): Promise<IssueRows> =>
  costFiles.itemIssues.againstTender(db, { fileId, tenderId, items, fields, limit: LISTED_PER_RULE });

/** Codes that occur more than once in one list of a unit project (C14). */
export const duplicateCodes = (db: Db, fileId: string): Promise<IssueRows> =>
  costFiles.itemIssues.duplicateCodes(db, fileId, LISTED_PER_RULE);

/** 分部分项 items priced negative, zero or not at all (C15). */
export const priceIssues = (db: Db, fileId: string): Promise<IssueRows> =>
  costFiles.itemIssues.prices(db, fileId, LISTED_PER_RULE);

/** Items whose 合价 is not round(工程量 × 综合单价, 2) (C16). */
export const totalIssues = (db: Db, fileId: string): Promise<IssueRows> =>
  costFiles.itemIssues.totals(db, fileId, LISTED_PER_RULE);
