import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { marketIdentityClaims } from '../../db/schema/market.ts';

/** The SQL of ID number claims (decision 0063) and of the accounts' proven numbers. */

export type ClaimRow = typeof marketIdentityClaims.$inferSelect;
/** A claim with the account that made it, as the queue and a decision describe it. */
export type ClaimWithAccount = { claim: ClaimRow; account: string; userName: string; phone: string | null };

const CLAIM_WITH_ACCOUNT = {
  claim: marketIdentityClaims,
  account: users.account,
  userName: users.userName,
  phone: users.phone,
};

const bumped = () => ({ version: sql`${marketIdentityClaims.version} + 1`, updatedAt: new Date() });

/** A live account other than `exceptUserId` holding the number (undefined when none). */
export async function otherHolderOf(db: Db, idNumber: string, exceptUserId: string) {
  const [held] = await db
    .select({ id: users.id, account: users.account, userName: users.userName })
    .from(users)
    .where(and(eq(users.idNumber, idNumber), isNull(users.deletedAt), ne(users.id, exceptUserId)));
  return held;
}

/** Replaces the account's pending claims by a new one. */
export async function insertClaim(
  tx: Db,
  claim: { userId: string; idNumber: string; phone: string | null },
): Promise<void> {
  await tx
    .update(marketIdentityClaims)
    .set({ status: 'replaced', ...bumped() })
    .where(and(eq(marketIdentityClaims.userId, claim.userId), eq(marketIdentityClaims.status, 'pending')));
  await tx.insert(marketIdentityClaims).values(claim);
}

/** The account's latest pending claim. */
export async function pendingClaimOf(db: Db, userId: string): Promise<ClaimRow | undefined> {
  const [claim] = await db
    .select()
    .from(marketIdentityClaims)
    .where(and(eq(marketIdentityClaims.userId, userId), eq(marketIdentityClaims.status, 'pending')))
    .orderBy(desc(marketIdentityClaims.createdAt))
    .limit(1);
  return claim;
}

/** The account's latest claim that was not replaced. */
export async function latestClaimOf(db: Db, userId: string): Promise<ClaimRow | undefined> {
  const [claim] = await db
    .select()
    .from(marketIdentityClaims)
    .where(and(eq(marketIdentityClaims.userId, userId), ne(marketIdentityClaims.status, 'replaced')))
    .orderBy(desc(marketIdentityClaims.createdAt))
    .limit(1);
  return claim;
}

/** A claim, locked for the rest of the transaction. */
export async function lockClaim(tx: Db, id: string): Promise<ClaimRow | undefined> {
  const [claim] = await tx
    .select()
    .from(marketIdentityClaims)
    .where(eq(marketIdentityClaims.id, id))
    .for('update');
  return claim;
}

/** An account's proven number and the practice status the login shows. */
export async function accountIdentity(db: Db, userId: string) {
  const [account] = await db
    .select({ idNumber: users.idNumber, details: users.practicingStatus })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}

/** The claims in a state with their accounts, newest first (at most 500). */
export async function claimsInState(db: Db, status: ClaimRow['status']): Promise<ClaimWithAccount[]> {
  return db
    .select(CLAIM_WITH_ACCOUNT)
    .from(marketIdentityClaims)
    .innerJoin(users, eq(users.id, marketIdentityClaims.userId))
    .where(eq(marketIdentityClaims.status, status))
    .orderBy(desc(marketIdentityClaims.createdAt), desc(marketIdentityClaims.id))
    .limit(500);
}

export async function claimWithAccount(db: Db, id: string): Promise<ClaimWithAccount | undefined> {
  const [row] = await db
    .select(CLAIM_WITH_ACCOUNT)
    .from(marketIdentityClaims)
    .innerJoin(users, eq(users.id, marketIdentityClaims.userId))
    .where(eq(marketIdentityClaims.id, id));
  return row;
}

export async function refuseClaim(tx: Db, id: string, refusal: string, decidedBy: string): Promise<void> {
  await tx
    .update(marketIdentityClaims)
    .set({ status: 'refused', refusal, decidedAt: new Date(), decidedBy, ...bumped() })
    .where(eq(marketIdentityClaims.id, id));
}

/**
 * Ends the links of every other account holding the number (their proven claims replaced) and
 * answers those accounts.
 */
export async function unlinkOtherHolders(tx: Db, idNumber: string, exceptUserId: string) {
  const losers = await tx
    .update(users)
    .set({ idNumber: null, practicingStatus: [], version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.idNumber, idNumber), ne(users.id, exceptUserId)))
    .returning({ id: users.id });
  for (const loser of losers)
    await tx
      .update(marketIdentityClaims)
      .set({ status: 'replaced', ...bumped() })
      .where(
        and(
          eq(marketIdentityClaims.userId, loser.id),
          eq(marketIdentityClaims.idNumber, idNumber),
          eq(marketIdentityClaims.status, 'proven'),
        ),
      );
  return losers;
}

/**
 * Links the account to the claim's number: its former link ends (its proven claim replaced), the
 * number is set and the claim is proven.
 */
export async function proveClaim(
  tx: Db,
  claim: ClaimRow,
  proof: 'sms' | 'admin',
  decidedBy: string,
): Promise<void> {
  await tx
    .update(users)
    .set({ idNumber: null, practicingStatus: [], version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, claim.userId));
  await tx
    .update(marketIdentityClaims)
    .set({ status: 'replaced', ...bumped() })
    .where(and(eq(marketIdentityClaims.userId, claim.userId), eq(marketIdentityClaims.status, 'proven')));
  await tx
    .update(users)
    .set({ idNumber: claim.idNumber, updatedAt: new Date() })
    .where(eq(users.id, claim.userId));
  await tx
    .update(marketIdentityClaims)
    .set({ status: 'proven', proof, decidedAt: new Date(), decidedBy, ...bumped() })
    .where(eq(marketIdentityClaims.id, claim.id));
}
