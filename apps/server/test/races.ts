import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { nodeDefinitions } from '../src/db/schema/index.ts';
import type { TestApp } from './helper.ts';

/** Long enough for a started request to reach the lock it waits on. */
export const pause = () => new Promise((resolve) => setTimeout(resolve, 500));

/**
 * Races requests against a lock (PostgreSQL only: PGlite has one session). Another transaction
 * takes what `hold` locks; the requests start one after another, a pause apart, so each reaches
 * its wait in that order; then the holder commits and their responses are answered in order.
 */
export async function raceWhileHeld<T>(
  app: TestApp,
  hold: (tx: Db) => Promise<unknown>,
  requests: (() => Promise<T>)[],
): Promise<T[]> {
  let answers: Promise<T[]> = Promise.resolve([]);
  await app.db.transaction(async (tx) => {
    await hold(tx);
    const started: Promise<T>[] = [];
    for (const request of requests) {
      started.push(request());
      await pause();
    }
    answers = Promise.all(started);
  });
  return answers;
}

/** Holds a node's definition row: a draft save stops at its draft update, inside its transaction. */
export const holdDefinitionRow = (nodeId: string) => (tx: Db) =>
  tx
    .select({ nodeId: nodeDefinitions.nodeId })
    .from(nodeDefinitions)
    .where(eq(nodeDefinitions.nodeId, nodeId))
    .for('update');

/**
 * Keeps anyone from writing the operation log: a delete stops at its log entry, after its update
 * and its in-use question, not yet committed.
 */
export const holdOperationLog = (tx: Db) => tx.execute(sql`lock table operation_logs in share mode`);
