import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';

/**
 * The PostgreSQL channel every instance listens on. One channel and one listening connection per
 * instance carry every kind of event (pushes, session ends, cache refreshes): each subscriber
 * picks the kinds it knows by `t`.
 */
export const INSTANCE_CHANNEL = 'ks_push';

/** What travels between instances: a kind `t` and ids (NOTIFY payloads are capped at 8000 bytes). */
export type InstanceEvent = { t: string } & Record<string, unknown>;

/**
 * Queues an event in the caller's transaction: PostgreSQL delivers NOTIFY only on commit (and
 * drops it on rollback), so listeners never act on a change that is not there yet. Outside a
 * transaction it goes out at once. Every instance receives it, this one included.
 */
export async function notifyInstances(tx: Db, event: InstanceEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${INSTANCE_CHANNEL}, ${JSON.stringify(event)})`);
}

/** One subscriber of the bus. Each callback runs on its own: one that throws does not stop the others. */
export interface BusSubscriber {
  /** Every event any instance sent while this one was listening. */
  event(event: InstanceEvent): void;
  /**
   * The listening connection is gone: events sent from now on until `resumed` never arrive here,
   * so whatever depends on hearing of changes must stop trusting what it holds.
   */
  lost?(): void;
  /** Listening again after `lost` (or for the first time, after start). */
  resumed?(): void;
}

export interface InstanceBus {
  /** Adds a subscriber; subscribe before `start`. */
  subscribe(subscriber: BusSubscriber): void;
  /** Opens the listening connection (PostgreSQL) or registration (PGlite); subscribers get `resumed`. */
  start(): Promise<void>;
  /** True while events reach this instance. */
  readonly listening: boolean;
  close(): Promise<void>;
}

function parseEvent(payload: string | undefined, log: FastifyBaseLogger): InstanceEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as InstanceEvent;
    if (event && typeof event === 'object' && typeof event.t === 'string') return event;
  } catch {
    // Fall through: something else wrote to our channel.
  }
  log.warn({ payload }, 'ignored a malformed instance event');
  return null;
}

/** The fan-out to subscribers shared by both drivers. */
class Subscribers {
  private readonly list: BusSubscriber[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  add(subscriber: BusSubscriber) {
    this.list.push(subscriber);
  }

  call(what: 'event' | 'lost' | 'resumed', event?: InstanceEvent) {
    for (const subscriber of this.list) {
      try {
        if (what === 'event' && event) subscriber.event(event);
        else if (what === 'lost') subscriber.lost?.();
        else if (what === 'resumed') subscriber.resumed?.();
      } catch (error) {
        this.log.error({ err: error, event }, `an instance bus subscriber failed (${what})`);
      }
    }
  }
}

/** PGlite delivers LISTEN/NOTIFY inside the process: one embedded database is one instance. */
function createPgliteBus(client: PGlite, log: FastifyBaseLogger): InstanceBus {
  const subscribers = new Subscribers(log);
  let unlisten: (() => Promise<void>) | null = null;
  return {
    subscribe: (subscriber) => subscribers.add(subscriber),
    get listening() {
      return unlisten !== null;
    },
    async start() {
      unlisten = await client.listen(INSTANCE_CHANNEL, (payload) => {
        const event = parseEvent(payload, log);
        if (event) subscribers.call('event', event);
      });
      subscribers.call('resumed');
    },
    async close() {
      const current = unlisten;
      unlisten = null;
      await current?.();
    },
  };
}

/**
 * node-postgres: LISTEN needs a connection of its own for as long as the instance runs (a pooled
 * connection would be handed to queries and lose the registration). A lost connection (PostgreSQL
 * restarted, failed over, the backend terminated) is reopened every second until it is back;
 * events sent while it was down are lost here, which `lost` and `resumed` tell the subscribers.
 */
function createPgBus(connectionString: string, log: FastifyBaseLogger): InstanceBus {
  const subscribers = new Subscribers(log);
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;

  const scheduleReconnect = (error?: Error) => {
    if (isClosed || retry) return;
    log.warn({ err: error }, 'instance bus connection lost; reconnecting in 1 s');
    retry = setTimeout(() => {
      retry = null;
      connect()
        .then(() => {
          if (!client) return;
          log.info('instance bus connection is back');
          subscribers.call('resumed');
        })
        .catch((connectError: Error) => scheduleReconnect(connectError));
    }, 1000);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== INSTANCE_CHANNEL) return;
      const event = parseEvent(message.payload, log);
      if (event) subscribers.call('event', event);
    });
    const onLost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => {});
      subscribers.call('lost');
      scheduleReconnect(error);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${INSTANCE_CHANNEL}`);
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
    subscribe: (subscriber) => subscribers.add(subscriber),
    get listening() {
      return client !== null;
    },
    async start() {
      await connect();
      subscribers.call('resumed');
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
export function createInstanceBus(database: Database, log: FastifyBaseLogger): InstanceBus {
  // drizzle keeps the driver's client on `$client`; Db's type hides it because it spans both drivers.
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.driver === 'pglite') return createPgliteBus(client as PGlite, log);
  const { connectionString } = (client as pg.Pool).options;
  if (!connectionString) throw new Error('the PostgreSQL pool has no connection string to listen with');
  return createPgBus(connectionString, log);
}
