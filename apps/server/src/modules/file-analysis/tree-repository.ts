import { and, asc, count, eq, lt, ne, type SQL, sql } from 'drizzle-orm';
import { deleteInBatches } from '../../db/batches.ts';
import type { Db } from '../../db/client.ts';
import { giveWay } from '../../db/give-way.ts';
import { costFiles, costItems, costNodes } from '../../db/schema/file-analysis.ts';
import type { CostSink } from './cost-parser.ts';
import type { ParsedItem, ParsedNode } from './cost-tree.ts';

/**
 * SQL of a cost file's parsed tree under generations. A parse writes its rows under a generation
 * of its own in many short statements, then one statement makes it the file's visible generation:
 * readers see the previous tree until then and the whole new one after, and the embedded database
 * (one connection) serves other requests between the parse's statements instead of waiting for one
 * long transaction. Old and abandoned generations are deleted in batches afterwards.
 */

/**
 * Rows a parse writes in one statement. Each statement holds the embedded database's one
 * connection; a request waits for at most one of them per query it makes, so the batch is kept to
 * milliseconds (bench/results/parse-stall.md).
 */
export const WRITE_BATCH = 200;

/**
 * The file's visible generation, as a subquery of the reader's own statement: one statement reads
 * one complete tree even when a parse is published or an old tree deleted beside it.
 */
export const visibleGeneration = (fileId: string): SQL =>
  sql`(select tree_generation from cost_files where id = ${fileId})`;

/** The visible tree's nodes of a file. */
export const visibleNodes = (fileId: string) =>
  and(eq(costNodes.fileId, fileId), eq(costNodes.generation, visibleGeneration(fileId))) as SQL;

/** The visible tree's items of a file. */
export const visibleItems = (fileId: string) =>
  and(eq(costItems.fileId, fileId), eq(costItems.generation, visibleGeneration(fileId))) as SQL;

/**
 * Takes a new generation for a parse of the file, and deletes what earlier parses left unpublished
 * (a crashed or superseded attempt). Null when the file row is gone.
 */
export async function beginGeneration(db: Db, fileId: string): Promise<number | null> {
  const [row] = await db
    .update(costFiles)
    .set({ lastGeneration: sql`${costFiles.lastGeneration} + 1` })
    .where(eq(costFiles.id, fileId))
    .returning({ generation: costFiles.lastGeneration });
  if (!row) return null;
  await dropStaleGenerations(db, fileId, row.generation);
  return row.generation;
}

/** Rows into cost_nodes and cost_items under the parse's generation, one statement per batch. */
export function generationSink(db: Db, fileId: string, generation: number): CostSink {
  return {
    async nodes(rows: ParsedNode[]) {
      await db.insert(costNodes).values(
        rows.map((n) => ({
          id: n.id,
          fileId,
          generation,
          parentId: n.parentId,
          level: n.level,
          path: n.path,
          code: n.code,
          name: n.name,
          zy: n.zy,
          ...n.money,
          bases: n.bases,
        })),
      );
      await giveWay(db);
    },
    async items(rows: ParsedItem[]) {
      await db.insert(costItems).values(rows.map((item) => ({ ...item, fileId, generation })));
      await giveWay(db);
    },
  };
}

/**
 * Makes the generation the file's visible tree and sets the file's columns, in one statement, if
 * no newer parse of the file has begun since; false when one has (this parse is superseded and
 * its rows are to be dropped).
 */
export async function publishGeneration(
  db: Db,
  fileId: string,
  generation: number,
  fields: Partial<typeof costFiles.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(costFiles)
    .set({ ...fields, treeGeneration: generation })
    .where(and(eq(costFiles.id, fileId), eq(costFiles.lastGeneration, generation)))
    .returning({ id: costFiles.id });
  return rows.length > 0;
}

/** Deletes the rows of generations older than `below`, except the visible one. */
export async function dropStaleGenerations(db: Db, fileId: string, below: number): Promise<void> {
  // Items, then the nodes they hang under.
  for (const table of [costItems, costNodes]) {
    await deleteInBatches(
      db,
      table,
      table.id,
      and(
        eq(table.fileId, fileId),
        lt(table.generation, below),
        ne(table.generation, visibleGeneration(fileId)),
      ) as SQL,
    );
  }
}

/** Deletes one unpublished generation's rows (a refused or superseded parse's). */
export async function dropGeneration(db: Db, fileId: string, generation: number): Promise<void> {
  for (const table of [costItems, costNodes]) {
    await deleteInBatches(
      db,
      table,
      table.id,
      and(eq(table.fileId, fileId), eq(table.generation, generation)) as SQL,
    );
  }
}

export type NodeRow = typeof costNodes.$inferSelect;

/** Paths sort numerically (1.10 after 1.9): the tree reads in document order. */
const pathOrder = sql`string_to_array(${costNodes.path}, '.')::int[]`;

/** How many nodes the file's visible tree has. */
export async function nodeCount(db: Db, fileId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(costNodes).where(visibleNodes(fileId));
  return Number(row?.n ?? 0);
}

/** A page of the visible tree's nodes in document order. */
export function nodePage(
  db: Db,
  fileId: string,
  page: { curPage: number; pageSize: number },
): Promise<NodeRow[]> {
  return db
    .select()
    .from(costNodes)
    .where(visibleNodes(fileId))
    .orderBy(pathOrder)
    .limit(page.pageSize)
    .offset((page.curPage - 1) * page.pageSize);
}

/** The visible tree's nodes ordered by path as text (a node before its children), at most `limit`. */
export function treeNodes(db: Db, fileId: string, limit?: number): Promise<NodeRow[]> {
  const query = db.select().from(costNodes).where(visibleNodes(fileId)).orderBy(asc(costNodes.path));
  return limit === undefined ? query : query.limit(limit);
}

/** The visible tree's project node (its totals), if any. */
export async function projectNode(db: Db, fileId: string): Promise<NodeRow | null> {
  const [row] = await db
    .select()
    .from(costNodes)
    .where(and(visibleNodes(fileId), eq(costNodes.level, 'project')));
  return row ?? null;
}

/** How many items the visible tree has per list. */
export function itemCountsByList(db: Db, fileId: string): Promise<{ list: string; n: number }[]> {
  return db
    .select({ list: costItems.list, n: count() })
    .from(costItems)
    .where(visibleItems(fileId))
    .groupBy(costItems.list);
}
