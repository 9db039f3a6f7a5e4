import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Prepared statements (decision 0014). On PostgreSQL, parsing and planning the platform's short
 * statements cost more than running them (the node lookup: 0.13 ms parse, 0.46 ms plan, 0.04 ms
 * execution); a named statement is parsed once per connection, and after five executions its
 * plan is cached when a generic plan is as good as a custom one. PGlite ignores the names.
 *
 * Only statements whose text is bounded by configuration belong here (never text shaped by user
 * input, such as filter trees): every name stays prepared on every pooled connection.
 */

/** Builds something once per database handle (a transaction is a handle of its own). */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

const dialect = new PgDialect();

/**
 * Runs a raw statement as a named prepared statement, named after its text and `shape`, so the same
 * text is parsed once per connection. For statements of a node whose text depends only on its
 * published definition and the caller's role (the details read), not on the values a user sends.
 *
 * `shape` names the version of the tables' columns the statement reads (a node's published schema
 * version): the builder changes column types at publish, possibly under the same SQL text, and
 * PostgreSQL refuses to run a statement prepared before such a change ('cached plan must not change
 * result type'). A new shape is a new name.
 */
export function executePrepared(db: Db, statement: SQL, shape: string): Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  const name = `ks_${createHash('sha1').update(shape).update('\n').update(query.sql).digest('base64url')}`;
  return db._.session.prepareQuery(query, undefined, name, false).execute();
}
