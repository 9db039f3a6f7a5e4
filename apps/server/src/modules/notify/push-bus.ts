import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Db } from '../../db/client.ts';

/** The PostgreSQL channel every instance listens on. */
export const PUSH_CHANNEL = 'ks_push';

/**
 * What travels between instances. NOTIFY payloads are capped at 8000 bytes, so only ids travel;
 * each instance reads the rows it needs.
 * - `m`: message `id` was created (its deliveries are committed);
 * - `c`: user `u` confirmed message `id` (their other tabs close it);
 * - `t`: the to-dos of user `u` changed;
 * - `s`: every instance ends its streams whose session has ended (the scheduled sweep's fan-out).
 */
export type BusEvent =
  | { t: 'm'; id: number }
  | { t: 'c'; id: number; u: string }
  | { t: 't'; u: string }
  | { t: 's' };

/**
 * Queues an event in the caller's transaction: PostgreSQL delivers NOTIFY only on commit (and
 * drops it on rollback), so listeners never read rows that are not there yet.
 */
export async function notifyInstances(tx: Db, event: BusEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${JSON.stringify(event)})`);
}

export interface PushBus {
  /**
   * Starts listening; `onEvent` receives every event any instance (this one included) sent.
   * `onResumed` runs after a lost listening connection is back: events sent while it was down
   * never arrived here.
   */
  listen(onEvent: (event: BusEvent) => void, onResumed?: () => void): Promise<void>;
  close(): Promise<void>;
}

function parseEvent(payload: string | undefined, log: FastifyBaseLogger): BusEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as BusEvent;
    if (event && (event.t === 'm' || event.t === 'c' || event.t === 't' || event.t === 's')) return event;
  } catch {
    // Fall through: something else wrote to our channel.
  }
  log.warn({ payload }, 'ignored a malformed push event');
  return null;
}

/** PGlite delivers LISTEN/NOTIFY inside the process: one embedded database is one instance. */
function createPgliteBus(client: PGlite, log: FastifyBaseLogger): PushBus {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async listen(onEvent) {
      unlisten = await client.listen(PUSH_CHANNEL, (payload) => {
        const event = parseEvent(payload, log);
        if (event) onEvent(event);
      });
    },
    async close() {
      await unlisten?.();
      unlisten = null;
    },
  };
}

/**
 * node-postgres: LISTEN needs a connection of its own for as long as the instance runs (a pooled
 * connection would be handed to queries and lose the registration). A lost connection (PostgreSQL
 * restarted, failed over, the backend terminated) is reopened every second until it is back;
 * events sent while it was down are lost here, so `onResumed` then tells the subscriber side.
 */
function createPgBus(connectionString: string, log: FastifyBaseLogger): PushBus {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;

  let onResumed: () => void = () => {};

  const scheduleReconnect = (onEvent: (event: BusEvent) => void, error?: Error) => {
    if (isClosed || retry) return;
    log.warn({ err: error }, 'push listener connection lost; reconnecting in 1 s');
    retry = setTimeout(() => {
      retry = null;
      connect(onEvent)
        .then(() => {
          log.info('push listener connection is back');
          onResumed();
        })
        .catch((connectError: Error) => scheduleReconnect(onEvent, connectError));
    }, 1000);
  };

  const connect = async (onEvent: (event: BusEvent) => void) => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== PUSH_CHANNEL) return;
      const event = parseEvent(message.payload, log);
      if (event) onEvent(event);
    });
    const onLost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => {});
      scheduleReconnect(onEvent, error);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${PUSH_CHANNEL}`);
    } catch (error) {
      void next.end().catch(() => {});
      throw error;
    }
    if (isClosed) {
      await next.end();
      return;
    }
    client = next;
  };

  return {
    listen: (onEvent, resumed) => {
      if (resumed) onResumed = resumed;
      return connect(onEvent);
    },
    async close() {
      isClosed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end();
    },
  };
}

/** The bus of this database: in-process on PGlite, a dedicated listening connection on PostgreSQL. */
export function createPushBus(database: Database, log: FastifyBaseLogger): PushBus {
  // drizzle keeps the driver's client on `$client`; Db's type hides it because it spans both drivers.
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.driver === 'pglite') return createPgliteBus(client as PGlite, log);
  const { connectionString } = (client as pg.Pool).options;
  if (!connectionString) throw new Error('the PostgreSQL pool has no connection string to listen with');
  return createPgBus(connectionString, log);
}
