import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';

/** How long an estimate is reused: long enough to spare a busy list, short against drift. */
export const ESTIMATE_TTL_MS = 10_000;
const dialect = new PgDialect();

/**
 * Planner estimates of big totals, reused for ESTIMATE_TTL_MS per (table, WHERE with its values).
 * Above EXACT_COUNT_LIMIT a list answers an estimate anyway, flagged as one, so an estimate a few
 * seconds old says as much as a new one, and a busy list over a big node skips the EXPLAIN round
 * trip on most requests (bench/results/records.md). Exact totals are never cached.
 */
export class ListEstimates {
  private readonly cache = new LRUCache<string, number>({ max: 2000, ttl: ESTIMATE_TTL_MS });

  async get(tableName: string, where: SQL, estimate: () => Promise<number>): Promise<number> {
    const query = dialect.sqlToQuery(where);
    const key = `${tableName}\n${query.sql}\n${JSON.stringify(query.params)}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const value = await estimate();
    this.cache.set(key, value);
    return value;
  }

  clear() {
    this.cache.clear();
  }
}
