import {
  ACTION_CODE_PATTERN,
  type AuditState,
  functionName,
  isBuiltinFunction,
  type RecordStatus,
  type RevisionChange,
} from '@ks/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { SessionUser } from '../platform/access.ts';
import type { Outbox, OutboxFactory } from './lifecycle.ts';
import type { ResolvedNode, StoredRecord } from './record-store.ts';

/**
 * Module actions (decision 0030): node functions beyond the engine's own. A module registers one
 * with its code, label, colour, the record statuses and audit states it applies to, the zod schema
 * of its input and a handler; the engine gives it the rest like a built-in function: a place in the
 * button dictionary, grants per role on the permissions page, the '无权执行…操作' refusal, a row
 * operation and a form button, and a route that runs the handler in a transaction with optimistic
 * locking, an operation-log line and a revision. The registry is built with the app and handed to
 * modules, as the lifecycle events are (decision 0016).
 */

/** What a handler is given: the action's transaction, the record as read (its values too) and the checked input. */
export type ActionContext<Body> = {
  tx: Db;
  user: SessionUser;
  node: ResolvedNode;
  record: StoredRecord;
  body: Body;
  /** Side effects delivered after commit (the job system), written in this transaction. */
  outbox: Outbox;
};

/**
 * What a handler answers: the record's new status or audit state, if the action moves it, and the
 * changes its revision lists (the module's own tables change inside `tx`). The engine bumps the
 * record's version over the one the caller read, so a concurrent change rolls the handler back.
 */
export type ActionOutcome = {
  status?: RecordStatus;
  auditState?: AuditState;
  changes?: RevisionChange[];
};

export type ModuleActionDefinition<Schema extends z.ZodType = z.ZodType> = {
  /** The function code nodes offer and grants name; never a built-in function's. */
  code: string;
  /** The Chinese label of buttons, the permissions page, refusals and the operation log. */
  label: string;
  /** The button colour (#rrggbb). */
  color: string;
  /** The record statuses the action applies to. */
  recordStates: readonly RecordStatus[];
  /** The audit states the action applies to. */
  auditStates: readonly AuditState[];
  /** The action's input; a failure refuses the action with the schema's message and changes nothing. */
  body: Schema;
  handler: (
    context: ActionContext<z.infer<Schema>>,
  ) => Promise<ActionOutcome | undefined> | ActionOutcome | undefined;
};
/** A registered action as the engine keeps it. */
export type ModuleAction = ModuleActionDefinition<z.ZodType>;

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The registered module actions, by code; the records runtime, the dictionary and the permissions page read them. */
export class ModuleActions {
  private readonly byCode = new Map<string, ModuleAction>();
  private readonly offered = new WeakMap<readonly string[], readonly ModuleAction[]>();

  constructor(readonly outboxFor: OutboxFactory) {}

  /** Registers an action; a malformed definition or a code already taken is a programming error, thrown at start. */
  register<Schema extends z.ZodType>(definition: ModuleActionDefinition<Schema>): void {
    const { code } = definition;
    if (!ACTION_CODE_PATTERN.test(code)) throw new Error(`Module action code '${code}' is not an identifier`);
    if (isBuiltinFunction(code)) throw new Error(`Module action '${code}' collides with a built-in function`);
    if (this.byCode.has(code)) throw new Error(`Module action '${code}' is already registered`);
    if (!definition.label.trim()) throw new Error(`Module action '${code}' has no label`);
    if (!COLOR_PATTERN.test(definition.color))
      throw new Error(`Module action '${code}' has no #rrggbb colour`);
    if (definition.recordStates.length === 0 || definition.auditStates.length === 0)
      throw new Error(`Module action '${code}' applies to no record state`);
    this.byCode.set(code, definition as unknown as ModuleAction);
  }

  get(code: string): ModuleAction | undefined {
    return this.byCode.get(code);
  }

  has(code: string): boolean {
    return this.byCode.has(code);
  }

  /** Every registered action, in registration order. */
  list(): ModuleAction[] {
    return [...this.byCode.values()];
  }

  /**
   * The registered actions a node offers, in the node's order. Lists ask once per row: the answer
   * is kept per functions array, which a compiled node definition holds for its lifetime (modules
   * register while the app is built, before any list).
   */
  offeredBy(functions: readonly string[]): readonly ModuleAction[] {
    let offered = this.offered.get(functions);
    if (!offered) {
      offered = functions.flatMap((code) => this.byCode.get(code) ?? []);
      this.offered.set(functions, offered);
    }
    return offered;
  }

  /** The label of a function: a registered action's, else its built-in or spec name, else its code. */
  labelOf(code: string): string {
    return this.byCode.get(code)?.label ?? functionName(code);
  }
}

/** Whether the action applies to a record in this status and audit state. */
export const appliesTo = (action: ModuleAction, record: { status: string; auditState: string }) =>
  (action.recordStates as readonly string[]).includes(record.status) &&
  (action.auditStates as readonly string[]).includes(record.auditState);
