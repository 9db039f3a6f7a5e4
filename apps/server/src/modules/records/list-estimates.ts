import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';

/** How long an estimate is reused by default (LIST_ESTIMATE_SECONDS): long enough to spare a busy list, short against drift. */
export const ESTIMATE_TTL_MS = 10_000;
/** How often a table may be analysed because a list found its statistics wrong. */
export const ANALYSE_INTERVAL_MS = 10 * 60_000;
const dialect = new PgDialect();

/** What an estimate is held under: the table and the WHERE's text with its values, rendered once per list. */
export type EstimateKey = string & { readonly __estimateKey: unique symbol };

export function estimateKey(tableName: string, where: SQL): EstimateKey {
  const query = dialect.sqlToQuery(where);
  return `${tableName}\n${query.sql}\n${JSON.stringify(query.params)}` as EstimateKey;
}

/**
 * Planner estimates of big totals, reused for a few seconds (ESTIMATE_TTL_MS by default) per (table, WHERE with its values).
 * Above EXACT_COUNT_LIMIT a list answers an estimate anyway, flagged as one, so an estimate a few
 * seconds old says as much as a new one, and a busy list over a big node skips the EXPLAIN round
 * trip on most requests (bench/results/records.md). An estimate is held only after a capped count
 * found more than EXACT_COUNT_LIMIT rows, so while it is held the list skips that count too
 * (decision 0013). Exact totals are never cached.
 */
export class ListEstimates {
  private readonly cache: LRUCache<string, number>;
  private readonly analysed = new LRUCache<string, true>({ max: 2000, ttl: ANALYSE_INTERVAL_MS });

  constructor(ttlMs = ESTIMATE_TTL_MS) {
    this.cache = new LRUCache<string, number>({ max: 2000, ttl: ttlMs });
  }

  async get(key: EstimateKey, estimate: () => Promise<number>): Promise<number> {
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const value = await estimate();
    this.cache.set(key, value);
    return value;
  }

  /** The estimate held for this WHERE: the last capped count, within the reuse time, was over the cap. */
  held(key: EstimateKey): number | undefined {
    return this.cache.get(key);
  }

  /**
   * Whether a table whose statistics proved wrong may be analysed now: at most once per
   * ANALYSE_INTERVAL_MS per table, however many lists find it so.
   */
  mayAnalyse(tableName: string): boolean {
    if (this.analysed.has(tableName)) return false;
    this.analysed.set(tableName, true);
    return true;
  }

  clear() {
    this.cache.clear();
    this.analysed.clear();
  }
}
