import type { BuilderNode, MoveNodeBody } from '@ks/contract/builder';
import type { NodeId } from '@ks/contract/ids';

export type NodeTreeItem = { key: string; node: BuilderNode; children: NodeTreeItem[] };

/** The flat node list (menu order) as a tree; a node whose parent is gone is left out with it. */
export function buildNodeTree(nodes: BuilderNode[]): NodeTreeItem[] {
  const build = (parentId: string | null): NodeTreeItem[] =>
    nodes
      .filter((node) => node.parentId === parentId)
      .map((node) => ({ key: node.id, node, children: build(node.id) }));
  return build(null);
}

/** A node and everything below it. */
export function subtreeIdsOf(nodes: BuilderNode[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const node of nodes) if (node.parentId === ids[i]) ids.push(node.id);
  }
  return ids;
}

/**
 * The move a tree drop means. Dropped onto a node (not into a gap): first child of that node.
 * Dropped into the gap before or after a node: that node's sibling, just before or after it,
 * counted among the siblings without the dragged node (the server counts the same way).
 */
export function moveBodyOfDrop(
  nodes: BuilderNode[],
  drop: { dragId: NodeId; targetId: NodeId; dropToGap: boolean; isAfter: boolean },
): MoveNodeBody {
  if (!drop.dropToGap) return { nodeId: drop.dragId, targetParentId: drop.targetId, index: 0 };
  const target = nodes.find((node) => node.id === drop.targetId);
  const parentId = target?.parentId ?? null;
  const siblings = nodes.filter((node) => node.parentId === parentId && node.id !== drop.dragId);
  const at = siblings.findIndex((node) => node.id === drop.targetId);
  return { nodeId: drop.dragId, targetParentId: parentId, index: Math.max(at, 0) + (drop.isAfter ? 1 : 0) };
}
