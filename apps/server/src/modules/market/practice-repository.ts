import type { PracticingStatus } from '@ks/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { marketPracticeAreas } from '../../db/schema/market.ts';
import { fieldIdent, rowsOf, tableRef } from '../../engine/node-tables.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';
import { MARKET_FIELD } from './system.ts';

type Details = PracticingStatus['practiceDetails'];

/** What the login says of a registration passed but whose practice status nobody set yet. */
export const UNSET_REASON = '执业状态尚未核定，请联系管理员';

/**
 * The practice status of a person's passed registration (decision 0053): the regions an
 * administrator set, or — none set yet — its registered region as unknown (0). No passed
 * registration: no regions.
 */
export async function practiceOfIdNumber(tx: Db, node: ResolvedNode, idNumber: string): Promise<Details> {
  const codes = new Set(node.schema.items.map((item) => item.code));
  if (!codes.has(MARKET_FIELD.idNumber)) return [];
  const region = codes.has(MARKET_FIELD.region) ? sql`r.${fieldIdent(MARKET_FIELD.region)}` : sql`''`;
  const [row] = rowsOf<{ id: string; region: string | null; areas: Details | null }>(
    await tx.execute(sql`
      select r.id::text as id, ${region} as region, p.areas as areas
      from ${tableRef(node.tableName)} r
      left join ${marketPracticeAreas} p on p.record_id = r.id and p.deleted_at is null
      where r.${fieldIdent(MARKET_FIELD.idNumber)} = ${idNumber} and r.deleted_at is null
        and r.status = 'approved'
      order by r.updated_at desc limit 1`),
  );
  if (!row) return [];
  if (row.areas) return row.areas;
  return [{ region: row.region ?? '', status: 0, reason: UNSET_REASON }];
}

/**
 * Writes the practice status of the personnel accounts holding these ID numbers from their
 * registrations, in the caller's transaction: the login and the practice status dialog read it.
 */
export async function syncPracticeOf(
  tx: Db,
  node: ResolvedNode,
  idNumbers: readonly string[],
): Promise<void> {
  const numbers = [...new Set(idNumbers.filter((value) => value))];
  if (numbers.length === 0) return;
  const accounts = await tx
    .select({ id: users.id, idNumber: users.idNumber })
    .from(users)
    .where(and(inArray(users.idNumber, numbers), isNull(users.deletedAt), eq(users.loginRoleType, 'P')));
  for (const account of accounts) {
    const details = await practiceOfIdNumber(tx, node, account.idNumber as string);
    await tx
      .update(users)
      .set({ practicingStatus: details, updatedAt: new Date() })
      .where(eq(users.id, account.id));
  }
}

/** The ID number a personnel record holds now (deleted or not), '' when it holds none. */
export async function idNumberOfRecord(tx: Db, node: ResolvedNode, recordId: string): Promise<string> {
  if (!node.schema.items.some((item) => item.code === MARKET_FIELD.idNumber)) return '';
  const [row] = rowsOf<{ value: string | null }>(
    await tx.execute(sql`
      select ${fieldIdent(MARKET_FIELD.idNumber)} as value from ${tableRef(node.tableName)}
      where id = ${recordId}::uuid`),
  );
  return row?.value ?? '';
}
