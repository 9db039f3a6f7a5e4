import { randomUUID } from 'node:crypto';
import { EXACT_COUNT_LIMIT, type FormItem, type NativeValue, type SaveResult } from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { fieldIdent, rowsOf, tableRef } from '../../engine/node-tables.ts';
import { col, R, type ResolvedNode, recordSelect, writeExpression } from '../../engine/record-store.ts';
import { pendingReviewOf, revocableBy } from '../../engine/row-scope.ts';
import type { SessionUser } from '../../platform/access.ts';
import { auditRoundsJson } from './audit-steps.ts';
import { localStamp } from './local-time.ts';

/**
 * The SQL of the records runtime over node tables (ks_data): list pages, counts and plans, single
 * rows, inserts, updates, deletes and chart aggregates. The services decide scope and order and
 * pass them in as SQL; identifiers come only from checked codes, values are bound parameters.
 */

type Row = Record<string, unknown>;

/** What a row's operations need beyond its columns: whether the caller may audit or revoke it now. */
const REVIEW_STATE = (user: SessionUser, node: ResolvedNode) =>
  sql`${pendingReviewOf(user, node)} as "_can_audit", ${revocableBy(user, node, node.definition.functions.includes('revoke'))} as "_can_revoke"`;
const ROW_EXTRA = (user: SessionUser, node: ResolvedNode) =>
  sql`, u.user_name as "_owner_name", ${REVIEW_STATE(user, node)}`;

/** The number of matching rows, counted up to EXACT_COUNT_LIMIT + 1 (a scalar sub-query). */
function cappedCount(tableName: string, where: SQL): SQL {
  return sql`select count(*)::int from (select 1 from ${tableRef(tableName)} ${R} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) s`;
}

export type PageQuery = {
  where: SQL;
  /** The keyset condition of a page after or before an anchor row (empty for an offset page). */
  keyset: SQL;
  orderBy: SQL;
  /** The order the page's ids are picked in (reversed for a page before the anchor). */
  pickOrder: SQL;
  limit: number;
  offset: number;
  /** Whether the capped count rides along in `_total`. */
  withCount: boolean;
};

/**
 * One list page: the page's ids first (scope, filters, order, limit/offset on the table alone),
 * then the owner join and the per-row review state for those rows only (bench/results/
 * records-profile.md). The capped count rides in the same statement: one round trip fewer.
 */
export async function findPage(
  db: Db,
  user: SessionUser,
  node: ResolvedNode,
  page: PageQuery,
): Promise<Row[]> {
  const table = tableRef(node.tableName);
  const result = await db.execute(sql`
        select ${recordSelect(node.schema.items)}${ROW_EXTRA(user, node)}${page.withCount ? sql`, (${cappedCount(node.tableName, page.where)}) as "_total"` : sql``}
        from (select ${R}.id from ${table} ${R}
          where ${page.where}${page.keyset} order by ${page.pickOrder}
          limit ${page.limit} offset ${page.offset}) page
        join ${table} ${R} on ${R}.id = page.id
        left join users u on u.id = ${R}.owner_user_id
        order by ${page.orderBy}`);
  return rowsOf<Row>(result);
}

/** Whether the row `id` is within `scope` (a keyset page's anchor). */
export async function isInScope(db: Db, tableName: string, id: string, scope: SQL): Promise<boolean> {
  const found = await db.execute(
    sql`select 1 from ${tableRef(tableName)} ${R} where ${R}.id = ${id} and ${scope}`,
  );
  return rowsOf(found).length > 0;
}

/** The matching rows counted up to EXACT_COUNT_LIMIT + 1. */
export async function countCapped(db: Db, tableName: string, where: SQL): Promise<number> {
  const counted = await db.execute(sql`select (${cappedCount(tableName, where)}) as n`);
  return Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
}

export async function analyseTable(db: Db, tableName: string): Promise<void> {
  await db.execute(sql`analyze ${tableRef(tableName)}`);
}

/** The planner's row estimate for the WHERE (0 when the plan cannot be read). */
export async function planRows(db: Db, tableName: string, where: SQL): Promise<number> {
  try {
    const plan = await db.execute(
      sql`explain (format json) select 1 from ${tableRef(tableName)} ${R} where ${where}`,
    );
    const [first] = rowsOf<Row>(plan);
    const raw = first ? Object.values(first)[0] : null;
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  } catch {
    return 0;
  }
}

/** One live record within `scope` as a list row (owner name, review state), or null. */
export async function findListRow(
  db: Db,
  user: SessionUser,
  node: ResolvedNode,
  id: string,
  scope: SQL,
): Promise<Row | null> {
  const result = await db.execute(sql`
      select ${recordSelect(node.schema.items)}${ROW_EXTRA(user, node)}
      from ${tableRef(node.tableName)} ${R} left join users u on u.id = ${R}.owner_user_id
      where ${R}.id = ${id}::uuid and ${col('deleted_at')} is null and ${scope}`);
  return rowsOf<Row>(result)[0] ?? null;
}

/**
 * The record of a details call within `scope`, with its review state and every audit round, in one
 * statement (decision 0014); or null. Prepared: its text depends only on the node's definition and
 * the caller's role and grants.
 */
export async function findDetailRow(
  db: Db,
  user: SessionUser,
  node: ResolvedNode,
  id: string,
  scope: SQL,
): Promise<Row | null> {
  const result = await executePrepared(
    db,
    sql`
      select ${recordSelect(node.schema.items)}, ${REVIEW_STATE(user, node)},
        (${auditRoundsJson(node.nodeId)}) as "_rounds"
      from ${tableRef(node.tableName)} ${R}
      where ${R}.id = ${id}::uuid and ${col('deleted_at')} is null and ${scope}`,
    `${node.nodeId}@${node.schemaVersion}`,
  );
  return rowsOf<Row>(result)[0] ?? null;
}

/**
 * Replaces a live record's values under optimistic locking; answers the new version, or null when
 * the record changed or went away since `version`.
 */
export async function updateValues(
  tx: Db,
  node: ResolvedNode,
  items: readonly FormItem[],
  id: string,
  version: number,
  clean: Record<string, NativeValue>,
): Promise<number | null> {
  const sets = items.map(
    (item) => sql`${fieldIdent(item.code)} = ${writeExpression(item, clean[item.code] ?? null)}`,
  );
  const result = await tx.execute(sql`
        update ${tableRef(node.tableName)} ${R} set ${sql.join(sets, sql`, `)}, version = ${R}.version + 1, updated_at = now()
        where ${R}.id = ${id}::uuid and ${R}.version = ${version} and ${R}.deleted_at is null
        returning ${R}.version`);
  const [row] = rowsOf<{ version: number }>(result);
  return row ? Number(row.version) : null;
}

/** Soft-deletes a live record at `version`; answers the new version, or null (changed or gone). */
export async function softDelete(
  tx: Db,
  tableName: string,
  id: string,
  version: number,
): Promise<number | null> {
  const result = await tx.execute(sql`
        update ${tableRef(tableName)} set deleted_at = now(), version = version + 1, updated_at = now()
        where id = ${id}::uuid and version = ${version} and deleted_at is null returning version`);
  const [row] = rowsOf<{ version: number }>(result);
  return row ? Number(row.version) : null;
}

/** A chart's series: `measure` per `category` over the live rows within `scope` (at most 200). */
export async function aggregate(
  db: Db,
  tableName: string,
  category: SQL,
  measure: SQL,
  scope: SQL,
): Promise<{ category: string | null; value: number }[]> {
  const result = await db.execute(sql`
      select ${category} as category, ${measure} as value from ${tableRef(tableName)} ${R}
      where ${col('deleted_at')} is null and ${scope}
      group by 1 order by 1 nulls last limit 200`);
  return rowsOf<{ category: string | null; value: number }>(result);
}

/**
 * Inserts many new records in multi-row statements (imports), ids made here so each answer pairs
 * with its values whatever order the database returns rows in. Answers them in input order.
 */
export async function insertRecords(
  tx: Db,
  node: ResolvedNode,
  user: SessionUser,
  items: readonly FormItem[],
  cleans: readonly Record<string, NativeValue>[],
): Promise<SaveResult[]> {
  // PostgreSQL binds at most 65,535 parameters per statement.
  const perStatement = Math.max(1, Math.floor(60000 / (RECORD_INSERT_ENVELOPE.length + items.length)));
  const answers: SaveResult[] = [];
  for (let start = 0; start < cleans.length; start += perStatement) {
    const batch = cleans.slice(start, start + perStatement).map((clean) => ({ id: randomUUID(), clean }));
    await tx.execute(recordsInsert(node, user, items, batch));
    for (const { id } of batch) answers.push({ id, version: 1 });
  }
  return answers;
}

/** The envelope columns a new record is inserted with, before its items' columns. */
const RECORD_INSERT_ENVELOPE = [
  'id',
  'owner_user_id',
  'owner_enterprise_id',
  'schema_version',
  'business_id',
];

/**
 * One multi-row insert of new records owned by `user` (the caller, or the enterprise account an
 * administrator enters them for), in the node's latest schema version.
 */
export function recordsInsert(
  node: ResolvedNode,
  user: Pick<SessionUser, 'id' | 'enterpriseId'>,
  items: readonly FormItem[],
  rows: readonly { id: string; clean: Record<string, NativeValue> }[],
): SQL {
  const columns = [
    ...RECORD_INSERT_ENVELOPE.map((name) => sql.raw(name)),
    ...items.map((item) => fieldIdent(item.code)),
  ];
  const values = rows.map(({ id, clean }) => {
    const row = [
      sql`${id}::uuid`,
      sql`${user.id}::uuid`,
      sql`${user.enterpriseId}::uuid`,
      sql`${node.schemaVersion}`,
      sql`${businessId()}`,
      ...items.map((item) => writeExpression(item, clean[item.code] ?? null)),
    ];
    return sql`(${sql.join(row, sql`, `)})`;
  });
  return sql`insert into ${tableRef(node.tableName)} (${sql.join(columns, sql`, `)}) values ${sql.join(values, sql`, `)}`;
}

/** A readable business number: local date and time and a random suffix (e.g. 20250101120000-4821). */
function businessId(): string {
  return `${localStamp(new Date())}-${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
}
