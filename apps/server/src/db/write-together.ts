import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs independent writes as one statement, every write but the last as a data-modifying CTE.
 * PostgreSQL executes each of them exactly once, and one statement is atomic: a transaction in one
 * round trip instead of BEGIN, one per write and COMMIT (decision 0014). Only for writes that do not
 * read each other's effects: all of them see the snapshot the statement started with.
 */
export async function writeTogether(db: Db, writes: readonly SQL[]): Promise<void> {
  const last = writes.at(-1);
  if (!last) return;
  const before = writes
    .slice(0, -1)
    .map((write, index) => sql`${sql.identifier(`write_${index}`)} as (${write})`);
  await db.execute(before.length ? sql`with ${sql.join(before, sql`, `)} ${last}` : last);
}
