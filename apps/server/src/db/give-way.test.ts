import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { giveWay, runInBackground } from './give-way.ts';

/**
 * On the embedded database background work waits for requests between its statements. A request
 * here is a transaction held open until the test releases it; the background's wait is given no
 * time limit, so what is asserted is the order of events, never a duration.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
});
afterAll(() => database.close());

/** A transaction that stays open until `release()`. */
function heldTransaction(run: <T>(work: () => Promise<T>) => Promise<T> = (work) => work()) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = run(() =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    }),
  );
  return { release, done };
}

/** Turns of the event loop in which anything that does not wait would have finished. */
async function turns(count: number) {
  for (let i = 0; i < count; i++) await setImmediate();
}

const UNLIMITED = 60_000;

describe('giving way on the embedded database', () => {
  it('lets background work wait until a request has finished', async () => {
    const order: string[] = [];
    const request = heldTransaction();
    const requestDone = request.done.then(() => order.push('request'));
    await turns(2);
    const background = runInBackground(() => giveWay(database.db, UNLIMITED)).then(() =>
      order.push('background'),
    );
    await turns(20);
    const before = [...order];
    request.release();
    await Promise.all([requestDone, background]);
    expect(before).toEqual([]);
    expect(order).toEqual(['request', 'background']);
  });

  it('does not wait outside background work', async () => {
    const request = heldTransaction();
    await turns(2);
    await giveWay(database.db, UNLIMITED);
    request.release();
    await request.done;
  });

  it('does not count background work’s own statements as a request', async () => {
    const own = heldTransaction(runInBackground);
    await turns(2);
    await runInBackground(() => giveWay(database.db, UNLIMITED));
    own.release();
    await own.done;
  });
});
