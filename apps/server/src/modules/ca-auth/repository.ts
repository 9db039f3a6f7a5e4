import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { caCertificates, caChallenges } from '../../db/schema/ca-auth.ts';

/** The CA login module's SQL (decision 0070): challenges and bound certificates. */

export type ChallengeRow = typeof caChallenges.$inferSelect;
export type BindingRow = typeof caCertificates.$inferSelect;

export async function insertChallenge(db: Db, row: typeof caChallenges.$inferInsert): Promise<ChallengeRow> {
  const [inserted] = await db.insert(caChallenges).values(row).returning();
  if (!inserted) throw new Error('challenge not inserted');
  return inserted;
}

export async function findChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(caChallenges).where(eq(caChallenges.id, id));
  return row;
}

/** Marks a challenge used; true only for the one caller that did (single use under races). */
export async function consumeChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(caChallenges)
    .set({ usedAt: now })
    .where(and(eq(caChallenges.id, id), isNull(caChallenges.usedAt), gt(caChallenges.expiresAt, now)))
    .returning({ id: caChallenges.id });
  return rows.length === 1;
}

export async function findBindingByFingerprint(db: Db, fingerprint: string): Promise<BindingRow | undefined> {
  const [row] = await db
    .select()
    .from(caCertificates)
    .where(and(eq(caCertificates.fingerprint, fingerprint), isNull(caCertificates.deletedAt)));
  return row;
}

export async function findBindingByIssuerSerial(
  db: Db,
  issuer: string,
  serialNumber: string,
): Promise<BindingRow | undefined> {
  const [row] = await db
    .select()
    .from(caCertificates)
    .where(
      and(
        eq(caCertificates.issuer, issuer),
        eq(caCertificates.serialNumber, serialNumber),
        isNull(caCertificates.deletedAt),
      ),
    );
  return row;
}

export async function insertBinding(db: Db, row: typeof caCertificates.$inferInsert): Promise<BindingRow> {
  const [inserted] = await db.insert(caCertificates).values(row).returning();
  if (!inserted) throw new Error('binding not inserted');
  return inserted;
}

export async function listBindings(db: Db, userId: string): Promise<BindingRow[]> {
  return db
    .select()
    .from(caCertificates)
    .where(and(eq(caCertificates.userId, userId), isNull(caCertificates.deletedAt)))
    .orderBy(asc(caCertificates.notAfter));
}

/** Soft-deletes the caller's binding at `version`; the row, or none when it moved or is not theirs. */
export async function deleteBinding(
  db: Db,
  id: string,
  userId: string,
  version: number,
  now: Date,
): Promise<BindingRow | undefined> {
  const [row] = await db
    .update(caCertificates)
    .set({ deletedAt: now, updatedAt: now, version: sql`${caCertificates.version} + 1` })
    .where(
      and(
        eq(caCertificates.id, id),
        eq(caCertificates.userId, userId),
        eq(caCertificates.version, version),
        isNull(caCertificates.deletedAt),
      ),
    )
    .returning();
  return row;
}

export async function findLiveBinding(db: Db, id: string, userId: string): Promise<BindingRow | undefined> {
  const [row] = await db
    .select()
    .from(caCertificates)
    .where(
      and(eq(caCertificates.id, id), eq(caCertificates.userId, userId), isNull(caCertificates.deletedAt)),
    );
  return row;
}

/** Challenges that expired before `cutoff`: nobody can use them any more. */
export async function deleteChallengesBefore(db: Db, cutoff: Date): Promise<void> {
  await db.delete(caChallenges).where(lt(caChallenges.expiresAt, cutoff));
}
