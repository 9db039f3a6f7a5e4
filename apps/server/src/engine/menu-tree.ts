import {
  asNodeId,
  type LoginRoleType,
  type MenuNode,
  type NodeProperty,
  opensDefinedPage,
} from '@ks/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menuNodeRoles, menuNodes, nodeDefinitions, systems } from '../db/schema/index.ts';

/**
 * The menu of function nodes: a system's node tree as a role sees it. The shell
 * serves it and the builder's node options read it, so both see the same menu.
 */

/** A menu node with the roles that see it and whether a definition of it was ever published. */
export type NodeWithRoles = typeof menuNodes.$inferSelect & { roles: LoginRoleType[]; isPublished: boolean };

async function findSystemByCoding(db: Db, gnCoding: string): Promise<typeof systems.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(systems)
    .where(and(eq(systems.gnCoding, gnCoding), isNull(systems.deletedAt)));
  return row ?? null;
}

/** Live nodes of the given systems with the roles that see each, in menu order. */
export async function findNodesWithRoles(db: Db, systemIds: string[]): Promise<NodeWithRoles[]> {
  if (systemIds.length === 0) return [];
  const rows = await db
    .select({ node: menuNodes, publishedVersion: nodeDefinitions.publishedVersion })
    .from(menuNodes)
    .leftJoin(nodeDefinitions, eq(nodeDefinitions.nodeId, menuNodes.id))
    .where(and(inArray(menuNodes.systemId, systemIds), isNull(menuNodes.deletedAt)))
    .orderBy(asc(menuNodes.sort), asc(menuNodes.createdAt));
  const nodes = rows.map((row) => ({ ...row.node, isPublished: (row.publishedVersion ?? 0) > 0 }));
  if (nodes.length === 0) return [];
  const roles = await db
    .select()
    .from(menuNodeRoles)
    .where(
      inArray(
        menuNodeRoles.nodeId,
        nodes.map((node) => node.id),
      ),
    );
  const rolesByNode = new Map<string, LoginRoleType[]>();
  for (const role of roles) {
    rolesByNode.set(role.nodeId, [...(rolesByNode.get(role.nodeId) ?? []), role.loginRoleType]);
  }
  return nodes.map((node) => ({ ...node, roles: rolesByNode.get(node.id) ?? [] }));
}

/**
 * The part of a system's menu a role sees. Developers get every node (hidden, disabled and
 * unpublished ones too) because they configure them; administrators every shown, enabled node;
 * other roles the shown, enabled nodes listed for their role. A node whose page for the role is
 * driven by its published definition (opensDefinedPage) shows only once published: until then it
 * would open 该功能尚未发布. A hidden node hides its subtree, and a directory left without children
 * is dropped for everyone but developers.
 */
export function buildMenuTree(nodes: NodeWithRoles[], role: LoginRoleType): MenuNode[] {
  const isVisible = (node: NodeWithRoles) =>
    role === 'D' ||
    (node.itShows === '是' &&
      !node.disabled &&
      (role === 'M' || node.roles.includes(role)) &&
      (node.isPublished || !opensDefinedPage(node.nodeProperties as NodeProperty, role)));
  const childrenOf = new Map<string | null, NodeWithRoles[]>();
  const ids = new Set(nodes.map((node) => node.id));
  for (const node of nodes) {
    // A node whose parent is gone (soft-deleted) goes with it rather than surfacing at the top.
    if (node.parentId && !ids.has(node.parentId)) continue;
    const key = node.parentId ?? null;
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), node]);
  }
  const build = (parentId: string | null): MenuNode[] =>
    (childrenOf.get(parentId) ?? []).filter(isVisible).flatMap((node) => {
      const children = build(node.id);
      if (role !== 'D' && node.nodeProperties === 'directory' && children.length === 0) return [];
      return [
        {
          id: asNodeId(node.id),
          title: node.title,
          icon: node.icon,
          itShows: node.itShows,
          nodeProperties: node.nodeProperties as NodeProperty,
          gnCoding: node.gnCoding,
          style: node.style,
          nodeSetFlag: node.nodeSetFlag,
          disabled: node.disabled,
          sort: node.sort,
          children,
        },
      ];
    });
  return build(null);
}

/** A live system's menu tree as `role` sees it, or null when no live system has that code. */
export async function menuTreeOf(
  db: Db,
  systemCoding: string,
  role: LoginRoleType,
): Promise<MenuNode[] | null> {
  const system = await findSystemByCoding(db, systemCoding);
  if (!system) return null;
  return buildMenuTree(await findNodesWithRoles(db, [system.id]), role);
}
