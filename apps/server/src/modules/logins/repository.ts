import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { wechatBindings, wechatLoginAttempts } from '../../db/schema/logins.ts';

/** The live accounts a phone belongs to (what the operation log names). */
export async function findLiveUsersByPhone(db: Db, phone: string) {
  return db
    .select({
      id: users.id,
      userCode: users.userCode,
      userName: users.userName,
      loginRoleType: users.loginRoleType,
    })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)));
}

export async function insertAttempt(db: Db, values: typeof wechatLoginAttempts.$inferInsert) {
  await db.insert(wechatLoginAttempts).values(values);
}

export async function findAttempt(db: Db, stateHash: string) {
  const [row] = await db
    .select()
    .from(wechatLoginAttempts)
    .where(eq(wechatLoginAttempts.stateHash, stateHash));
  return row ?? null;
}

/** Records the scan on an attempt still open and not scanned; true when this call did. */
export async function recordScan(db: Db, stateHash: string, openid: string, unionid: string | null) {
  const rows = await db
    .update(wechatLoginAttempts)
    .set({ openid, unionid, scannedAt: new Date() })
    .where(
      and(
        eq(wechatLoginAttempts.stateHash, stateHash),
        isNull(wechatLoginAttempts.scannedAt),
        gt(wechatLoginAttempts.expiresAt, new Date()),
      ),
    )
    .returning({ id: wechatLoginAttempts.id });
  return rows.length > 0;
}

/** Uses a scanned attempt up; true only for the one call that did (a second poll gets nothing). */
export async function useAttempt(db: Db, id: string) {
  const rows = await db
    .update(wechatLoginAttempts)
    .set({ usedAt: new Date() })
    .where(and(eq(wechatLoginAttempts.id, id), isNull(wechatLoginAttempts.usedAt)))
    .returning({ id: wechatLoginAttempts.id });
  return rows.length > 0;
}

export async function findBinding(db: Db, provider: 'local' | 'wechat', openid: string) {
  const [row] = await db
    .select()
    .from(wechatBindings)
    .where(
      and(
        eq(wechatBindings.provider, provider),
        eq(wechatBindings.openid, openid),
        isNull(wechatBindings.deletedAt),
      ),
    );
  return row ?? null;
}

export async function insertBinding(db: Db, values: typeof wechatBindings.$inferInsert) {
  await db.insert(wechatBindings).values(values);
}

export async function findBindingOfUser(db: Db, userId: string) {
  const [row] = await db
    .select({ id: wechatBindings.id })
    .from(wechatBindings)
    .where(and(eq(wechatBindings.userId, userId), isNull(wechatBindings.deletedAt)));
  return row ?? null;
}
