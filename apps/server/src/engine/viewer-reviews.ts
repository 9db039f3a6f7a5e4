import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Whether a user has audit steps on any record of a node (`any`), and pending ones (`pending`).
 * Read with the node itself (resolveNode, a prepared statement): most callers review nothing on
 * most nodes, and then their row scope is the owner's alone, without the reviewer sub-queries that
 * cost a list more to plan than to run (decision 0014).
 */
export type ViewerReviews = { any: boolean; pending: boolean };

export function viewerReviewsSql(nodeId: SQLWrapper, viewerId: SQLWrapper | string): SQL<ViewerReviews> {
  const steps = sql`from audit_steps st join audit_instances ai on ai.id = st.instance_id
    where st.reviewer_user_id = ${viewerId} and ai.node_id = ${nodeId}
      and st.deleted_at is null and ai.deleted_at is null and ai.status <> 'revoked'`;
  return sql<ViewerReviews>`json_build_object(
    'any', exists(select 1 ${steps}),
    'pending', exists(select 1 ${steps} and st.status = 'pending' and ai.status = 'running'))`;
}
