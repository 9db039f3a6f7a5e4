import { and, asc, eq, gt, isNull } from 'drizzle-orm';
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
