import {
  ERROR_CODES,
  type FormItem,
  MARKET_NODE_OF,
  MARKET_PARTS,
  MARKET_SYSTEM_CODING,
  type MarketPart,
  PROVINCES,
} from '@ks/contract';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { marketCertificates } from '../../db/schema/market.ts';
import { systems } from '../../db/schema/shell.ts';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import {
  col,
  R,
  type ResolvedNode,
  recordSelect,
  resolveNode,
  type StoredRecord,
  storedOf,
} from '../../engine/record-store.ts';
import { AppError } from '../../platform/errors.ts';
import { MARKET_FIELD } from './system.ts';

/** A registration (alias `r`, decision 0059) one of whose further certificates' numbers is like the pattern. */
export const furtherCertificateLike = (pattern: string) =>
  sql`exists (select 1 from ${marketCertificates} c where c.record_id = ${R}.id and c.deleted_at is null
    and c.certificate_no ilike ${pattern})`;

/** The node of a part, or null when it is not there (not provided yet, deleted or unpublished). */
export async function partNode(db: Db, part: MarketPart): Promise<ResolvedNode | null> {
  try {
    return await resolveNode(db, MARKET_SYSTEM_CODING, MARKET_NODE_OF[part]);
  } catch (error) {
    if (error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND) return null;
    throw error;
  }
}

export async function partNodes(db: Db): Promise<{ part: MarketPart; node: ResolvedNode }[]> {
  const found: { part: MarketPart; node: ResolvedNode }[] = [];
  for (const part of MARKET_PARTS) {
    const node = await partNode(db, part);
    if (node) found.push({ part, node });
  }
  return found;
}

/** An owner's live records of a node (only approved ones when asked), oldest first. */
export async function ownerRecords(
  db: Db,
  node: ResolvedNode,
  ownerUserId: string,
  items: readonly FormItem[],
  approvedOnly = false,
): Promise<StoredRecord[]> {
  const result = await db.execute(sql`
    select ${recordSelect(items)} from ${tableRef(node.tableName)} ${R}
    where ${R}.owner_user_id = ${ownerUserId}::uuid and ${R}.deleted_at is null
      ${approvedOnly ? sql`and ${R}.status = 'approved'` : sql``}
    order by ${R}.created_at, ${R}.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => storedOf(row, items));
}

/** One approved 业绩 of an enterprise, as other modules read it (public.ts). */
export type Performance = { projectName: string; amount: string };

/**
 * An enterprise's approved 业绩 (企业信息 › 业绩信息), oldest first, those with a 项目名称 only.
 * None while the node is not built or administrators removed its 项目名称 field; an amount whose
 * field was removed reads as empty.
 */
export async function approvedPerformances(db: Db, ownerUserId: string): Promise<Performance[]> {
  const node = await partNode(db, 'performance');
  const codes = new Set(node?.schema.items.map((item) => item.code));
  if (!node || !codes.has(MARKET_FIELD.projectName)) return [];
  const amount = codes.has(MARKET_FIELD.contractAmount)
    ? sql`${col(MARKET_FIELD.contractAmount)}::text`
    : sql`null`;
  const result = await db.execute(sql`
    select ${col(MARKET_FIELD.projectName)}::text as "projectName", ${amount} as amount
    from ${tableRef(node.tableName)} ${R}
    where ${R}.owner_user_id = ${ownerUserId}::uuid and ${R}.deleted_at is null and ${R}.status = 'approved'
    order by ${R}.created_at, ${R}.id`);
  return rowsOf<{ projectName: string | null; amount: string | null }>(result)
    .filter((row) => row.projectName)
    .map((row) => ({ projectName: row.projectName ?? '', amount: row.amount ?? '' }));
}

const enterpriseColumns = {
  userId: users.id,
  loginRoleType: users.loginRoleType,
  enterpriseName: sql<string>`coalesce(${enterprises.name}, ${users.userName})`,
  creditCode: sql<string>`coalesce(${enterprises.creditCode}, '')`,
  qyType: sql<string>`coalesce(${enterprises.enterpriseType}, '')`,
  status: users.status,
  version: users.version,
};

/** A live user as an enterprise (its enterprise row when it has one). */
export async function enterpriseAccount(db: Db, userId: string) {
  const [row] = await db
    .select(enterpriseColumns)
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

export type EnterpriseFilter = {
  keyword?: string | undefined;
  qyType?: string | undefined;
  region?: string | undefined;
  state?: 'enabled' | 'disabled' | undefined;
};

/**
 * The enterprise accounts, by name, filtered by a keyword on the name or the credit code, the
 * enterprise type, the province of the credit code and whether the account is enabled.
 */
export async function enterpriseAccounts(
  db: Db,
  query: EnterpriseFilter & { pageNum: number; pageSize: number },
) {
  const pattern = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
  const province = query.region
    ? Object.entries(PROVINCES).find(([, name]) => name === query.region)?.[0]
    : undefined;
  const where: SQL | undefined = and(
    eq(users.loginRoleType, 'U'),
    isNull(users.deletedAt),
    query.qyType ? eq(enterprises.enterpriseType, query.qyType) : undefined,
    province ? sql`substr(${enterprises.creditCode}, 3, 2) = ${province}` : undefined,
    query.state === 'enabled' ? eq(users.status, 'active') : undefined,
    query.state === 'disabled' ? eq(users.status, 'disabled') : undefined,
    pattern
      ? or(
          ilike(enterprises.name, pattern),
          ilike(enterprises.creditCode, pattern),
          ilike(users.userName, pattern),
        )
      : undefined,
  );
  const [total] = await db
    .select({ value: count() })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(where);
  const rows = await db
    .select(enterpriseColumns)
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(where)
    .orderBy(asc(sql`coalesce(${enterprises.name}, ${users.userName})`), asc(users.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { rows, total: total?.value ?? 0 };
}

export async function practiceDetailsOf(db: Db, userId: string) {
  const [row] = await db
    .select({ details: users.practicingStatus })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.details ?? [];
}

/**
 * Live records of the personnel node with their enterprise's name: an enterprise's own (`owner`) or
 * everyone's, filtered by a keyword on the name or the certificate number when those fields exist.
 */
export async function personnelRecords(
  db: Db,
  node: ResolvedNode,
  items: readonly FormItem[],
  query: { owner: string | null; keyword?: string | undefined; pageNum: number; pageSize: number },
) {
  const codes = new Set(items.map((item) => item.code));
  const pattern = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
  const searched = ['person_name', 'certificate_no'].filter((code) => codes.has(code));
  const where = sql.join(
    [
      sql`${R}.deleted_at is null`,
      query.owner ? sql`${R}.owner_user_id = ${query.owner}::uuid` : undefined,
      pattern
        ? sql`(${sql.join(
            [...searched.map((code) => sql`${col(code)} ilike ${pattern}`), furtherCertificateLike(pattern)],
            sql` or `,
          )})`
        : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
  const from = sql`from ${tableRef(node.tableName)} ${R}
    join ${users} on ${users.id} = ${R}.owner_user_id
    left join ${enterprises} on ${enterprises.id} = ${users.enterpriseId}`;
  const total =
    rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from} where ${where}`))[0]?.n ?? 0;
  const order = codes.has('person_name')
    ? sql`${col('person_name')}, ${R}.id`
    : sql`${R}.created_at, ${R}.id`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${recordSelect(items)}, coalesce(${enterprises.name}, ${users.userName}) as "_enterprise_name"
      ${from} where ${where} order by ${order}
      limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`),
  );
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      record: storedOf(row, items),
      enterpriseName: String(row._enterprise_name ?? ''),
    })),
  };
}

/** The live systems, in menu order. */
export async function liveSystems(db: Db) {
  return db
    .select({ id: systems.id, systemName: systems.systemName, gnCoding: systems.gnCoding })
    .from(systems)
    .where(isNull(systems.deletedAt))
    .orderBy(asc(systems.sort), asc(systems.createdAt));
}
