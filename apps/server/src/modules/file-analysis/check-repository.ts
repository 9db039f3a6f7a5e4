import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { costFiles, costNodes, costProjects } from '../../db/schema/file-analysis.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import { cents } from './check-money.ts';
import { LISTED_PER_RULE } from './checks/tender.ts';
import {
  type CheckNode,
  type FeeItem,
  type IssueRows,
  type ItemIssue,
  type ItemList,
  MONEY_KEYS,
  type MoneyKey,
  type UnitTotals,
} from './checks/types.ts';
import { visibleGeneration, visibleNodes } from './tree-repository.ts';

/**
 * SQL of the file-analysis module: the lookups its services share (projects, bidder enterprises)
 * and the cost check's (decision 0044), which reads the parsed tables of `file-analysis.ts` and never
 * loads a file's items at once — sums are aggregates, item comparisons are joins that answer the
 * first LISTED_PER_RULE offending rows and how many there are in all.
 */

export type ProjectRow = typeof costProjects.$inferSelect;
export type FileRow = typeof costFiles.$inferSelect;

/** A live project; `lock` takes its row lock in the caller's transaction (select … for update). */
export async function findProject(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ProjectRow | null> {
  const query = db
    .select()
    .from(costProjects)
    .where(and(eq(costProjects.id, id), isNull(costProjects.deletedAt)))
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

/** The enterprise's registered name of an account (its user name when it has none; '' for no account). */
export async function enterpriseName(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: enterprises.name, userName: users.userName })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.id, userId));
  return row?.name ?? row?.userName ?? '';
}

/** The id when it is a live enterprise account, else null. */
export async function enterpriseAccount(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.loginRoleType, 'U'), isNull(users.deletedAt)));
  return row?.id ?? null;
}

/** The one live enterprise account whose enterprise has exactly this name, else null. */
export async function enterpriseAccountNamed(db: Db, name: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(enterprises.name, name), eq(users.loginRoleType, 'U'), isNull(users.deletedAt)))
    .limit(2);
  return rows.length === 1 ? (rows[0]?.id ?? null) : null;
}

export function projectFiles(db: Db, projectId: string): Promise<FileRow[]> {
  return db
    .select()
    .from(costFiles)
    .where(and(eq(costFiles.projectId, projectId), isNull(costFiles.deletedAt)))
    .orderBy(asc(costFiles.createdAt));
}

export async function loadNodes(db: Db, fileId: string): Promise<CheckNode[]> {
  const rows = await db.select().from(costNodes).where(visibleNodes(fileId)).orderBy(asc(costNodes.path));
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
  const rows = rowsOf<{ unit: string; list: string; category: string; total: string; count: number }>(
    await db.execute(sql`
      select unit_node_id as unit, list, coalesce(category, '') as category,
             sum(total)::text as total, count(*)::int as count
      from cost_items where file_id = ${fileId} and generation = ${visibleGeneration(fileId)}
      group by unit_node_id, list, coalesce(category, '')`),
  );
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
  const rows = rowsOf<{
    unit: string;
    list: string;
    category: string | null;
    code: string;
    name: string;
    rate: string | null;
    base: string | null;
    total: string;
  }>(
    await db.execute(sql`
      select unit_node_id as unit, list, category, code, name, rate::text as rate, base, total::text as total
      from cost_items
      where file_id = ${fileId} and generation = ${visibleGeneration(fileId)}
        and (rate is not null or base is not null or category in ('safety', 'enterprise-safety'))
      order by unit_node_id, seq
      limit 20000`),
  );
  return rows.map((row) => ({
    unitNodeId: row.unit,
    list: row.list,
    category: row.category,
    code: row.code,
    name: row.name,
    rate: row.rate,
    base: row.base,
    total: cents(row.total) ?? 0n,
  }));
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

async function issues(db: Db, query: SQL): Promise<IssueRows> {
  const rows = rowsOf<IssueRow>(
    await db.execute(sql`
      select *, (count(*) over ())::int as total from (${query}) issues
      order by unit_path, code, field nulls first
      limit ${LISTED_PER_RULE}`),
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

export const IDENTITY_FILTER = sql`i.list in ('fbfx', 'csxm')`;
export const PROVISIONAL_PRICE_FILTER = sql`i.category = 'provisional-price'`;
export const DAYWORK_FILTER = sql`i.category in ('daywork', 'contract-service')`;

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
  fileId: string,
  tenderId: string,
  filter: SQL,
  fields: readonly ComparedField[],
): Promise<IssueRows> {
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
  );
}

/** Codes that occur more than once in one list of a unit project (C14). */
export function duplicateCodes(db: Db, fileId: string): Promise<IssueRows> {
  return issues(
    db,
    sql`
      select 'duplicate' as type, n.id as unit_id, n.path as unit_path, n.name as unit_name, i.code,
             min(i.name) as name, null as field, '1' as expected, count(*)::text as found
      from cost_items i join cost_nodes n on n.id = i.unit_node_id
      where i.file_id = ${fileId} and i.generation = ${visibleGeneration(fileId)} and ${IDENTITY_FILTER}
      group by n.id, n.path, n.name, i.list, i.code
      having count(*) > 1`,
  );
}

/** 分部分项 items priced negative, zero or not at all (C15). */
export function priceIssues(db: Db, fileId: string): Promise<IssueRows> {
  return issues(
    db,
    sql`
      select case when i.unit_price < 0 or i.total < 0 then 'negative' else 'zero' end as type,
             n.id as unit_id, n.path as unit_path, n.name as unit_name, i.code, i.name, null as field,
             '大于 0' as expected, coalesce(i.unit_price::text, '未报价') as found
      from cost_items i join cost_nodes n on n.id = i.unit_node_id
      where i.file_id = ${fileId} and i.generation = ${visibleGeneration(fileId)} and i.list = 'fbfx'
        and (i.unit_price is null or i.unit_price <= 0 or i.total <= 0)`,
  );
}

/** Items whose 合价 is not round(工程量 × 综合单价, 2) (C16), computed exactly in numeric. */
export function totalIssues(db: Db, fileId: string): Promise<IssueRows> {
  return issues(
    db,
    sql`
      select 'total' as type, n.id as unit_id, n.path as unit_path, n.name as unit_name, i.code, i.name,
             null as field, round(i.quantity * i.unit_price, 2)::text as expected, i.total::text as found
      from cost_items i join cost_nodes n on n.id = i.unit_node_id
      where i.file_id = ${fileId} and i.generation = ${visibleGeneration(fileId)} and i.quantity is not null and i.unit_price is not null
        and round(i.quantity * i.unit_price, 2) <> i.total`,
  );
}
