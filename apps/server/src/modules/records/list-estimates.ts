import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';

/** How long an estimate is reused by default (LIST_ESTIMATE_SECONDS): long enough to spare a busy list, short against drift. */
export const ESTIMATE_TTL_MS = 10_000;
/** How often a table may be analysed because a list found its statistics wrong. */
export const ANALYSE_INTERVAL_MS = 10 * 60_000;
const dialect = new PgDialect();

/** What an estimate is held under: the table and the WHERE's text with its values, rendered once per list. */
export type EstimateKey = string & { readonly __estimateKey: unique symbol };

/**
 * A list's WHERE rendered to text once: the key its estimate is held under, and the same WHERE as
 * flat SQL (its text between the bound values) for the page, count and plan statements to embed.
 * drizzle walks a WHERE's tree chunk by chunk each time a statement embeds it; a list embeds it up
 * to twice (page and capped count), which showed in the list's CPU profile (decision 0039).
 */
export function renderWhere(tableName: string, where: SQL): { key: EstimateKey; where: SQL } {
  const query = dialect.sqlToQuery(where);
  const key = `${tableName}\n${query.sql}\n${JSON.stringify(query.params)}` as EstimateKey;
  // The text names only checked identifiers and fixed SQL; its values are all $n placeholders, in order.
  const parts = query.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] ?? '';
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else if (Number(part) === (index + 1) / 2) {
      chunks.push(sql`${sql.param(query.params[Number(part) - 1])}`);
    } else {
      return { key, where }; // not the placeholders in order: embed the tree as it is
    }
  }
  return { key, where: sql.join(chunks) };
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
