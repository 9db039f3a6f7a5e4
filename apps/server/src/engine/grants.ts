import type { NodeId } from '@ks/contract';
import { isBuiltinFunction, type NodeFunction, roleMayUseFunction } from '@ks/contract';
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditOrgMembers, auditOrgs, nodeFunctionGrants } from '../db/schema/index.ts';
import type { SessionUser } from '../platform/access.ts';
import { rowsOf } from './node-tables.ts';

/**
 * What each role may do on a node nobody has set permissions for yet: administrators everything,
 * enterprise and personnel users fill in, submit and manage their own records. Reviewers act
 * through the audit tasks assigned to them, not through a grant.
 */
export const DEFAULT_GRANTS: Record<'M' | 'U' | 'P', readonly NodeFunction[]> = {
  M: ['save', 'submit', 'audit', 'revoke', 'delete', 'export', 'import', 'assign', 'publish', 'view'],
  U: ['save', 'submit', 'revoke', 'delete', 'export', 'view'],
  P: ['save', 'submit', 'revoke', 'delete', 'export', 'view'],
};

/**
 * Whether a role has a function by default: the built-in ones by DEFAULT_GRANTS; module actions
 * (decision 0030) administrators only, until the node's permissions give them to others.
 */
export const isDefaultGrant = (role: 'M' | 'U' | 'P', code: NodeFunction): boolean =>
  isBuiltinFunction(code) ? DEFAULT_GRANTS[role].includes(code) : role === 'M';

/** Live members of a reviewer organisation. */
export async function membersOf(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: auditOrgMembers.userId })
    .from(auditOrgMembers)
    .innerJoin(auditOrgs, eq(auditOrgs.id, auditOrgMembers.orgId))
    .where(and(eq(auditOrgMembers.orgId, orgId), isNull(auditOrgs.deletedAt)));
  return rows.map((row) => row.userId);
}

/** What a node's grants say for one user; read with the node itself where a call resolves one. */
export type GrantSummary = { customised: boolean; hasGrants: boolean; granted: string[] };
type Grantee = Pick<SessionUser, 'id' | 'loginRoleType'>;
/** Whom grantSummarySql asks about: values, or the placeholders of a prepared statement. */
type GranteeRef = { id: string | SQLWrapper; loginRoleType: string | SQLWrapper };

/**
 * The GrantSummary of `nodeId` (a column or a value) for `user` as one json expression: whether the
 * node's authority was ever saved, whether it has grants at all, and the codes granted to the
 * user's role or to a live organisation the user belongs to. Every records and workflow call asks
 * this first, so it rides along with the node lookup (bench/results/records.md).
 */
export function grantSummarySql(nodeId: SQLWrapper | string, user: GranteeRef): SQL<GrantSummary> {
  return sql<GrantSummary>`json_build_object(
    'customised', exists(select 1 from node_authorities a where a.node_id = ${nodeId}),
    'hasGrants', exists(select 1 from node_function_grants g where g.node_id = ${nodeId}),
    'granted', array(
      select distinct g.function_code from node_function_grants g
      where g.node_id = ${nodeId}
        and ((g.subject_type = 'role' and g.subject = ${user.loginRoleType})
          or (g.subject_type = 'org' and g.subject in (
            select m.org_id::text from audit_org_members m
            join audit_orgs o on o.id = m.org_id
            where m.user_id = ${user.id} and o.deleted_at is null)))))`;
}

/**
 * The functions a user may use on a node: those the published definition offers, narrowed by the
 * node's grants to the user's role or organisations (or by the defaults while nobody has saved the
 * node's authority; once saved, the grant rows alone decide, even when there are none), and never
 * one that FUNCTION_ROLES keeps from the user's role. Developers configure nodes and use none of
 * their functions.
 */
export function functionsGranted(
  user: Grantee,
  summary: GrantSummary,
  offered: readonly NodeFunction[],
): Set<NodeFunction> {
  if (user.loginRoleType === 'D') return new Set();
  const usable = offered.filter((code) => roleMayUseFunction(user.loginRoleType, code));
  if (!summary.hasGrants && !summary.customised) {
    const role = user.loginRoleType;
    return new Set(usable.filter((code) => isDefaultGrant(role, code)));
  }
  const granted = new Set(summary.granted);
  return new Set(usable.filter((code) => granted.has(code)));
}

/** functionsGranted for a node whose grants were not read with it. */
export async function allowedFunctions(
  db: Db,
  user: Grantee,
  nodeId: NodeId,
  offered: readonly NodeFunction[],
): Promise<Set<NodeFunction>> {
  if (user.loginRoleType === 'D') return new Set();
  const result = await db.execute(sql`select ${grantSummarySql(nodeId, user)} as summary`);
  const [row] = rowsOf<{ summary: GrantSummary }>(result);
  return functionsGranted(
    user,
    row?.summary ?? { customised: false, hasGrants: false, granted: [] },
    offered,
  );
}

/** Replaces a node's grants in one step (the caller's transaction). */
export async function replaceGrants(
  db: Db,
  nodeId: NodeId,
  grants: { functionCode: NodeFunction; subjectType: 'role' | 'org'; subject: string }[],
) {
  await db.delete(nodeFunctionGrants).where(eq(nodeFunctionGrants.nodeId, nodeId));
  if (grants.length)
    await db.insert(nodeFunctionGrants).values(grants.map((grant) => ({ nodeId, ...grant })));
}
