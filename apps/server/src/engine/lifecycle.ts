import type { NativeValue } from '@ks/contract';
import type { Db } from '../db/client.ts';
import type { SessionUser } from '../platform/access.ts';
import { badRequest } from '../platform/errors.ts';
import { type OperationEntry, recordOperation } from '../platform/operation-log.ts';
import type { ResolvedNode } from './record-store.ts';

/**
 * Record lifecycle events (decision 0016): a module registers handlers for the records of a node
 * property, a system or a node, and the engine runs them inside the action's transaction, so a
 * refusal or a failure rolls the whole action back. Side effects that must not run twice or inside
 * the transaction go through the outbox bound to that transaction.
 */

/** Side effects delivered after commit, at least once (the job system); written in the action's transaction. */
export interface Outbox {
  enqueue(jobName: string, payload: unknown): Promise<void>;
}
/** Binds an outbox to a transaction; injected when the app is built. */
export type OutboxFactory = (tx: Db) => Outbox;

/** Which records a handler is for: any of the given node properties, systems or nodes (gnCoding). */
export type RecordSelector = { nodeProperties?: string[]; systemCodings?: string[]; gnCodings?: string[] };

export type EventContext = {
  tx: Db;
  user: SessionUser;
  node: ResolvedNode;
  outbox: Outbox;
};
export type SaveEvent = EventContext & {
  recordId: string | null;
  /**
   * Whose record it is: a saved one's owner; on a new one the caller, or the enterprise account an
   * administrator enters it for (decision 0060).
   */
  ownerUserId: string;
  /** The validated values about to be written; a before-save handler may change them. */
  values: Record<string, NativeValue>;
};
export type RecordEvent = EventContext & { recordId: string };
export type LevelEvent = RecordEvent & { level: number; result: 'passed' | 'rejected' };
export type FlowEvent = RecordEvent & { outcome: 'passed' | 'returned' | 'revoked' };
/** One field a passed change request wrote onto an approved record. */
export type AppliedChange = { field: string; oldValue: NativeValue; newValue: NativeValue };
export type ChangeEvent = RecordEvent & { changeId: string; changes: AppliedChange[] };

export type LifecycleHandlers = {
  beforeSave?: (event: SaveEvent) => Promise<void> | void;
  afterSave?: (event: SaveEvent & { recordId: string; version: number }) => Promise<void> | void;
  beforeSubmit?: (event: RecordEvent & { values: Record<string, NativeValue> }) => Promise<void> | void;
  auditLevelDecided?: (event: LevelEvent) => Promise<void> | void;
  flowDecided?: (event: FlowEvent) => Promise<void> | void;
  /**
   * A change request on an approved record passed review and its new values were written, in the
   * review's transaction (the credit score is recomputed here; a refusal rolls the pass back).
   */
  changeApplied?: (event: ChangeEvent) => Promise<void> | void;
  beforeDelete?: (event: RecordEvent) => Promise<void> | void;
  afterDelete?: (event: RecordEvent) => Promise<void> | void;
};
export type LifecycleEventName = keyof LifecycleHandlers;

/** A handler's refusal: its message under a field of the form, or (no field) as a dialog. */
export function refuse(message: string, field?: string): never {
  throw badRequest(message, field ? { [field]: message } : undefined);
}

/** Whether a selector names the node (by property, system or gnCoding); the option providers use it too. */
export const matches = (
  selector: RecordSelector,
  node: Pick<ResolvedNode, 'nodeProperties' | 'systemCoding' | 'gnCoding'>,
) =>
  (selector.nodeProperties ?? []).includes(node.nodeProperties) ||
  (selector.systemCodings ?? []).includes(node.systemCoding) ||
  (selector.gnCodings ?? []).includes(node.gnCoding);

/** The registered handlers; the records runtime and the workflow dispatch to them. */
export class LifecycleEvents {
  private readonly registered: { selector: RecordSelector; handlers: LifecycleHandlers }[] = [];

  constructor(readonly outboxFor: OutboxFactory) {}

  register(selector: RecordSelector, handlers: LifecycleHandlers): void {
    this.registered.push({ selector, handlers });
  }

  /** Whether any handler listens to these events on the node (the fast single-statement paths apply otherwise). */
  listens(node: ResolvedNode, ...names: LifecycleEventName[]): boolean {
    return this.registered.some(
      ({ selector, handlers }) => matches(selector, node) && names.some((name) => handlers[name]),
    );
  }

  /** Runs the handlers of `name` for the node, in registration order, inside the caller's transaction. */
  async emit<N extends LifecycleEventName>(
    name: N,
    event: Omit<Parameters<NonNullable<LifecycleHandlers[N]>>[0], 'outbox'>,
  ): Promise<void> {
    for (const { selector, handlers } of this.registered) {
      const handler = handlers[name];
      if (!handler || !matches(selector, event.node)) continue;
      const full = { ...event, outbox: this.outboxFor(event.tx) } as Parameters<
        NonNullable<LifecycleHandlers[N]>
      >[0];
      await (handler as (arg: typeof full) => Promise<void> | void)(full);
      // A before-save handler changes the values in place or by assigning a new object.
      if (name === 'beforeSave' && 'values' in event)
        Object.assign(event.values as object, (full as SaveEvent).values);
    }
  }
}

/**
 * Runs an action whose transaction runs lifecycle handlers. A refusal or a failure rolls the
 * transaction back, and the action's log entry with it: the failure is then logged on its own,
 * after the rollback, with the reason in `result`, so the operation log says what was refused.
 */
export async function withFailureLogged<T>(
  db: Db,
  entry: Omit<OperationEntry, 'result'>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await recordOperation(db, { ...entry, result: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
