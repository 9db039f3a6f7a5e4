import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/prepared.ts';
import { enterprises, loginFailures, sessions, users } from '../../db/schema/identity.ts';
import { announceSessionEnded } from '../../platform/access.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A live user by login name or phone; account names are stored lower-case. */
export async function findUserByLogValue(db: Db, logValue: string): Promise<UserRow | null> {
  const value = logValue.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), or(eq(users.account, value.toLowerCase()), eq(users.phone, value))))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/** A live user with their enterprise (if any) in one query. */
export async function findUserWithEnterprise(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, enterprise: enterprises })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

// Only the columns authentication reads: every request maps them, and drizzle maps column by column.
const prepareSessionLookup = (db: Db) =>
  db
    .select({
      session: {
        id: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        idleExpiresAt: sessions.idleExpiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        endReason: sessions.endReason,
      },
      user: {
        id: users.id,
        userCode: users.userCode,
        userName: users.userName,
        loginRoleType: users.loginRoleType,
        enterpriseId: users.enterpriseId,
        status: users.status,
        deletedAt: users.deletedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_session_with_user');
// Every authenticated request runs this lookup: build its SQL once per database, not per request.
const sessionLookups = perDatabase(prepareSessionLookup);

export async function findSessionWithUser(db: Db, tokenHash: string) {
  const lookup = sessionLookups(db);
  const [row] = await lookup.execute({ tokenHash });
  return row ?? null;
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

export async function touchSession(db: Db, id: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt, idleExpiresAt }).where(eq(sessions.id, id));
}

/** Ends a session; every instance drops it from its session cache when the caller's transaction commits. */
export async function endSession(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  await announceSessionEnded(db, id);
}

export async function findLoginFailures(db: Db, account: string) {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.account, account));
  return row ?? null;
}

/** Counts one more failure atomically (concurrent attempts must not undercount) and returns the new total. */
export async function incrementLoginFailures(db: Db, account: string): Promise<number> {
  const [row] = await db
    .insert(loginFailures)
    .values({ account, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.account,
      set: { failures: sql`${loginFailures.failures} + 1`, lastFailedAt: new Date() },
    })
    .returning({ failures: loginFailures.failures });
  return row?.failures ?? 1;
}

export async function lockAccount(
  db: Db,
  account: string,
  until: Date,
  failuresAfterLock: number,
): Promise<void> {
  await db
    .update(loginFailures)
    .set({ lockedUntil: until, failures: failuresAfterLock })
    .where(eq(loginFailures.account, account));
}

export async function clearLoginFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}

export async function findUserByCode(db: Db, userCode: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.userCode, userCode), isNull(users.deletedAt)));
  return row ?? null;
}
