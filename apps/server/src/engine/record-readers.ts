import type { SQL } from 'drizzle-orm';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menuNodes, systems } from '../db/schema/index.ts';
import type { SessionUser } from '../platform/access.ts';
import { functionsOf } from './node-functions.ts';
import { loadRecord, type ResolvedNode, resolveNodeIfAny, UUID_PATTERN } from './record-store.ts';
import { ownerScope, viewScopeOf } from './row-scope.ts';

/**
 * Who may read a node's records from outside the records runtime: their attachments (lists, card
 * rows, downloads) and their operation log. Decided exactly as the runtime decides a read
 * (viewScopeOf), so whoever may read a record may read its files and its history, and nobody else.
 */

/**
 * The rows of `node` that `user` may read. `node` is resolved for the user (its grants come in the
 * same statement); developers read none of the data: 403, as the runtime answers them.
 */
export async function viewScopeFor(db: Db, user: SessionUser, node: ResolvedNode): Promise<SQL> {
  ownerScope(user);
  return viewScopeOf(user, node, await functionsOf(db, user, node));
}

/** Whether `user` may read the live record `id` of `node` (never a developer, who reads no data). */
export async function canReadRecord(
  db: Db,
  user: SessionUser,
  node: ResolvedNode,
  id: string,
): Promise<boolean> {
  if (user.loginRoleType === 'D' || !UUID_PATTERN.test(id)) return false;
  return (await loadRecord(db, node.tableName, id, [], await viewScopeFor(db, user, node))) !== null;
}

/**
 * canReadRecord for a record named by its node's code alone, as operation-log targets are: a node
 * code is unique within its system only, so every published node of that code is asked.
 */
export async function canReadRecordOfNode(
  db: Db,
  user: SessionUser,
  gnCoding: string,
  id: string,
): Promise<boolean> {
  if (user.loginRoleType === 'D' || !UUID_PATTERN.test(id)) return false;
  const owners = await db
    .select({ systemCoding: systems.gnCoding })
    .from(menuNodes)
    .innerJoin(systems, eq(systems.id, menuNodes.systemId))
    .where(and(eq(menuNodes.gnCoding, gnCoding), isNull(menuNodes.deletedAt), isNull(systems.deletedAt)));
  for (const { systemCoding } of owners) {
    const node = await resolveNodeIfAny(db, systemCoding, gnCoding, user);
    if (node && (await canReadRecord(db, user, node, id))) return true;
  }
  return false;
}
