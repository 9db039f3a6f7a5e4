import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate, setTimeout } from 'node:timers/promises';

/**
 * Background work gives way to requests on the embedded database. PGlite has one connection and
 * runs one statement at a time, first come first served: a job that sends its next statement the
 * moment the last one ends slips one in between every two queries of a request, and the request
 * waits for all of them. Work run through `runInBackground` (every job attempt) calls `giveWay`
 * between its statements; on PGlite that waits until no request's query has run for a moment
 * (never longer than MAX_WAIT_MS, so a busy database still lets the job progress). On PostgreSQL
 * each has its own connection and giving way is only a turn of the event loop.
 */

/** A request's consecutive queries are this close together; a pause this long means it is done. */
const QUIET_MS = 8;
/** The longest a background statement waits for requests to pause. */
const MAX_WAIT_MS = 100;

const background = new AsyncLocalStorage<true>();

interface Activity {
  /** Queries of requests (anything not in the background) running or waiting now. */
  running: number;
  /** When the last of them ended (performance.now()). */
  lastEnded: number;
}

const activities = new WeakMap<object, Activity>();

/** Runs `work` as background work: its queries do not count as requests', and it may give way. */
export function runInBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

type Method = (...args: never[]) => Promise<unknown>;

/**
 * Counts the foreground queries of a single-connection client (PGlite), for `giveWay` on `db`:
 * wraps the client's methods that run statements.
 */
export function trackForeground(db: object, client: object, methods: readonly string[]): void {
  const activity: Activity = { running: 0, lastEnded: 0 };
  activities.set(db, activity);
  const target = client as Record<string, Method>;
  for (const name of methods) {
    const original = target[name]?.bind(client);
    if (!original) throw new Error(`the database client has no method ${name}`);
    target[name] = (...args) => {
      if (background.getStore()) return original(...args);
      activity.running++;
      return original(...args).finally(() => {
        activity.running--;
        activity.lastEnded = performance.now();
      });
    };
  }
}

/**
 * Between two statements of background work: on a tracked single-connection database, waits until
 * requests have paused (at most `maxWaitMs`); elsewhere, and outside background work, yields one
 * turn of the event loop.
 */
export async function giveWay(db: object, maxWaitMs = MAX_WAIT_MS): Promise<void> {
  await setImmediate();
  const activity = activities.get(db);
  if (!activity || !background.getStore()) return;
  const started = performance.now();
  for (;;) {
    const now = performance.now();
    const quietFor = now - activity.lastEnded;
    if ((activity.running === 0 && quietFor >= QUIET_MS) || now - started >= maxWaitMs) return;
    await setTimeout(activity.running > 0 ? 1 : Math.max(1, QUIET_MS - quietFor));
  }
}
