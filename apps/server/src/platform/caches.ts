/**
 * In-process caches that `GET /ks/cache/refresh` empties (compiled node schemas, resolved
 * dictionaries, …). Each module registers a clear function at start-up; the cache contents are
 * always derivable from the database, so clearing only costs a reload.
 */
export class CacheRegistry {
  private readonly clears = new Map<string, () => void>();

  register(name: string, clear: () => void) {
    this.clears.set(name, clear);
  }

  /** Clears every cache; answers the names cleared. */
  clearAll(): string[] {
    for (const clear of this.clears.values()) clear();
    return [...this.clears.keys()];
  }
}
