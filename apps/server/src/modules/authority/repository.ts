import { asNodeId, type NodeDefinition, type NodeFunction, type NodeId } from '@ks/contract';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditOrgMembers,
  auditOrgs,
  nodeAuthorities,
  nodeFunctionGrants,
} from '../../db/schema/authority.ts';
import { users } from '../../db/schema/identity.ts';
import { nodeDefinitions } from '../../db/schema/node-config.ts';
import { menuNodeRoles, menuNodes, systems } from '../../db/schema/shell.ts';

export type AuditOrgRow = typeof auditOrgs.$inferSelect;
export type UserBrief = { id: string; userName: string; account: string };
export type ReviewerCandidate = UserBrief & { loginRoleType: string };

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A user who can act: not deleted, not disabled, activated. */
const isLiveUser = and(isNull(users.deletedAt), eq(users.status, 'active'));

// ————— reviewer organisations —————
export async function findAuditOrgs(db: Db): Promise<AuditOrgRow[]> {
  return db.select().from(auditOrgs).where(isNull(auditOrgs.deletedAt)).orderBy(asc(auditOrgs.name));
}

export async function findAuditOrg(db: Db, id: string): Promise<AuditOrgRow | null> {
  const [row] = await db
    .select()
    .from(auditOrgs)
    .where(and(eq(auditOrgs.id, id), isNull(auditOrgs.deletedAt)));
  return row ?? null;
}

/** A live organisation of this name other than `exceptId`, if any. */
export async function findAuditOrgByName(db: Db, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: auditOrgs.id })
    .from(auditOrgs)
    .where(
      and(
        eq(auditOrgs.name, name),
        isNull(auditOrgs.deletedAt),
        exceptId ? sql`${auditOrgs.id} <> ${exceptId}` : undefined,
      ),
    );
  return row ?? null;
}

/** Ids among these that are live organisations. */
export async function findLiveAuditOrgIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: auditOrgs.id })
    .from(auditOrgs)
    .where(and(inArray(auditOrgs.id, ids), isNull(auditOrgs.deletedAt)));
  return rows.map((row) => row.id);
}

/**
 * findLiveAuditOrgIds share-locking the rows for the caller's transaction: a save granting them
 * holds them, so a delete (which soft-deletes first and drops the grants after) either waits and
 * then drops the new grants too, or has deleted the organisation already and the save finds it gone.
 */
export async function lockLiveAuditOrgIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: auditOrgs.id })
    .from(auditOrgs)
    .where(and(inArray(auditOrgs.id, ids), isNull(auditOrgs.deletedAt)))
    .for('share');
  return rows.map((row) => row.id);
}

/** Members of the given organisations (every member, live or not, so pages can show them all). */
export async function findMembersOf(db: Db, orgIds: string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select({ orgId: auditOrgMembers.orgId, id: users.id, userName: users.userName, account: users.account })
    .from(auditOrgMembers)
    .innerJoin(users, eq(users.id, auditOrgMembers.userId))
    .where(inArray(auditOrgMembers.orgId, orgIds))
    .orderBy(asc(users.userName));
}

export async function insertAuditOrg(db: Db, name: string): Promise<AuditOrgRow> {
  const [row] = await db.insert(auditOrgs).values({ name }).returning();
  if (!row) throw new Error('audit org insert returned nothing');
  return row;
}

export async function updateAuditOrg(db: Db, id: string, version: number, name: string) {
  const [row] = await db
    .update(auditOrgs)
    .set({ name, version: sql`${auditOrgs.version} + 1`, updatedAt: new Date() })
    .where(and(eq(auditOrgs.id, id), eq(auditOrgs.version, version), isNull(auditOrgs.deletedAt)))
    .returning();
  return row ?? null;
}

export async function replaceMembers(db: Db, orgId: string, userIds: string[]) {
  await db.delete(auditOrgMembers).where(eq(auditOrgMembers.orgId, orgId));
  if (userIds.length) await db.insert(auditOrgMembers).values(userIds.map((userId) => ({ orgId, userId })));
}

/** Soft-deletes a live organisation and answers it; null when none was live (never, or deleted meanwhile). */
export async function softDeleteAuditOrg(db: Db, id: string): Promise<AuditOrgRow | null> {
  const [row] = await db
    .update(auditOrgs)
    .set({ deletedAt: new Date(), version: sql`${auditOrgs.version} + 1` })
    .where(and(eq(auditOrgs.id, id), isNull(auditOrgs.deletedAt)))
    .returning();
  return row ?? null;
}

/** Removes the grants given to an organisation (it is being deleted). */
export async function deleteOrgGrants(db: Db, orgId: string) {
  await db
    .delete(nodeFunctionGrants)
    .where(and(eq(nodeFunctionGrants.subjectType, 'org'), eq(nodeFunctionGrants.subject, orgId)));
}

/** Live users among these ids, with their role. */
export async function findLiveUsers(db: Db, ids: string[]): Promise<ReviewerCandidate[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      userName: users.userName,
      account: users.account,
      loginRoleType: users.loginRoleType,
    })
    .from(users)
    .where(and(inArray(users.id, ids), isLiveUser));
}

/** Live administrators whose name or account contains the keyword, for reviewer pickers. */
export async function findReviewers(db: Db, keyword: string, limit: number): Promise<UserBrief[]> {
  return db
    .select({ id: users.id, userName: users.userName, account: users.account })
    .from(users)
    .where(
      and(
        isLiveUser,
        eq(users.loginRoleType, 'M'),
        keyword ? or(ilike(users.userName, like(keyword)), ilike(users.account, like(keyword))) : undefined,
      ),
    )
    .orderBy(asc(users.userName), asc(users.account))
    .limit(limit);
}

// ————— node function authority —————
export type NodeBrief = {
  id: NodeId;
  parentId: string | null;
  title: string;
  gnCoding: string;
  nodeProperties: string;
};

/** A live node of a live system. */
export async function findLiveNode(db: Db, nodeId: NodeId): Promise<NodeBrief | null> {
  const [row] = await db
    .select({
      id: menuNodes.id,
      parentId: menuNodes.parentId,
      title: menuNodes.title,
      gnCoding: menuNodes.gnCoding,
      nodeProperties: menuNodes.nodeProperties,
    })
    .from(menuNodes)
    .innerJoin(systems, eq(systems.id, menuNodes.systemId))
    .where(and(eq(menuNodes.id, nodeId), isNull(menuNodes.deletedAt), isNull(systems.deletedAt)));
  return row ? { ...row, id: asNodeId(row.id) } : null;
}

export async function findLiveSystemId(db: Db, systemCoding: string): Promise<string | null> {
  const [row] = await db
    .select({ id: systems.id })
    .from(systems)
    .where(and(eq(systems.gnCoding, systemCoding), isNull(systems.deletedAt)));
  return row?.id ?? null;
}

/** A system's live nodes in menu order, with the functions their drafts offer and whether customised. */
export async function findSystemNodes(db: Db, systemId: string) {
  const rows = await db
    .select({
      id: menuNodes.id,
      parentId: menuNodes.parentId,
      title: menuNodes.title,
      gnCoding: menuNodes.gnCoding,
      nodeProperties: menuNodes.nodeProperties,
      draft: nodeDefinitions.draft,
      authorityVersion: nodeAuthorities.version,
    })
    .from(menuNodes)
    .leftJoin(nodeDefinitions, eq(nodeDefinitions.nodeId, menuNodes.id))
    .leftJoin(nodeAuthorities, eq(nodeAuthorities.nodeId, menuNodes.id))
    .where(and(eq(menuNodes.systemId, systemId), isNull(menuNodes.deletedAt)))
    .orderBy(asc(menuNodes.sort), asc(menuNodes.createdAt));
  return rows.map((row) => ({ ...row, id: asNodeId(row.id) }));
}

/** The functions a node's draft offers (none while it has no draft). */
export async function findOfferedFunctions(db: Db, nodeId: NodeId): Promise<NodeFunction[]> {
  const [row] = await db
    .select({ draft: nodeDefinitions.draft })
    .from(nodeDefinitions)
    .where(eq(nodeDefinitions.nodeId, nodeId));
  return offeredOf(row?.draft ?? null);
}

export const offeredOf = (draft: NodeDefinition | null): NodeFunction[] => draft?.functions ?? [];

export async function findGrantRows(db: Db, nodeId: NodeId) {
  return db.select().from(nodeFunctionGrants).where(eq(nodeFunctionGrants.nodeId, nodeId));
}

export async function findAuthorityVersion(db: Db, nodeId: NodeId): Promise<number> {
  const [row] = await db
    .select({ version: nodeAuthorities.version })
    .from(nodeAuthorities)
    .where(eq(nodeAuthorities.nodeId, nodeId));
  return row?.version ?? 0;
}

export async function insertAuthority(db: Db, nodeId: NodeId, userId: string) {
  await db.insert(nodeAuthorities).values({ nodeId, updatedBy: userId });
}

/** Moves a node's authority to the next version; false when it is not at `version`. */
export async function bumpAuthority(db: Db, nodeId: NodeId, version: number, userId: string) {
  const rows = await db
    .update(nodeAuthorities)
    .set({ version: sql`${nodeAuthorities.version} + 1`, updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(nodeAuthorities.nodeId, nodeId), eq(nodeAuthorities.version, version)))
    .returning({ version: nodeAuthorities.version });
  return rows.length > 0;
}

const MENU_ROLES = ['M', 'U', 'P'] as const;
export async function findMenuRoles(db: Db, nodeId: NodeId): Promise<('M' | 'U' | 'P')[]> {
  const rows = await db
    .select({ role: menuNodeRoles.loginRoleType })
    .from(menuNodeRoles)
    .where(and(eq(menuNodeRoles.nodeId, nodeId), inArray(menuNodeRoles.loginRoleType, [...MENU_ROLES])));
  return MENU_ROLES.filter((role) => rows.some((row) => row.role === role));
}

/** Replaces which of M, U and P see the node in the menu (developers see every node anyway). */
export async function replaceMenuRoles(db: Db, nodeId: NodeId, roles: readonly ('M' | 'U' | 'P')[]) {
  await db
    .delete(menuNodeRoles)
    .where(and(eq(menuNodeRoles.nodeId, nodeId), inArray(menuNodeRoles.loginRoleType, [...MENU_ROLES])));
  if (roles.length)
    await db.insert(menuNodeRoles).values(roles.map((loginRoleType) => ({ nodeId, loginRoleType })));
}
