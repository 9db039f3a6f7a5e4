import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { trackForeground } from './give-way.ts';
import * as schema from './schema/index.ts';

/** The one database type the code uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * Runs `work` on one connection held for all of it, for session state that outlives a statement
   * (the WITH HOLD cursor of an export). On PostgreSQL that connection comes from a small pool of
   * its own, so slow downloads never hold the requests' connections; embedded PGlite has a single
   * session, which `work` then shares with every other query between its statements.
   */
  reserve<T>(work: (session: Db) => Promise<T>): Promise<T>;
  /**
   * Runs SQL text as the driver takes it, for libraries that speak SQL rather than Drizzle (the
   * job queue). Text without values may hold several statements; PGlite runs those only through
   * `exec` (its `query` is the extended protocol: one statement).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Connections that `reserve` may hold at once; more reservations wait for one of them. */
const RESERVED_CONNECTIONS = 4;

function poolOf(connectionString: string, max: number): pg.Pool {
  // jit=off: the platform's queries are short OLTP statements (pages of 20, capped counts);
  // when a plan's estimated cost passes jit_above_cost, PostgreSQL spends far longer
  // compiling it (hundreds of ms to seconds, bench/results/records-profile.md) than running it.
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off' });
  // An idle client can lose its connection (server restart, failover, admin termination); pg
  // emits that on the pool, and an unhandled 'error' event would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
  return pool;
}

export type DatabaseOptions = { url: string } | { dataDir: string | null; template?: Blob };

/**
 * One factory for both drivers: `{url}` connects to PostgreSQL, `{dataDir}` opens the embedded
 * PGlite there (null: in memory, for tests). A `template` (a tarball from PGlite's dumpDataDir)
 * becomes the new database's starting content: tests load one migrated once per run.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = poolOf(options.url, 10);
    const reserved = poolOf(options.url, RESERVED_CONNECTIONS);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      reserve: async (work) => {
        const client = await reserved.connect();
        try {
          const result = await work(drizzlePg(client, { schema }) as unknown as Db);
          client.release();
          return result;
        } catch (error) {
          // Whatever session state the work left behind (an open cursor) ends with the connection.
          client.release(true);
          throw error;
        }
      },
      executeSql: (text, values) => pool.query(text, values),
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await Promise.all([pool.end(), reserved.end()]);
      },
    };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    // The embedded database's module is loaded only when it is the one used.
    const { PGlite } = await import('@electric-sql/pglite');
    const client = options.dataDir
      ? await PGlite.create(resolve(options.dataDir, 'pg'), { loadDataDir: options.template })
      : await PGlite.create({ loadDataDir: options.template });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    // One connection: background work (jobs) waits for requests' queries between its statements.
    trackForeground(db, client, ['query', 'exec', 'transaction']);
    return {
      db,
      driver: 'pglite',
      reserve: (work) => work(db),
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Two PGlite instances on one data directory corrupt it, so a lock file with the owner's pid guards
 * it — against another process and against a second open in this one. A lock left by a process that
 * is gone is taken over. The lock also holds the owner's start time (Linux): pids are reused, and a
 * lock naming a live but unrelated process that took the dead owner's pid is stale too.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'pglite.lock');
  if (existsSync(lockPath)) {
    const [pid = 0, startedAt = null] = readFileSync(lockPath, 'utf8').split(':').map(Number);
    if (pid && isAlive(pid, startedAt)) {
      throw new Error(
        `The data directory ${resolve(dataDir)} is in use by process ${pid}; stop it first (two embedded databases on one directory would corrupt it).`,
      );
    }
    rmSync(lockPath, { force: true });
  }
  const fd = openSync(lockPath, 'wx');
  const startedAt = processStartTime(process.pid);
  writeFileSync(fd, startedAt === null ? String(process.pid) : `${process.pid}:${startedAt}`);
  closeSync(fd);
  return () => rmSync(lockPath, { force: true });
}

/** Whether `pid` runs, and (when both start times are known) is the process that wrote the lock. */
function isAlive(pid: number, startedAt: number | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStartTime(pid);
  return startedAt === null || now === null || now === startedAt;
}

/** The process's start time in clock ticks since boot (`/proc/<pid>/stat` field 22), or null off Linux. */
function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}
