import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operationLogs } from '../../db/schema/identity.ts';

export type OperationLogRow = typeof operationLogs.$inferSelect;

/**
 * The log of one target, oldest first (the drawer reads it as a history), or only `byUserId`'s
 * entries of it. Capped: a drawer is not an archive.
 */
export async function findTargetLog(
  db: Db,
  targetTypes: string[],
  targetId: string,
  { byUserId, limit = 500 }: { byUserId?: string; limit?: number } = {},
) {
  return db
    .select()
    .from(operationLogs)
    .where(
      and(
        inArray(operationLogs.targetType, targetTypes),
        eq(operationLogs.targetId, targetId),
        byUserId === undefined ? undefined : eq(operationLogs.userId, byUserId),
      ),
    )
    .orderBy(asc(operationLogs.createdAt), asc(operationLogs.id))
    .limit(limit);
}

export async function hasActedOn(db: Db, userId: string, targetTypes: string[], targetId: string) {
  const [row] = await db
    .select({ id: operationLogs.id })
    .from(operationLogs)
    .where(
      and(
        inArray(operationLogs.targetType, targetTypes),
        eq(operationLogs.targetId, targetId),
        eq(operationLogs.userId, userId),
      ),
    )
    .limit(1);
  return !!row;
}
