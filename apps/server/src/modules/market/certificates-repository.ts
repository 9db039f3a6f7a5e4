import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { marketCertificates } from '../../db/schema/market.ts';
import { fieldIdent, rowsOf, tableRef } from '../../engine/node-tables.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';
import { MARKET_FIELD } from './system.ts';

/** The SQL of a registration's further certificates, `market_certificates` (decision 0059). */

export type CertificateRow = typeof marketCertificates.$inferSelect;
/** What a certificate says, as a caller writes it. */
export type CertificateValues = Pick<
  CertificateRow,
  'registrationType' | 'specialty' | 'certificateNo' | 'region' | 'issueDate' | 'expiryDate'
>;

const f = MARKET_FIELD;

/** The live certificates of these registrations, oldest first. */
export async function certificatesOfRecords(db: Db, recordIds: readonly string[]): Promise<CertificateRow[]> {
  return db
    .select()
    .from(marketCertificates)
    .where(and(inArray(marketCertificates.recordId, [...recordIds]), isNull(marketCertificates.deletedAt)))
    .orderBy(asc(marketCertificates.createdAt), asc(marketCertificates.id));
}

/**
 * Whether a certificate number is registered in a specialty: as a live registration's principal
 * certificate (but for record `except.recordId`) or as a live sub-record (but for
 * `except.certificateId`).
 */
export async function certificateNumberTaken(
  tx: Db,
  node: ResolvedNode,
  certificate: { certificateNo: string; specialty: string },
  except: { recordId?: string | null; certificateId?: string },
): Promise<boolean> {
  const number = certificate.certificateNo;
  const codes = new Set(node.schema.items.map((item) => item.code));
  if (codes.has(f.certificateNo) && codes.has(f.specialty)) {
    const principal = rowsOf(
      await tx.execute(sql`
        select 1 from ${tableRef(node.tableName)}
        where ${fieldIdent(f.certificateNo)} = ${number} and ${fieldIdent(f.specialty)} = ${certificate.specialty}
          and deleted_at is null ${except.recordId ? sql`and id <> ${except.recordId}::uuid` : sql``}
        limit 1`),
    );
    if (principal.length > 0) return true;
  }
  const [further] = await tx
    .select({ id: marketCertificates.id })
    .from(marketCertificates)
    .where(
      and(
        eq(marketCertificates.certificateNo, number),
        eq(marketCertificates.specialty, certificate.specialty),
        isNull(marketCertificates.deletedAt),
        except.certificateId ? ne(marketCertificates.id, except.certificateId) : undefined,
      ),
    )
    .limit(1);
  return further !== undefined;
}

/**
 * A live registration, locked, with the fields the certificates read (empty when the node lacks
 * them); undefined when there is none.
 */
export async function lockRegistrationForCertificates(tx: Db, node: ResolvedNode, recordId: string) {
  const codes = new Set(node.schema.items.map((item) => item.code));
  const field = (code: string) => (codes.has(code) ? sql`${fieldIdent(code)}::text` : sql`''`);
  const [row] = rowsOf<{ id: string; owner: string; name: string; type: string; specialty: string }>(
    await tx.execute(sql`
      select id::text as id, owner_user_id::text as owner, ${field(f.personName)} as name,
        ${field(f.registrationType)} as type, ${field(f.specialty)} as specialty
      from ${tableRef(node.tableName)} where id = ${recordId}::uuid and deleted_at is null
      for update`),
  );
  return row;
}

export async function insertCertificate(
  tx: Db,
  recordId: string,
  values: CertificateValues,
): Promise<CertificateRow> {
  const [row] = await tx
    .insert(marketCertificates)
    .values({ recordId, ...values })
    .returning();
  if (!row) throw new Error('certificate not inserted');
  return row;
}

/** A live certificate, locked for the rest of the transaction. */
export async function lockCertificate(tx: Db, id: string): Promise<CertificateRow | undefined> {
  const [row] = await tx
    .select()
    .from(marketCertificates)
    .where(and(eq(marketCertificates.id, id), isNull(marketCertificates.deletedAt)))
    .for('update');
  return row;
}

/** Rewrites a certificate at the version read; undefined when it changed meanwhile. */
export async function updateCertificate(
  tx: Db,
  id: string,
  version: number,
  values: CertificateValues,
): Promise<CertificateRow | undefined> {
  const [updated] = await tx
    .update(marketCertificates)
    .set({ ...values, version: sql`${marketCertificates.version} + 1`, updatedAt: new Date() })
    .where(and(eq(marketCertificates.id, id), eq(marketCertificates.version, version)))
    .returning();
  return updated;
}

/** Soft: the row stays for history. */
export async function deleteCertificate(tx: Db, id: string): Promise<void> {
  await tx
    .update(marketCertificates)
    .set({ deletedAt: new Date(), version: sql`${marketCertificates.version} + 1`, updatedAt: new Date() })
    .where(eq(marketCertificates.id, id));
}
