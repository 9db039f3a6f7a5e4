import {
  FUNCTION_DENIED_MESSAGE,
  functionName,
  NODE_ACCESS_DENIED_MESSAGE,
  type NodeFunction,
} from '@ks/contract';
import type { Db } from '../db/client.ts';
import type { SessionUser } from '../platform/access.ts';
import { forbidden } from '../platform/errors.ts';
import { allowedFunctions, functionsGranted } from './grants.ts';
import type { ResolvedNode } from './record-store.ts';

/**
 * The node-function check, one place for every module: which functions a user may use on a node
 * (the node's offered functions, the role's ceiling, the node's grants) and the refusal in the
 * platform's wording ('无权执行保存操作').
 */

/** The functions `user` may use on `node`: grants read with the node when it was resolved for them, or now. */
export async function functionsOf(db: Db, user: SessionUser, node: ResolvedNode): Promise<Set<NodeFunction>> {
  return node.grants
    ? functionsGranted(user, node.grants, node.definition.functions)
    : allowedFunctions(db, user, node.nodeId, node.definition.functions);
}

/**
 * Refuses a function the caller was not granted (403 '无权执行…操作'); a module action passes the
 * label it registered.
 */
export function requireFunction(
  allowed: ReadonlySet<NodeFunction>,
  code: NodeFunction,
  label = functionName(code),
): void {
  if (!allowed.has(code)) throw forbidden(FUNCTION_DENIED_MESSAGE(label));
}

/** functionsOf then requireFunction, for callers that hold no precomputed set. */
export async function requireNodeFunction(
  db: Db,
  user: SessionUser,
  node: ResolvedNode,
  code: NodeFunction,
): Promise<void> {
  requireFunction(await functionsOf(db, user, node), code);
}

/**
 * Refuses (403 '无权访问该功能') a caller who may not use `node` at all: no function granted on it and
 * no record of it to review. A node's definition (form, columns, filters, buttons, options) tells
 * how its business is run, so it is answered only to those who may use the node, to the reviewers
 * of its records and to developers, who build it and preview it.
 */
export async function requireNodeUse(
  db: Db,
  user: SessionUser,
  node: ResolvedNode,
  allowed?: ReadonlySet<NodeFunction>,
): Promise<void> {
  if (user.loginRoleType === 'D') return;
  const usable = allowed ?? (await functionsOf(db, user, node));
  if (usable.size === 0 && !node.reviews?.any) throw forbidden(NODE_ACCESS_DENIED_MESSAGE);
}
