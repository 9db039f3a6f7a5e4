import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { giveWay } from './give-way.ts';

/** Rows one statement of a batched delete removes: a few milliseconds on the embedded database. */
export const DELETE_BATCH = 500;

/**
 * Deletes the rows of `table` matching `where` a batch at a time, each batch its own statement,
 * giving way to requests between them: on the embedded database (one connection) a delete of
 * hundreds of thousands of rows in one statement would hold every other request until it ends.
 * For rows no reader sees any more (an old or abandoned generation): the delete is not atomic.
 * Answers how many rows went.
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  id: PgColumn,
  where: SQL,
  size = DELETE_BATCH,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(
      sql`delete from ${table} where ${id} in (select ${id} from ${table} where ${where} limit ${size}) returning 1`,
    );
    const gone = (result as unknown as { rows: unknown[] }).rows.length;
    deleted += gone;
    if (gone < size) return deleted;
    await giveWay(db);
  }
}
