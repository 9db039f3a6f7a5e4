import { asNodeId, type NodeId } from '@ks/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { displayGroups } from '../../db/schema/builder.ts';
import { menuNodes, systems } from '../../db/schema/shell.ts';

export type SystemRow = typeof systems.$inferSelect;
/** A menu node row, its id read as the NodeId it is: the one place this repository brands it. */
export type NodeRow = Omit<typeof menuNodes.$inferSelect, 'id'> & { id: NodeId };
const nodeRow = (row: typeof menuNodes.$inferSelect): NodeRow => ({ ...row, id: asNodeId(row.id) });

/** Live systems with how many live nodes each has. */
export async function findSystemsWithNodeCount(db: Db) {
  const rows = await db
    .select()
    .from(systems)
    .where(isNull(systems.deletedAt))
    .orderBy(asc(systems.sort), asc(systems.createdAt));
  const counts = await db
    .select({ systemId: menuNodes.systemId, count: count() })
    .from(menuNodes)
    .where(isNull(menuNodes.deletedAt))
    .groupBy(menuNodes.systemId);
  const countOf = new Map(counts.map((row) => [row.systemId, Number(row.count)]));
  return rows.map((row) => ({
    id: row.id,
    systemName: row.systemName,
    title: row.title,
    gnCoding: row.gnCoding,
    levels: row.levels,
    version: row.version,
    nodeCount: countOf.get(row.id) ?? 0,
  }));
}

/** Any system with this code, deleted ones too: the code stays taken (the unique index covers all rows). */
export async function isSystemCodingTaken(db: Db, gnCoding: string): Promise<boolean> {
  const [row] = await db.select({ id: systems.id }).from(systems).where(eq(systems.gnCoding, gnCoding));
  return Boolean(row);
}

export async function findLiveSystem(db: Db, id: string): Promise<SystemRow | null> {
  const [row] = await db
    .select()
    .from(systems)
    .where(and(eq(systems.id, id), isNull(systems.deletedAt)));
  return row ?? null;
}

export async function findLiveSystemByCoding(db: Db, gnCoding: string): Promise<SystemRow | null> {
  const [row] = await db
    .select()
    .from(systems)
    .where(and(eq(systems.gnCoding, gnCoding), isNull(systems.deletedAt)));
  return row ?? null;
}

/** The sort position after every system, deleted ones included (their places are not reused). */
export async function nextSystemSort(db: Db): Promise<number> {
  const [row] = await db.select({ last: sql<number | null>`max(${systems.sort})` }).from(systems);
  return (row?.last ?? -1) + 1;
}

export async function insertSystem(db: Db, values: typeof systems.$inferInsert): Promise<SystemRow> {
  const [row] = await db.insert(systems).values(values).returning();
  if (!row) throw new Error('system insert returned nothing');
  return row;
}

/** Renames over the version the page loaded; null when it was stale or the system is gone. */
export async function renameSystem(db: Db, id: string, version: number, systemName: string) {
  const [row] = await db
    .update(systems)
    .set({ systemName, updatedAt: new Date(), version: sql`${systems.version} + 1` })
    .where(and(eq(systems.id, id), eq(systems.version, version), isNull(systems.deletedAt)))
    .returning();
  return row ?? null;
}

export async function softDeleteSystem(db: Db, id: string): Promise<void> {
  await db
    .update(systems)
    .set({ deletedAt: new Date(), version: sql`${systems.version} + 1` })
    .where(eq(systems.id, id));
}

/** Live nodes of one system in menu order. */
export async function findLiveNodes(db: Db, systemId: string): Promise<NodeRow[]> {
  const rows = await db
    .select()
    .from(menuNodes)
    .where(and(eq(menuNodes.systemId, systemId), isNull(menuNodes.deletedAt)))
    .orderBy(asc(menuNodes.sort), asc(menuNodes.createdAt));
  return rows.map(nodeRow);
}

/**
 * The live nodes of a system for a change of its tree, its system row locked first: two changes of
 * one tree (two moves, a move and a delete, an add under a parent being deleted) then run one after
 * the other, each checking the tree the other left. Two crossing moves read the same tree and made
 * a loop that hid both subtrees.
 */
export async function lockTree(db: Db, systemId: string): Promise<NodeRow[]> {
  await db.select({ id: systems.id }).from(systems).where(eq(systems.id, systemId)).for('update');
  return findLiveNodes(db, systemId);
}

export async function findLiveNode(db: Db, id: string): Promise<NodeRow | null> {
  const [row] = await db
    .select()
    .from(menuNodes)
    .where(and(eq(menuNodes.id, id), isNull(menuNodes.deletedAt)));
  return row ? nodeRow(row) : null;
}

export async function insertNode(db: Db, values: typeof menuNodes.$inferInsert): Promise<NodeRow> {
  const [row] = await db.insert(menuNodes).values(values).returning();
  if (!row) throw new Error('menu node insert returned nothing');
  return nodeRow(row);
}

/** Saves node fields over the version the form loaded; null when it was stale. */
export async function updateNode(
  db: Db,
  id: string,
  version: number,
  values: Partial<
    Pick<NodeRow, 'title' | 'icon' | 'itShows' | 'nodeProperties' | 'style' | 'nodeSetFlag' | 'disabled'>
  >,
) {
  const [row] = await db
    .update(menuNodes)
    .set({ ...values, updatedAt: new Date(), version: sql`${menuNodes.version} + 1` })
    .where(and(eq(menuNodes.id, id), eq(menuNodes.version, version), isNull(menuNodes.deletedAt)))
    .returning();
  return row ? nodeRow(row) : null;
}

export async function softDeleteNodes(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(menuNodes)
    .set({ deletedAt: new Date(), version: sql`${menuNodes.version} + 1` })
    .where(and(inArray(menuNodes.id, ids), isNull(menuNodes.deletedAt)));
}

export async function placeNode(db: Db, id: string, parentId: string | null, sort: number): Promise<void> {
  await db
    .update(menuNodes)
    .set({ parentId, sort, updatedAt: new Date(), version: sql`${menuNodes.version} + 1` })
    .where(eq(menuNodes.id, id));
}

export async function setNodeSort(db: Db, id: string, sort: number): Promise<void> {
  await db.update(menuNodes).set({ sort }).where(eq(menuNodes.id, id));
}

export type DisplayGroupRow = typeof displayGroups.$inferSelect;

export async function findLiveDisplayGroups(db: Db, systemId: string): Promise<DisplayGroupRow[]> {
  return db
    .select()
    .from(displayGroups)
    .where(and(eq(displayGroups.systemId, systemId), isNull(displayGroups.deletedAt)))
    .orderBy(asc(displayGroups.sort), asc(displayGroups.createdAt));
}

export async function findLiveDisplayGroup(db: Db, id: string): Promise<DisplayGroupRow | null> {
  const [row] = await db
    .select()
    .from(displayGroups)
    .where(and(eq(displayGroups.id, id), isNull(displayGroups.deletedAt)));
  return row ?? null;
}

export async function insertDisplayGroup(db: Db, values: typeof displayGroups.$inferInsert) {
  const [row] = await db.insert(displayGroups).values(values).returning();
  if (!row) throw new Error('display group insert returned nothing');
  return row;
}

/** Saves over the version the form loaded; null when it was stale. */
export async function updateDisplayGroup(
  db: Db,
  id: string,
  version: number,
  values: Pick<DisplayGroupRow, 'name' | 'icon' | 'nodeIds'>,
) {
  const [row] = await db
    .update(displayGroups)
    .set({ ...values, updatedAt: new Date(), version: sql`${displayGroups.version} + 1` })
    .where(and(eq(displayGroups.id, id), eq(displayGroups.version, version), isNull(displayGroups.deletedAt)))
    .returning();
  return row ?? null;
}

export async function softDeleteDisplayGroup(db: Db, id: string): Promise<void> {
  await db
    .update(displayGroups)
    .set({ deletedAt: new Date(), version: sql`${displayGroups.version} + 1` })
    .where(eq(displayGroups.id, id));
}
