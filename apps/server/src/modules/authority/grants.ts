import type { NodeFunction } from '@ks/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditOrgMembers, auditOrgs, nodeAuthorities, nodeFunctionGrants } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/access.ts';

/**
 * What each role may do on a node nobody has set permissions for yet: administrators everything,
 * enterprise and personnel users fill in, submit and manage their own records. Reviewers act
 * through the audit tasks assigned to them, not through a grant.
 */
export const DEFAULT_GRANTS: Record<'M' | 'U' | 'P', readonly NodeFunction[]> = {
  M: ['save', 'submit', 'audit', 'revoke', 'delete', 'export', 'import', 'assign', 'publish', 'send', 'view'],
  U: ['save', 'submit', 'revoke', 'delete', 'export', 'view'],
  P: ['save', 'submit', 'revoke', 'delete', 'export', 'view'],
};

/** The reviewer organisations a user belongs to. */
export async function orgsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ orgId: auditOrgMembers.orgId })
    .from(auditOrgMembers)
    .innerJoin(auditOrgs, eq(auditOrgs.id, auditOrgMembers.orgId))
    .where(and(eq(auditOrgMembers.userId, userId), isNull(auditOrgs.deletedAt)));
  return rows.map((row) => row.orgId);
}

/** Live members of a reviewer organisation. */
export async function membersOf(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: auditOrgMembers.userId })
    .from(auditOrgMembers)
    .innerJoin(auditOrgs, eq(auditOrgs.id, auditOrgMembers.orgId))
    .where(and(eq(auditOrgMembers.orgId, orgId), isNull(auditOrgs.deletedAt)));
  return rows.map((row) => row.userId);
}

/**
 * The functions a user may use on a node: those the published definition offers, narrowed by the
 * node's grants to the user's role or organisations (or by the defaults while nobody has saved the
 * node's authority; once saved, the grant rows alone decide, even when there are none).
 * Developers configure nodes and use none of their functions.
 */
export async function allowedFunctions(
  db: Db,
  user: Pick<SessionUser, 'id' | 'loginRoleType'>,
  nodeId: string,
  offered: readonly NodeFunction[],
): Promise<Set<NodeFunction>> {
  if (user.loginRoleType === 'D') return new Set();
  const grants = await db.select().from(nodeFunctionGrants).where(eq(nodeFunctionGrants.nodeId, nodeId));
  if (grants.length === 0 && !(await isCustomised(db, nodeId))) {
    const defaults = DEFAULT_GRANTS[user.loginRoleType];
    return new Set(offered.filter((code) => defaults.includes(code)));
  }
  const orgs = new Set(await orgsOf(db, user.id));
  const granted = new Set(
    grants
      .filter((grant) =>
        grant.subjectType === 'role' ? grant.subject === user.loginRoleType : orgs.has(grant.subject),
      )
      .map((grant) => grant.functionCode),
  );
  return new Set(offered.filter((code) => granted.has(code)));
}

/** Replaces a node's grants in one step (the caller's transaction). */
export async function replaceGrants(
  db: Db,
  nodeId: string,
  grants: { functionCode: NodeFunction; subjectType: 'role' | 'org'; subject: string }[],
) {
  await db.delete(nodeFunctionGrants).where(eq(nodeFunctionGrants.nodeId, nodeId));
  if (grants.length)
    await db.insert(nodeFunctionGrants).values(grants.map((grant) => ({ nodeId, ...grant })));
}

/** Users among these ids who are live members of any of the given organisations (for reviewer checks). */
export async function membersAmong(db: Db, orgIds: string[]): Promise<string[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: auditOrgMembers.userId })
    .from(auditOrgMembers)
    .where(inArray(auditOrgMembers.orgId, orgIds));
  return rows.map((row) => row.userId);
}

/** Whether a node's function authority has been saved (its grants, not the defaults, decide). */
export async function isCustomised(db: Db, nodeId: string): Promise<boolean> {
  const [row] = await db
    .select({ nodeId: nodeAuthorities.nodeId })
    .from(nodeAuthorities)
    .where(eq(nodeAuthorities.nodeId, nodeId));
  return row !== undefined;
}
