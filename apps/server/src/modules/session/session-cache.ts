import type { SessionUser } from '../../platform/access.ts';
import type { InstanceBus } from '../../platform/instance-bus.ts';

/** A live session as authentication last read it. */
export interface CachedSession {
  user: SessionUser;
  lastSeenAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
  /** When it was read from the database (ms): an entry lives SESSION_CACHE_TTL_MS at most. */
  readAt: number;
}

/**
 * How long an entry may be served without reading the database again. Every change the platform
 * makes to a session's validity is announced on the bus and drops the entry on every instance at
 * once; this bound is only for changes made outside the platform (SQL by hand).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Entries kept at most; the oldest goes first (one entry per live token in use on this instance). */
const MAX_ENTRIES = 50_000;

/**
 * Live sessions by token hash, process-local (docs/architecture.md, "Scaling out"). Only sessions found live are kept:
 * every refusal (10000, 10001, 10017) is decided on the database's answer. The cache is trusted
 * only while the instance bus listens: between a lost connection and its return, announcements
 * may be missed, so nothing is served from it or added to it.
 *
 * A lookup that began before an announcement must not store what it read: `epoch` counts
 * announcements, and `put` refuses an entry read under an older one.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private epoch = 0;
  private trusted = false;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** The entry of a token hash, unless the cache is not trusted or the entry is too old. */
  get(tokenHash: string, now: number): CachedSession | undefined {
    if (!this.trusted) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.readAt > this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** The epoch a database lookup starts under; pass it to `put`. */
  begin(): number {
    return this.epoch;
  }

  /** Keeps a live session read under `epoch`, unless an announcement arrived since. */
  put(tokenHash: string, entry: CachedSession, epoch: number) {
    if (!this.trusted || epoch !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, entry);
  }

  drop(tokenHash: string) {
    this.entries.delete(tokenHash);
  }

  /** Forgets a session (and whatever lookups of it are in flight). */
  dropSession(sessionId: string) {
    this.epoch++;
    for (const [hash, entry] of this.entries)
      if (entry.user.sessionId === sessionId) this.entries.delete(hash);
  }

  /** Forgets every session of a user. */
  dropUser(userId: string) {
    this.epoch++;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  clear() {
    this.epoch++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  /** Follows the bus: its announcements drop entries, and the cache is trusted only while it listens. */
  listen(bus: InstanceBus) {
    bus.subscribe({
      // The announcements of platform/access.ts (SessionAnnouncement).
      event: (event) => {
        if (event.t === 'x' && typeof event.s === 'string') this.dropSession(event.s);
        else if (event.t === 'u' && typeof event.u === 'string') this.dropUser(event.u);
      },
      lost: () => {
        this.trusted = false;
        this.clear();
      },
      resumed: () => {
        this.clear();
        this.trusted = true;
      },
    });
  }
}
