import type { Db } from '../../db/client.ts';
import {
  INSTANCE_CHANNEL,
  type InstanceBus,
  type InstanceEvent,
  notifyInstances as notifyAll,
} from '../../platform/instance-bus.ts';

/** The PostgreSQL channel the pushes travel on (the instance bus's one channel). */
export const PUSH_CHANNEL = INSTANCE_CHANNEL;

/**
 * The push events among the instance bus's events. NOTIFY payloads are capped at 8000 bytes, so
 * only ids travel; each instance reads the rows it needs.
 * - `m`: message `id` was created (its deliveries are committed);
 * - `c`: user `u` confirmed message `id` (their other tabs close it);
 * - `t`: the to-dos of user `u` changed;
 * - `s`: every instance ends its streams whose session has ended (the scheduled sweep's fan-out).
 */
export type BusEvent =
  | { t: 'm'; id: number }
  | { t: 'c'; id: number; u: string }
  | { t: 't'; u: string }
  | { t: 's' };

const PUSH_KINDS = new Set(['m', 'c', 't', 's']);

/** Queues a push event in the caller's transaction (delivered on commit; see notifyInstances). */
export async function notifyInstances(tx: Db, event: BusEvent): Promise<void> {
  await notifyAll(tx, event);
}

export interface PushBus {
  /**
   * Starts listening; `onEvent` receives every push event any instance (this one included) sent.
   * `onResumed` runs after a lost listening connection is back: events sent while it was down
   * never arrived here.
   */
  listen(onEvent: (event: BusEvent) => void, onResumed?: () => void): Promise<void>;
}

/** The push events of the instance bus; the bus itself is the app's (started and closed there). */
export function pushBusOf(bus: InstanceBus): PushBus {
  return {
    async listen(onEvent, onResumed) {
      let wasLost = false;
      bus.subscribe({
        event: (event: InstanceEvent) => {
          if (PUSH_KINDS.has(event.t)) onEvent(event as BusEvent);
        },
        lost: () => {
          wasLost = true;
        },
        resumed: () => {
          if (!wasLost) return;
          wasLost = false;
          onResumed?.();
        },
      });
    },
  };
}
