import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { announceUserChanged } from './access.ts';

/**
 * What ends a user's sessions, for every module that must: the session module (login elsewhere,
 * password change, kick-out) and account recovery (password reset).
 */

/**
 * Ends every live session of a user, but `exceptId`; returns how many ended. Every instance drops
 * the user's sessions from its session cache when the caller's transaction commits (the one kept
 * is read again from the database).
 */
export async function endUserSessions(
  db: Db,
  userId: string,
  reason: string,
  exceptId?: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        exceptId ? sql`${sessions.id} <> ${exceptId}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await announceUserChanged(db, userId);
  return ended.length;
}

/** Sets a user's password hash (the account is then active: codeStatus 1). */
export async function updatePassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, codeStatus: '1', updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
}
