import type { ServerResponse } from 'node:http';

/** One open SSE stream of one user on this instance. */
export interface PushConnection {
  readonly userId: string;
  /** The session that opened it: the stream ends when that session does (logout, kick, expiry). */
  readonly sessionId: string;
  /** Writes one frame; false once the stream is gone. */
  write(frame: string): boolean;
  end(): void;
}

/** An SSE frame: `id` is set only on messages, so `confirmed` and `todo` events leave Last-Event-ID alone. */
export function sseFrame(data: unknown, options: { id?: number; event?: string } = {}): string {
  let frame = '';
  if (options.id !== undefined) frame += `id: ${options.id}\n`;
  if (options.event) frame += `event: ${options.event}\n`;
  // JSON.stringify never emits a raw newline, so the data fits one `data:` line.
  return `${frame}data: ${JSON.stringify(data)}\n\n`;
}

/** Wraps the raw response of an SSE request (the route has hijacked it from Fastify). */
export function openSseStream(
  raw: ServerResponse,
  owner: { userId: string; sessionId: string },
  retryMs: number,
): PushConnection {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx buffers proxied answers unless told not to; a buffered event stream delivers nothing.
    'x-accel-buffering': 'no',
  });
  // The reconnection delay the browser client uses, and a first byte so proxies commit the answer.
  raw.write(`retry: ${retryMs}\n\n`);
  return {
    ...owner,
    write: (frame) => {
      if (raw.destroyed || raw.writableEnded) return false;
      raw.write(frame);
      return true;
    },
    end: () => {
      if (!raw.writableEnded) raw.end();
    },
  };
}

/**
 * The SSE streams open on this instance, by user. A comment line goes to every stream on a fixed
 * interval (spec: about every 15 s), so proxies and load balancers do not close idle streams and
 * a dead peer is noticed.
 */
export class PushHub {
  private readonly byUser = new Map<string, Set<PushConnection>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly heartbeatMs: number) {}

  start() {
    this.heartbeat ??= setInterval(() => this.broadcast(': ping\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
  }

  add(connection: PushConnection) {
    let set = this.byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.userId, set);
    }
    set.add(connection);
  }

  remove(connection: PushConnection) {
    const set = this.byUser.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  /** Sessions with at least one stream here. */
  sessionIds(): string[] {
    const ids = new Set<string>();
    for (const set of this.byUser.values()) for (const connection of set) ids.add(connection.sessionId);
    return [...ids];
  }

  /**
   * Ends and forgets the streams of the `checked` sessions that are not `live`; answers how many
   * ended. A stream opened while the check was being asked is not judged by its answer.
   */
  endStreamsOfEnded(checked: readonly string[], live: ReadonlySet<string>): number {
    const endedSessions = new Set(checked.filter((id) => !live.has(id)));
    let ended = 0;
    for (const set of this.byUser.values()) {
      for (const connection of set) {
        if (!endedSessions.has(connection.sessionId)) continue;
        connection.end();
        this.remove(connection);
        ended++;
      }
    }
    return ended;
  }

  /** Users with at least one stream here. */
  userIds(): string[] {
    return [...this.byUser.keys()];
  }

  get connectionCount(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  sendTo(userId: string, frame: string) {
    for (const connection of this.byUser.get(userId) ?? []) connection.write(frame);
  }

  private broadcast(frame: string) {
    for (const set of this.byUser.values()) for (const connection of set) connection.write(frame);
  }

  /** Ends every stream; their clients reconnect (here or elsewhere) with Last-Event-ID and replay. */
  endAll() {
    for (const set of this.byUser.values()) for (const connection of set) connection.end();
    this.byUser.clear();
  }

  /** Instance shutdown: no more heartbeats, every stream ended. */
  closeAll() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.endAll();
  }
}
