import type { ListRecordsBody, NodeFunction, NodeRef } from '@ks/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { functionsOf, requireNodeUse } from '../../engine/node-functions.ts';
import { type ResolvedNode, resolveNode } from '../../engine/record-store.ts';
import { ownerScope, viewScopeOf } from '../../engine/row-scope.ts';
import type { SessionUser } from '../../platform/access.ts';
import { compileSort, type FieldWhitelist, fieldWhitelist, type ListOrder } from './filter-compiler.ts';

/**
 * What every records call starts from: the node it names, the caller's functions on it and the
 * field whitelist its filters and sorts are checked against.
 */

export type RequestMeta = { ip: string };
/** A node as one call sees it: its published definition, the caller's functions and field whitelist. */
export type NodeContext = {
  node: ResolvedNode;
  allowed: Set<NodeFunction>;
  functions: NodeFunction[];
  fields: FieldWhitelist;
};
export type ListQuery = Omit<ListRecordsBody, 'curPage' | 'pageSize'> & {
  curPage: number;
  pageSize: number;
};

/** The node a call names, the caller's functions on it and its filter whitelist; developers see no data. */
export async function nodeContext(
  db: Db,
  user: SessionUser,
  ref: NodeRef,
  schemaVersion?: number,
): Promise<NodeContext> {
  const node = await resolveNode(db, ref.systemCoding, ref.gnCoding, schemaVersion, user);
  ownerScope(user); // D: 403 before anything about the node's data is answered
  return contextOf(db, user, node);
}

/**
 * The context of a call that answers only the published definition (columns, form, options,
 * buttons): developers may make these too, for the previews of the nodes they configure; anyone
 * else must be able to use the node or review its records (403 '无权访问该功能'), as for
 * `config/node/published`: the definition of an administrators-only node is theirs alone.
 */
export async function definitionContext(
  db: Db,
  user: SessionUser,
  ref: NodeRef | ResolvedNode,
): Promise<NodeContext> {
  const node = 'nodeId' in ref ? ref : await resolveNode(db, ref.systemCoding, ref.gnCoding, undefined, user);
  const context = await contextOf(db, user, node);
  await requireNodeUse(db, user, node, context.allowed);
  return context;
}

/** The caller's functions on a resolved node and its field whitelist; data calls apply their own checks. */
async function contextOf(db: Db, user: SessionUser, node: ResolvedNode): Promise<NodeContext> {
  const allowed = await functionsOf(db, user, node);
  return {
    node,
    allowed,
    functions: node.definition.functions.filter((code) => allowed.has(code)),
    fields: fieldWhitelist(node.schema.items),
  };
}

/** The ORDER BY of a list: the caller's sort, else the node's default sort (the export follows it too). */
export function listOrder(
  context: NodeContext,
  query: Pick<ListQuery, 'sortField' | 'sortOrder'>,
): ListOrder {
  const { list } = context.node.definition;
  return compileSort(context.fields, query.sortField, query.sortOrder, {
    field: list.sortField,
    order: list.sortOrder,
  });
}

/** The rows a caller may read in this call's node (viewScopeOf, with the caller's functions). */
export const viewScope = (user: SessionUser, context: NodeContext): SQL =>
  viewScopeOf(user, context.node, context.allowed);
