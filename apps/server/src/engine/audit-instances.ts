import type { NodeId } from '@ks/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditInstances, menuNodes } from '../db/schema/index.ts';

/**
 * The audit-flow facts other modules read (the records details, the builder's delete guard)
 * without depending on the workflow module: flows are engine state, the workflow only drives them.
 */
export type InstanceRow = typeof auditInstances.$inferSelect;

/** The latest flow of a record (running or finished), or null when it was never submitted. */
export async function findLatestInstance(
  db: Db,
  nodeId: NodeId,
  recordId: string,
): Promise<InstanceRow | null> {
  const [row] = await db
    .select()
    .from(auditInstances)
    .where(
      and(
        eq(auditInstances.nodeId, nodeId),
        eq(auditInstances.recordId, recordId),
        isNull(auditInstances.deletedAt),
      ),
    )
    .orderBy(desc(auditInstances.startedAt), desc(auditInstances.createdAt))
    .limit(1);
  return row ?? null;
}

/** Titles of the nodes among these that have a running audit flow, deleted nodes included. */
export async function findNodesUnderReview(db: Db, nodeIds: NodeId[]): Promise<string[]> {
  if (nodeIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ title: menuNodes.title })
    .from(auditInstances)
    .innerJoin(menuNodes, eq(menuNodes.id, auditInstances.nodeId))
    .where(
      and(
        inArray(auditInstances.nodeId, nodeIds),
        eq(auditInstances.status, 'running'),
        isNull(auditInstances.deletedAt),
      ),
    )
    .orderBy(asc(menuNodes.title));
  return rows.map((row) => row.title);
}
