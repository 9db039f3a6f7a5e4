import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';

/** A user's display name, or null. */
export async function findUserName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return row?.userName ?? null;
}
