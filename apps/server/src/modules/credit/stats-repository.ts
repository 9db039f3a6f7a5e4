import type { CreditListQuery } from '@ks/contract';
import { and, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  creditLetterSignatures,
  creditLetterTemplates,
  creditScoreHistory,
  creditScores,
} from '../../db/schema/credit.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { rowsOf } from '../../engine/node-tables.ts';

/** The SQL of the credit list, its export and the overview figures (scores of enterprise accounts). */

export type ListFilter = Partial<Pick<CreditListQuery, 'qyType' | 'grade' | 'keyword'>>;

const liveEnterprise = () => and(eq(users.loginRoleType, 'U'), isNull(users.deletedAt));

function listWhere(query: ListFilter): SQL | undefined {
  return and(
    liveEnterprise(),
    query.qyType ? eq(enterprises.enterpriseType, query.qyType) : undefined,
    query.grade ? eq(creditScores.grade, query.grade) : undefined,
    query.keyword ? ilike(enterprises.name, `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
}

const listSelect = (db: Db) =>
  db
    .select({
      userId: users.id,
      enterpriseName: sql<string>`coalesce(${enterprises.name}, ${users.userName})`,
      creditCode: sql<string>`coalesce(${enterprises.creditCode}, '')`,
      qyType: sql<string>`coalesce(${enterprises.enterpriseType}, '')`,
      score: creditScores.score,
      grade: creditScores.grade,
      computedAt: creditScores.computedAt,
    })
    .from(creditScores)
    .innerJoin(users, eq(users.id, creditScores.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId));

/** How many scored enterprises the list filter matches. */
export async function listCount(db: Db, query: ListFilter): Promise<number> {
  const [total] = await db
    .select({ value: count() })
    .from(creditScores)
    .innerJoin(users, eq(users.id, creditScores.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(listWhere(query));
  return total?.value ?? 0;
}

/** The scored enterprises the filter matches, best first; a page of them when `page` is given. */
export async function listRows(db: Db, query: ListFilter, page?: { pageNum: number; pageSize: number }) {
  const ordered = listSelect(db).where(listWhere(query)).orderBy(desc(creditScores.score), enterprises.name);
  return page ? ordered.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize) : ordered;
}

/** How many enterprises are at each grade. */
export async function gradeCounts(db: Db) {
  return db
    .select({ grade: creditScores.grade, count: count() })
    .from(creditScores)
    .innerJoin(users, eq(users.id, creditScores.userId))
    .where(liveEnterprise())
    .groupBy(creditScores.grade);
}

/** The average of each enterprise's last score of each month, over the last twelve months. */
export async function monthlyAverages(db: Db): Promise<{ month: string; average: number }[]> {
  const result = await db.execute(sql`
    with monthly as (
      select distinct on (h.user_id, date_trunc('month', h.computed_at at time zone 'Asia/Shanghai'))
        to_char(h.computed_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, h.score
      from ${creditScoreHistory} h
      where h.computed_at > now() - interval '12 months'
      order by h.user_id, date_trunc('month', h.computed_at at time zone 'Asia/Shanghai'), h.computed_at desc
    )
    select month, round(avg(score)::numeric, 2)::float8 as average from monthly group by month order by month`);
  return rowsOf<{ month: string; average: number }>(result).map((row) => ({
    month: row.month,
    average: Number(row.average),
  }));
}

/** The average score and count of scored enterprises per enterprise type. */
export async function averagesByType(db: Db) {
  const rows = await db
    .select({
      qyType: sql<string>`coalesce(${enterprises.enterpriseType}, '')`,
      average: sql<number>`round(avg(${creditScores.score})::numeric, 2)::float8`,
      count: count(),
    })
    .from(creditScores)
    .innerJoin(users, eq(users.id, creditScores.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(liveEnterprise())
    .groupBy(enterprises.enterpriseType)
    .orderBy(enterprises.enterpriseType);
  return rows.map((row) => ({ ...row, average: Number(row.average) }));
}

/** How many scored enterprises there are per enterprise type ('其他' when unset) and grade. */
export async function gradeCountsByType(db: Db) {
  return db
    .select({
      qyType: sql<string>`coalesce(${enterprises.enterpriseType}, '其他')`,
      grade: creditScores.grade,
      count: count(),
    })
    .from(creditScores)
    .innerJoin(users, eq(users.id, creditScores.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(liveEnterprise())
    .groupBy(enterprises.enterpriseType, creditScores.grade);
}

export async function enterpriseCount(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(liveEnterprise());
  return row?.value ?? 0;
}

/** How many scores there are and their average (null with none). */
export async function scoreSummary(db: Db): Promise<{ count: number; average: number | null }> {
  const [scored] = await db
    .select({
      value: count(),
      average: sql<number | null>`round(avg(${creditScores.score})::numeric, 2)::float8`,
    })
    .from(creditScores);
  return {
    count: scored?.value ?? 0,
    average: scored?.average == null ? null : Number(scored.average),
  };
}

export async function signatureCount(db: Db, templateId: string): Promise<number> {
  const [signed] = await db
    .select({ value: count() })
    .from(creditLetterSignatures)
    .where(eq(creditLetterSignatures.templateId, templateId));
  return signed?.value ?? 0;
}

/** Every signature of every letter version, newest first, with the signer's enterprise. */
export async function allSignatures(db: Db) {
  return db
    .select({
      id: creditLetterSignatures.id,
      userId: creditLetterSignatures.userId,
      signerName: creditLetterSignatures.signerName,
      enterpriseName: sql<string>`coalesce(${enterprises.name}, '')`,
      templateVersion: creditLetterTemplates.templateVersion,
      textSha256: creditLetterSignatures.textSha256,
      signedAt: creditLetterSignatures.signedAt,
    })
    .from(creditLetterSignatures)
    .innerJoin(creditLetterTemplates, eq(creditLetterTemplates.id, creditLetterSignatures.templateId))
    .innerJoin(users, eq(users.id, creditLetterSignatures.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .orderBy(desc(creditLetterSignatures.signedAt));
}
