import { type ManagedPerson, type ManagedPersonnelQuery, maskIdNumber, type NativeValue } from '@ks/contract';
import { asPersonId, asUserId } from '@ks/contract/ids';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { marketCertificates, marketPracticeAreas } from '../../db/schema/market.ts';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import { col, R, type ResolvedNode, recordSelect, storedOf } from '../../engine/record-store.ts';
import { furtherCertificates, principalCertificate } from './certificates.ts';
import { furtherCertificateLike } from './repository.ts';
import { MARKET_FIELD } from './system.ts';

const f = MARKET_FIELD;
/** The registration's fields the administrators' views read (those still on the node). */
const PERSON_CODES = [
  f.personName,
  f.idNumber,
  f.registrationType,
  f.specialty,
  f.certificateNo,
  f.region,
  f.expiryDate,
] as const;

const text = (value: NativeValue | undefined) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);

type Filter = Partial<Omit<ManagedPersonnelQuery, 'pageNum' | 'pageSize'>> & {
  recordId?: string;
  pageNum: number;
  pageSize: number;
};

/**
 * Live registrations of every enterprise with their enterprise, practice status and linked
 * personnel account, filtered by a keyword (name or certificate number), the full ID number, the
 * enterprise, the specialty and a region's practice status. Lists mask the ID number; the full
 * numbers come apart (`fullIdNumbers`, same order) for the detail and the account sync.
 */
export async function managedPersonnelRows(db: Db, node: ResolvedNode, query: Filter) {
  const items = node.schema.items.filter((item) => (PERSON_CODES as readonly string[]).includes(item.code));
  const codes = new Set(items.map((item) => item.code));
  const pattern = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
  const searched = [f.personName, f.certificateNo].filter((code) => codes.has(code));
  const none = sql`false`;
  const conditions: (SQL | undefined)[] = [
    sql`${R}.deleted_at is null`,
    query.recordId ? sql`${R}.id = ${query.recordId}::uuid` : undefined,
    query.enterpriseId ? sql`${R}.owner_user_id = ${query.enterpriseId}::uuid` : undefined,
    pattern
      ? sql`(${sql.join([...searched.map((code) => sql`${col(code)} ilike ${pattern}`), furtherCertificateLike(pattern)], sql` or `)})`
      : undefined,
    query.idNumber
      ? codes.has(f.idNumber)
        ? sql`${col(f.idNumber)} = ${query.idNumber.trim().toUpperCase()}`
        : none
      : undefined,
    query.specialty
      ? sql`(${codes.has(f.specialty) ? sql`${col(f.specialty)} = ${query.specialty}` : none} or exists (
          select 1 from ${marketCertificates} c where c.record_id = ${R}.id and c.deleted_at is null
            and c.specialty = ${query.specialty}))`
      : undefined,
    query.practiceStatus
      ? sql`exists (select 1 from jsonb_array_elements(coalesce(p.areas, '[]'::jsonb)) area
          where (area->>'status')::int = ${Number(query.practiceStatus)})`
      : undefined,
  ];
  const where = sql.join(
    conditions.filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
  const account = codes.has(f.idNumber)
    ? sql`(select a.user_name from ${users} a where a.id_number = ${col(f.idNumber)}
        and a.deleted_at is null and a.login_role_type = 'P' limit 1)`
    : sql`null`;
  const from = sql`from ${tableRef(node.tableName)} ${R}
    join ${users} on ${users.id} = ${R}.owner_user_id
    left join ${enterprises} on ${enterprises.id} = ${users.enterpriseId}
    left join ${marketPracticeAreas} p on p.record_id = ${R}.id and p.deleted_at is null`;
  const total =
    rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from} where ${where}`))[0]?.n ?? 0;
  const order = codes.has(f.personName) ? sql`${col(f.personName)}, ${R}.id` : sql`${R}.created_at, ${R}.id`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${recordSelect(items)},
        coalesce(${enterprises.name}, ${users.userName}) as "_enterprise_name",
        p.areas as "_areas", coalesce(p.version, 0) as "_practice_version", ${account} as "_account"
      ${from} where ${where} order by ${order}
      limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`),
  );
  const people: ManagedPerson[] = [];
  const fullIdNumbers: string[] = [];
  const further = await furtherCertificates(
    db,
    rows.map((row) => String(row._id)),
  );
  for (const row of rows) {
    const record = storedOf(row, items);
    const v = record.values;
    fullIdNumbers.push(text(v[f.idNumber]));
    people.push({
      id: asPersonId(record.id),
      status: record.status,
      enterpriseUserId: asUserId(record.ownerUserId),
      enterpriseName: String(row._enterprise_name ?? ''),
      personName: text(v[f.personName]),
      idNumber: maskIdNumber(text(v[f.idNumber])),
      registrationType: text(v[f.registrationType]),
      specialty: text(v[f.specialty]),
      certificateNo: text(v[f.certificateNo]),
      region: text(v[f.region]),
      expiryDate: text(v[f.expiryDate]),
      practiceDetails: (row._areas as ManagedPerson['practiceDetails'] | null) ?? [],
      practiceVersion: Number(row._practice_version ?? 0),
      accountName: String(row._account ?? ''),
      certificates: [...principalCertificate(v, record.version), ...(further.get(record.id) ?? [])],
    });
  }
  return { rows: people, fullIdNumbers, total: Number(total) };
}

/** A live account, locked, with what enabling or disabling it checks. */
export async function lockAccountState(tx: Db, userId: string) {
  const [account] = await tx
    .select({ id: users.id, role: users.loginRoleType, status: users.status, version: users.version })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return account;
}

export async function setAccountStatus(tx: Db, userId: string, status: 'active' | 'disabled'): Promise<void> {
  await tx
    .update(users)
    .set({ status, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Writes a registration's practice areas at the version read (0: none written yet); false when
 * another write came first.
 */
export async function writePracticeAreas(
  tx: Db,
  recordId: string,
  version: number,
  areas: (typeof marketPracticeAreas.$inferInsert)['areas'],
): Promise<boolean> {
  const written =
    version === 0
      ? await tx
          .insert(marketPracticeAreas)
          .values({ recordId, areas })
          .onConflictDoNothing()
          .returning({ version: marketPracticeAreas.version })
      : await tx
          .update(marketPracticeAreas)
          .set({ areas, version: sql`${marketPracticeAreas.version} + 1`, updatedAt: new Date() })
          .where(and(eq(marketPracticeAreas.recordId, recordId), eq(marketPracticeAreas.version, version)))
          .returning({ version: marketPracticeAreas.version });
  return written.length > 0;
}

/** An enterprise and its account, for the demo library (answers the account's row). */
export async function insertEnterpriseAccount(
  db: Db,
  enterprise: Pick<typeof enterprises.$inferInsert, 'name' | 'creditCode' | 'enterpriseType'>,
  account: Pick<typeof users.$inferInsert, 'userCode' | 'account' | 'phone' | 'userName' | 'passwordHash'>,
) {
  const [created] = await db.insert(enterprises).values(enterprise).returning();
  const [row] = await db
    .insert(users)
    .values({ ...account, loginRoleType: 'U', enterpriseId: created?.id ?? null })
    .returning();
  return row;
}
