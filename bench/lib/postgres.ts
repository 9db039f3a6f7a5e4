import pg from 'pg';

/** The machine's PostgreSQL, as the bench reaches it to create and drop its own database. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  /** The database's name, e.g. `ks_bench_records_12345`. */
  name: string;
  /** Connection URL of the new database (the server's DATABASE_URL). */
  url: string;
  /** Drops the database, closing whatever is still connected. Safe to call twice. */
  drop(): Promise<void>;
}

/** A URL like `adminUrl` naming another database. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a fresh, empty database named `<prefix>_<pid>` through the administrative connection. */
export async function createBenchDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}`;
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => {
      dropped ??= run(`drop database if exists ${name} with (force)`);
      return dropped;
    },
  };
}
