import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activationCodes, enterprises, users } from '../../db/schema/identity.ts';

export async function findLiveEnterpriseByCreditCode(db: Db, creditCode: string) {
  const [row] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(and(eq(enterprises.creditCode, creditCode), isNull(enterprises.deletedAt)));
  return row ?? null;
}

export async function isAccountTaken(db: Db, account: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.account, account), isNull(users.deletedAt)));
  return !!row;
}

export async function findLiveUsersByPhone(db: Db, phone: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)));
}

export async function insertEnterprise(db: Db, values: typeof enterprises.$inferInsert) {
  const [row] = await db.insert(enterprises).values(values).returning();
  if (!row) throw new Error('enterprise insert returned nothing');
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function insertActivationCode(db: Db, values: typeof activationCodes.$inferInsert) {
  await db.insert(activationCodes).values(values);
}

export async function findActivation(db: Db, codeHash: string) {
  const [row] = await db
    .select({ activation: activationCodes, user: users })
    .from(activationCodes)
    .innerJoin(users, eq(users.id, activationCodes.userId))
    .where(eq(activationCodes.codeHash, codeHash));
  return row ?? null;
}

/** Marks the code used only if nobody used it first; true when this call did. */
export async function useActivation(db: Db, codeHash: string): Promise<boolean> {
  const used = await db
    .update(activationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(activationCodes.codeHash, codeHash), isNull(activationCodes.usedAt)))
    .returning({ userId: activationCodes.userId });
  return used.length > 0;
}

export async function activateUser(db: Db, userId: string) {
  await db.update(users).set({ status: 'active', updatedAt: new Date() }).where(eq(users.id, userId));
}
