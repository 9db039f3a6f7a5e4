import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import { visibleGeneration } from './tree-repository.ts';

/**
 * SQL over the items of a file's visible tree that never loads them at once (decision 0044): sums
 * are aggregates, and item comparisons are joins that answer the first `limit` offending rows and
 * how many there are in all. The cost check reads them through public.ts; money stays the
 * database's decimal strings.
 */

/** A unit project's sum (in yuan) and count of the items of one list and category ('' for none). */
export type ItemSumRow = { unit: string; list: string; category: string; total: string; count: number };

/** Each unit project's item sums and counts per list and category: one aggregate, however many items. */
export async function itemSums(db: Db, fileId: string): Promise<ItemSumRow[]> {
  return rowsOf<ItemSumRow>(
    await db.execute(sql`
      select unit_node_id as unit, list, coalesce(category, '') as category,
             sum(total)::text as total, count(*)::int as count
      from cost_items where file_id = ${fileId} and generation = ${visibleGeneration(fileId)}
      group by unit_node_id, list, coalesce(category, '')`),
  );
}

/** A fee item that declares a rate or a base, or a safety item; its total in yuan. */
export type FeeItemRow = {
  unitNodeId: string;
  list: string;
  category: string | null;
  code: string;
  name: string;
  rate: string | null;
  base: string | null;
  total: string;
};

/** Fee items that declare a rate or a base, and the safety items: a few per unit project. */
export async function feeItemRows(db: Db, fileId: string): Promise<FeeItemRow[]> {
  const rows = rowsOf<Omit<FeeItemRow, 'unitNodeId'> & { unit: string }>(
    await db.execute(sql`
      select unit_node_id as unit, list, category, code, name, rate::text as rate, base, total::text as total
      from cost_items
      where file_id = ${fileId} and generation = ${visibleGeneration(fileId)}
        and (rate is not null or base is not null or category in ('safety', 'enterprise-safety'))
      order by unit_node_id, seq
      limit 20000`),
  );
  return rows.map(({ unit, ...row }) => ({ unitNodeId: unit, ...row }));
}

/** A row of an item comparison (C12–C16), at most a page of them. */
export interface ItemIssue {
  type: 'duplicate' | 'missing' | 'extra' | 'mismatch' | 'negative' | 'zero' | 'total';
  unitNodeId: string | null;
  unitPath: string;
  unitName: string;
  code: string;
  name: string;
  /** For a mismatch: which field (name, features, unit, quantity, unitPrice, total). */
  field?: string;
  expected: string | null;
  found: string | null;
}
export interface IssueRows {
  rows: ItemIssue[];
  /** How many there are in all (rows holds the first of them). */
  total: number;
}

type IssueRow = {
  type: ItemIssue['type'];
  unit_id: string | null;
  unit_path: string;
  unit_name: string | null;
  code: string;
  name: string | null;
  field: string | null;
  expected: string | null;
  found: string | null;
  total: number;
};

async function issues(db: Db, query: SQL, limit: number): Promise<IssueRows> {
  const rows = rowsOf<IssueRow>(
    await db.execute(sql`
      select *, (count(*) over ())::int as total from (${query}) issues
      order by unit_path, code, field nulls first
      limit ${limit}`),
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((row) => ({
      type: row.type,
      unitNodeId: row.unit_id,
      unitPath: row.unit_path,
      unitName: row.unit_name ?? '',
      code: row.code,
      name: row.name ?? '',
      ...(row.field ? { field: row.field } : {}),
      expected: row.expected,
      found: row.found,
    })),
  };
}

/** Items of a file with their unit project's path, one row per (unit, list, code): the first. */
const itemsOf = (fileId: string, filter: SQL) => sql`
  select distinct on (n.path, i.list, i.code)
         i.list, i.code, i.name, i.features, i.unit, i.quantity, i.unit_price, i.total,
         n.path as unit_path, n.id as unit_id, n.name as unit_name
  from cost_items i join cost_nodes n on n.id = i.unit_node_id
  where i.file_id = ${fileId} and i.generation = ${visibleGeneration(fileId)} and ${filter}
  order by n.path, i.list, i.code, i.seq`;

const IDENTITY_FILTER = sql`i.list in ('fbfx', 'csxm')`;
/** The items a comparison with the tender BOQ covers. */
const ITEM_SETS = {
  /** 分部分项 and 措施 items (C12). */
  identity: IDENTITY_FILTER,
  /** 暂估价 items (C13). */
  'provisional-price': sql`i.category = 'provisional-price'`,
  /** 计日工 and 总承包服务费 items (C13). */
  daywork: sql`i.category in ('daywork', 'contract-service')`,
} as const;
export type ItemSet = keyof typeof ITEM_SETS;

const FIELD_SQL = {
  name: (a: string) => sql.raw(`${a}.name`),
  features: (a: string) =>
    sql.raw(`nullif(regexp_replace(coalesce(${a}.features, ''), '\\s+', '', 'g'), '')`),
  unit: (a: string) => sql.raw(`${a}.unit`),
  quantity: (a: string) => sql.raw(`${a}.quantity::text`),
  unitPrice: (a: string) => sql.raw(`${a}.unit_price::text`),
  total: (a: string) => sql.raw(`${a}.total::text`),
} as const;
export type ComparedField = keyof typeof FIELD_SQL;

/**
 * The items of a file against the tender BOQ's (matched by unit project path, list and code):
 * missing, extra, and for matched items each compared field that differs.
 */
export function compareWithTender(
  db: Db,
  query: {
    fileId: string;
    tenderId: string;
    items: ItemSet;
    fields: readonly ComparedField[];
    limit: number;
  },
): Promise<IssueRows> {
  const { fileId, tenderId, fields } = query;
  const filter = ITEM_SETS[query.items];
  const pairs = sql.join(
    fields.map((field) => sql`(${field}, ${FIELD_SQL[field]('t')}, ${FIELD_SQL[field]('f')})`),
    sql`, `,
  );
  return issues(
    db,
    sql`
      with f as (${itemsOf(fileId, filter)}), t as (${itemsOf(tenderId, filter)})
      select 'missing' as type,
             (select id from cost_nodes
              where file_id = ${fileId} and generation = ${visibleGeneration(fileId)} and path = t.unit_path) as unit_id,
             t.unit_path, t.unit_name, t.code, t.name, null as field, t.code as expected, null as found
      from t where not exists (
        select 1 from f where f.unit_path = t.unit_path and f.list = t.list and f.code = t.code)
      union all
      select 'extra', f.unit_id, f.unit_path, f.unit_name, f.code, f.name, null, null, f.code
      from f where not exists (
        select 1 from t where t.unit_path = f.unit_path and t.list = f.list and t.code = f.code)
      union all
      select 'mismatch', f.unit_id, f.unit_path, f.unit_name, f.code, f.name, v.field, v.expected, v.found
      from f join t on t.unit_path = f.unit_path and t.list = f.list and t.code = f.code
      cross join lateral (values ${pairs}) as v(field, expected, found)
      where v.expected is distinct from v.found`,
    query.limit,
  );
}

/** Codes that occur more than once in one list of a unit project (C14). */
export function duplicateCodes(db: Db, fileId: string, limit: number): Promise<IssueRows> {
  return issues(
    db,
    sql`
      select 'duplicate' as type, n.id as unit_id, n.path as unit_path, n.name as unit_name, i.code,
             min(i.name) as name, null as field, '1' as expected, count(*)::text as found
      from cost_items i join cost_nodes n on n.id = i.unit_node_id
      where i.file_id = ${fileId} and i.generation = ${visibleGeneration(fileId)} and ${IDENTITY_FILTER}
      group by n.id, n.path, n.name, i.list, i.code
      having count(*) > 1`,
    limit,
  );
}

/** 分部分项 items priced negative, zero or not at all (C15). */
export function priceIssues(db: Db, fileId: string, limit: number): Promise<IssueRows> {
  return issues(
    db,
    sql`
      select case when i.unit_price < 0 or i.total < 0 then 'negative' else 'zero' end as type,
             n.id as unit_id, n.path as unit_path, n.name as unit_name, i.code, i.name, null as field,
             '大于 0' as expected, coalesce(i.unit_price::text, '未报价') as found
      from cost_items i join cost_nodes n on n.id = i.unit_node_id
      where i.file_id = ${fileId} and i.generation = ${visibleGeneration(fileId)} and i.list = 'fbfx'
        and (i.unit_price is null or i.unit_price <= 0 or i.total <= 0)`,
    limit,
  );
}

/** Items whose 合价 is not round(工程量 × 综合单价, 2) (C16), computed exactly in numeric. */
export function totalIssues(db: Db, fileId: string, limit: number): Promise<IssueRows> {
  return issues(
    db,
    sql`
      select 'total' as type, n.id as unit_id, n.path as unit_path, n.name as unit_name, i.code, i.name,
             null as field, round(i.quantity * i.unit_price, 2)::text as expected, i.total::text as found
      from cost_items i join cost_nodes n on n.id = i.unit_node_id
      where i.file_id = ${fileId} and i.generation = ${visibleGeneration(fileId)} and i.quantity is not null and i.unit_price is not null
        and round(i.quantity * i.unit_price, 2) <> i.total`,
    limit,
  );
}
