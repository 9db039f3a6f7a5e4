import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { nodeDefinitions } from '../src/db/schema/index.ts';
import type { TestApp } from './helper.ts';

/** How long started requests may take to reach their lock waits before the race is called broken. */
const REACH_WAIT_MS = 20000;

/** Sessions of this test file's database (each file has its own) now waiting for a lock. */
async function lockWaiters(app: TestApp): Promise<number> {
  const result = await app.db.execute(sql`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  return Number((result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting ?? 0);
}

/**
 * Resolves once every one of `requests` still running waits on a lock in PostgreSQL (PostgreSQL
 * only: PGlite has one session). Instead of a fixed pause: a loaded machine makes it slower, never
 * wrong, and an idle one does not wait for nothing. A request that answers without waiting (the bug
 * a race test looks for) stops counting, so the test goes on to fail on its answer.
 */
export async function untilWaiting(app: TestApp, requests: Promise<unknown>[]): Promise<void> {
  let settled = 0;
  for (const request of requests) {
    request.then(
      () => settled++,
      () => settled++,
    );
  }
  const deadline = Date.now() + REACH_WAIT_MS;
  while ((await lockWaiters(app)) < requests.length - settled) {
    if (Date.now() > deadline) {
      throw new Error(`${requests.length - settled} request(s) never reached a lock wait`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Races requests against a lock (PostgreSQL only: PGlite has one session). Another transaction
 * takes what `hold` locks; the requests start one after another, each once the ones before it wait
 * on a lock, so they reach their waits in that order; then the holder commits and their responses
 * are answered in order.
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
      await untilWaiting(app, started);
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
