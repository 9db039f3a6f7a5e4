import type { NodeId } from '@ks/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { menuNodes, systems } from '../../db/schema/shell.ts';
import { auditInstances, auditSteps } from '../../db/schema/workflow.ts';

export type InstanceRow = typeof auditInstances.$inferSelect;
export type StepRow = typeof auditSteps.$inferSelect;

/** The running flow of a record, locked for the caller's transaction, or null. */
export async function findRunningInstance(
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
        eq(auditInstances.status, 'running'),
        isNull(auditInstances.deletedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Takes a share lock on a live node for the caller's transaction; false when it is gone. A submit
 * holds it while it starts a flow, so a builder deleting the node waits and then sees the flow
 * (engine/audit-instances.ts findNodesUnderReview) instead of deleting the node from under it.
 */
export async function lockLiveNode(db: Db, nodeId: NodeId): Promise<boolean> {
  const rows = await db
    .select({ id: menuNodes.id })
    .from(menuNodes)
    .where(and(eq(menuNodes.id, nodeId), isNull(menuNodes.deletedAt)))
    .for('share');
  return rows.length > 0;
}

export async function insertInstance(
  db: Db,
  values: typeof auditInstances.$inferInsert,
): Promise<InstanceRow> {
  const [row] = await db.insert(auditInstances).values(values).returning();
  if (!row) throw new Error('audit instance not inserted');
  return row;
}

/** Updates a flow over the version the caller read; null when someone else changed it first. */
export async function updateInstance(
  db: Db,
  id: string,
  version: number,
  changes: Partial<Pick<InstanceRow, 'status' | 'currentLevel' | 'finishedAt'>>,
): Promise<InstanceRow | null> {
  const [row] = await db
    .update(auditInstances)
    .set({ ...changes, version: sql`${auditInstances.version} + 1`, updatedAt: new Date() })
    .where(and(eq(auditInstances.id, id), eq(auditInstances.version, version)))
    .returning();
  return row ?? null;
}

export async function insertSteps(db: Db, values: (typeof auditSteps.$inferInsert)[]): Promise<StepRow[]> {
  if (values.length === 0) return [];
  return db.insert(auditSteps).values(values).returning();
}

export async function findSteps(db: Db, instanceId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(auditSteps)
    .where(and(eq(auditSteps.instanceId, instanceId), isNull(auditSteps.deletedAt)))
    .orderBy(asc(auditSteps.level), asc(auditSteps.createdAt));
}

/** Closes one pending step with a decision; null when it is no longer pending (decided meanwhile). */
export async function decideStep(
  db: Db,
  stepId: string,
  status: 'passed' | 'rejected',
  advice: string,
): Promise<StepRow | null> {
  const [row] = await db
    .update(auditSteps)
    .set({
      status,
      advice,
      actedAt: new Date(),
      version: sql`${auditSteps.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(auditSteps.id, stepId), eq(auditSteps.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Marks the still-pending steps of a flow (optionally of one level) as skipped; answers them. */
export async function skipPendingSteps(db: Db, instanceId: string, level?: number): Promise<StepRow[]> {
  return db
    .update(auditSteps)
    .set({ status: 'skipped', version: sql`${auditSteps.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(auditSteps.instanceId, instanceId),
        eq(auditSteps.status, 'pending'),
        level === undefined ? undefined : eq(auditSteps.level, level),
      ),
    )
    .returning();
}

export async function linkTodo(db: Db, stepId: string, todoId: string): Promise<void> {
  await db.update(auditSteps).set({ todoId }).where(eq(auditSteps.id, stepId));
}

/** Moves a pending step to another reviewer over the version read; null when it changed meanwhile. */
export async function reassignStep(
  db: Db,
  step: StepRow,
  reviewerUserId: string,
  todoId: string,
): Promise<StepRow | null> {
  const [row] = await db
    .update(auditSteps)
    .set({ reviewerUserId, todoId, version: sql`${auditSteps.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(auditSteps.id, step.id), eq(auditSteps.version, step.version), eq(auditSteps.status, 'pending')),
    )
    .returning();
  return row ?? null;
}

/** Display names of users by id. */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.userName]));
}

/** Live, active users among the ids (reviewers must be able to log in). */
export async function activeUsers(
  db: Db,
  ids: string[],
): Promise<{ id: string; userName: string; loginRoleType: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, userName: users.userName, loginRoleType: users.loginRoleType })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.status, 'active'), isNull(users.deletedAt)));
}

/** The system a node belongs to, for the reviewers' to-dos. */
export async function systemOfNode(
  db: Db,
  nodeId: NodeId,
): Promise<{ systemCoding: string; systemName: string }> {
  const [row] = await db
    .select({ systemCoding: systems.gnCoding, systemName: systems.systemName })
    .from(menuNodes)
    .innerJoin(systems, eq(systems.id, menuNodes.systemId))
    .where(eq(menuNodes.id, nodeId));
  return row ?? { systemCoding: '', systemName: '' };
}
