import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { type InstanceBus, notifyInstances } from './instance-bus.ts';

/** The instance-bus event of a cache refresh (`o`: the instance that asked): every other instance empties its caches. */
const REFRESH_EVENT = 'r';

/**
 * In-process caches that `GET /ks/cache/refresh` empties (compiled node schemas, resolved
 * dictionaries, sessions, …). Each module registers a clear function at start-up; the cache
 * contents are always derivable from the database, so clearing only costs a reload. A refresh
 * asked of one instance reaches every instance over the instance bus (docs/architecture.md, "Scaling out").
 */
export class CacheRegistry {
  private readonly clears = new Map<string, () => void>();
  /** This instance on the bus: it cleared its own caches when asked and ignores its own announcement. */
  private readonly origin = randomUUID();

  register(name: string, clear: () => void) {
    this.clears.set(name, clear);
  }

  /** Clears this instance's caches; answers the names cleared. */
  clearLocal(): string[] {
    for (const clear of this.clears.values()) clear();
    return [...this.clears.keys()];
  }

  /**
   * Clears this instance's caches now and tells every other instance to clear theirs; answers the
   * names cleared here.
   */
  async clearAll(db: Db): Promise<string[]> {
    const names = this.clearLocal();
    await notifyInstances(db, { t: REFRESH_EVENT, o: this.origin });
    return names;
  }

  /**
   * Empties the caches on every refresh any instance announces, and once the bus is back after a
   * lost connection: a refresh announced meanwhile never arrived here.
   */
  listen(bus: InstanceBus) {
    let wasLost = false;
    bus.subscribe({
      event: (event) => {
        if (event.t === REFRESH_EVENT && event.o !== this.origin) this.clearLocal();
      },
      lost: () => {
        wasLost = true;
      },
      resumed: () => {
        if (wasLost) this.clearLocal();
        wasLost = false;
      },
    });
  }
}
