import type { NodeId } from '@ks/contract';
import {
  type BuilderNode,
  type BuilderSystem,
  type ChildMenuBody,
  ChildMenuBodySchema,
  type DeleteStructureQuery,
  DISPLAY_GROUP_NAME_TAKEN_MESSAGE,
  DISPLAY_GROUP_NODE_MISSING_MESSAGE,
  type DisplayGroup,
  type EditDisplayGroupBody,
  EditDisplayGroupBodySchema,
  type EditNodeBody,
  EditNodeBodySchema,
  MOVE_INTO_OWN_SUBTREE_MESSAGE,
  type MoveNodeBody,
  type NewDisplayGroupBody,
  NewDisplayGroupBodySchema,
  type NewSystemBody,
  type NewSystemResult,
  NODE_CODING_IMMUTABLE_MESSAGE,
  NODE_CODING_TAKEN_MESSAGE,
  type NodeProperty,
  type RenameSystemBody,
  SYSTEM_CODING_TAKEN_MESSAGE,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { findNodesUnderReview } from '../../engine/audit-instances.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

/** The refusal to delete nodes whose records are under review (the transaction changes nothing). */
export const nodeUnderReviewMessage = (titles: string[]) =>
  `节点${titles.map((title) => `「${title}」`).join('、')}有审核中的数据，不能删除`;

const toNode = (row: repo.NodeRow): BuilderNode => ({
  id: row.id,
  parentId: row.parentId,
  title: row.title,
  icon: row.icon,
  itShows: row.itShows,
  nodeProperties: row.nodeProperties as NodeProperty,
  gnCoding: row.gnCoding,
  style: row.style,
  nodeSetFlag: row.nodeSetFlag,
  disabled: row.disabled,
  sort: row.sort,
  version: row.version,
});

/** The ids of a node and everything below it, from the system's live nodes. */
export function collectSubtree(nodes: Pick<repo.NodeRow, 'id' | 'parentId'>[], rootId: NodeId): NodeId[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const node of nodes) if (node.parentId === ids[i]) ids.push(node.id);
  }
  return ids;
}

const toDisplayGroup = (row: repo.DisplayGroupRow, liveIds: Set<string>): DisplayGroup => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  nodeIds: row.nodeIds.filter((id) => liveIds.has(id)),
  sort: row.sort,
  version: row.version,
});

/** System building: systems and their menu trees, for developers. */
export class BuilderService {
  constructor(private readonly db: Db) {}

  async listSystems(): Promise<BuilderSystem[]> {
    return repo.findSystemsWithNodeCount(this.db);
  }

  async createSystem(user: SessionUser, body: NewSystemBody, ip: string): Promise<NewSystemResult> {
    return this.db.transaction(async (tx) => {
      // Deleted systems keep their code: menus, logs and permissions elsewhere still name it.
      if (await repo.isSystemCodingTaken(tx, body.gnCoding)) {
        throw badRequest(SYSTEM_CODING_TAKEN_MESSAGE, { gnCoding: SYSTEM_CODING_TAKEN_MESSAGE });
      }
      const row = await repo.insertSystem(tx, {
        systemName: body.systemName,
        title: body.title,
        gnCoding: body.gnCoding,
        levels: body.levels,
        // New systems go to the end of the system switcher: rows made in one transaction share
        // their creation time, so that alone would not keep the order.
        sort: await repo.nextSystemSort(tx),
      });
      await recordOperation(tx, {
        user,
        action: '新建系统',
        targetType: 'system',
        targetId: row.gnCoding,
        targetName: row.systemName,
        detail: `简称：${row.title}`,
        ip,
      });
      return { id: row.id, gnName: row.systemName, gnCoding: row.gnCoding };
    });
  }

  async renameSystem(user: SessionUser, body: RenameSystemBody, ip: string): Promise<BuilderSystem> {
    return this.db.transaction(async (tx) => {
      const before = await repo.findLiveSystem(tx, body.id);
      if (!before) throw notFound('系统不存在');
      const row = await repo.renameSystem(tx, body.id, body.version, body.systemName);
      if (!row) throw conflict();
      await recordOperation(tx, {
        user,
        action: '修改系统名称',
        targetType: 'system',
        targetId: row.gnCoding,
        targetName: row.systemName,
        detail: `${before.systemName} → ${row.systemName}`,
        ip,
      });
      const nodeCount = (await repo.findLiveNodes(tx, row.id)).length;
      return {
        id: row.id,
        systemName: row.systemName,
        title: row.title,
        gnCoding: row.gnCoding,
        levels: row.levels,
        version: row.version,
        nodeCount,
      };
    });
  }

  /** Soft-deletes a system with all its nodes, or one node with its subtree; answers how many nodes went. */
  async deleteStructure(user: SessionUser, query: DeleteStructureQuery, ip: string) {
    return this.db.transaction(async (tx) => {
      if (query.systemId) {
        const system = await repo.findLiveSystem(tx, query.systemId);
        if (!system) throw notFound('系统不存在');
        const ids = (await repo.lockTree(tx, system.id)).map((node) => node.id);
        // As for one node below: deleted first, asked second.
        await repo.softDeleteNodes(tx, ids);
        const underReview = await findNodesUnderReview(tx, ids);
        if (underReview.length) throw badRequest(nodeUnderReviewMessage(underReview));
        await repo.softDeleteSystem(tx, system.id);
        await recordOperation(tx, {
          user,
          action: '删除系统',
          targetType: 'system',
          targetId: system.gnCoding,
          targetName: system.systemName,
          detail: `连同${ids.length}个菜单节点`,
          ip,
        });
        return { deletedNodes: ids.length };
      }
      const node = query.nodeId ? await repo.findLiveNode(tx, query.nodeId) : null;
      if (!node) throw notFound('节点不存在');
      const ids = collectSubtree(await repo.lockTree(tx, node.systemId), node.id);
      // Deleted first, asked second: the update waits for any submit holding a node (it locks its
      // node while it starts a flow), so the question below sees that flow too. Running flows of a
      // deleted node could be neither decided nor revoked, and their to-dos would stay open for good.
      await repo.softDeleteNodes(tx, ids);
      const underReview = await findNodesUnderReview(tx, ids);
      if (underReview.length) throw badRequest(nodeUnderReviewMessage(underReview));
      await recordOperation(tx, {
        user,
        action: '删除菜单节点',
        targetType: 'menu_node',
        targetId: node.gnCoding,
        targetName: node.title,
        detail: `连同下级共${ids.length}个节点`,
        ip,
      });
      return { deletedNodes: ids.length };
    });
  }

  async listNodes(systemCoding: string): Promise<BuilderNode[]> {
    const system = await repo.findLiveSystemByCoding(this.db, systemCoding);
    if (!system) throw notFound('系统不存在');
    return (await repo.findLiveNodes(this.db, system.id)).map(toNode);
  }

  async addNode(user: SessionUser, input: ChildMenuBody, ip: string): Promise<BuilderNode> {
    const body = ChildMenuBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const system = await repo.findLiveSystemByCoding(tx, body.systemCoding);
      if (!system) throw notFound('系统不存在');
      const nodes = await repo.lockTree(tx, system.id);
      if (body.parentId && !nodes.some((node) => node.id === body.parentId)) {
        throw badRequest('上级节点不存在', { parentId: '上级节点不存在' });
      }
      if (nodes.some((node) => node.gnCoding === body.gnCoding)) {
        throw badRequest(NODE_CODING_TAKEN_MESSAGE, { gnCoding: NODE_CODING_TAKEN_MESSAGE });
      }
      const siblings = nodes.filter((node) => node.parentId === body.parentId);
      const row = await repo.insertNode(tx, {
        systemId: system.id,
        parentId: body.parentId,
        title: body.title,
        icon: body.icon,
        itShows: body.itShows,
        nodeProperties: body.nodeProperties,
        gnCoding: body.gnCoding,
        style: body.style,
        nodeSetFlag: body.nodeSetFlag,
        disabled: body.disabled,
        sort: siblings.reduce((max, node) => Math.max(max, node.sort + 1), 0),
      });
      await recordOperation(tx, {
        user,
        action: '新增菜单节点',
        targetType: 'menu_node',
        targetId: row.gnCoding,
        targetName: row.title,
        detail: `系统：${system.gnCoding}`,
        ip,
      });
      return toNode(row);
    });
  }

  async editNode(user: SessionUser, input: EditNodeBody, ip: string): Promise<BuilderNode> {
    const body = EditNodeBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const before = await repo.findLiveNode(tx, body.id);
      if (!before) throw notFound('节点不存在');
      if (body.gnCoding !== undefined && body.gnCoding !== before.gnCoding) {
        throw badRequest(NODE_CODING_IMMUTABLE_MESSAGE, { gnCoding: NODE_CODING_IMMUTABLE_MESSAGE });
      }
      const row = await repo.updateNode(tx, body.id, body.version, {
        title: body.title,
        icon: body.icon,
        itShows: body.itShows,
        nodeProperties: body.nodeProperties,
        style: body.style,
        nodeSetFlag: body.nodeSetFlag,
        disabled: body.disabled,
      });
      if (!row) throw conflict();
      await recordOperation(tx, {
        user,
        action: '修改菜单节点',
        targetType: 'menu_node',
        targetId: row.gnCoding,
        targetName: row.title,
        ip,
      });
      return toNode(row);
    });
  }

  /** Puts a node at position index among the children of targetParentId (null: top level). */
  async moveNode(user: SessionUser, body: MoveNodeBody, ip: string): Promise<BuilderNode[]> {
    return this.db.transaction(async (tx) => {
      const found = await repo.findLiveNode(tx, body.nodeId);
      if (!found) throw notFound('节点不存在');
      const nodes = await repo.lockTree(tx, found.systemId);
      // Read again under the lock: a move committed meanwhile may have deleted or moved it.
      const node = nodes.find((one) => one.id === found.id);
      if (!node) throw notFound('节点不存在');
      if (body.targetParentId) {
        if (!nodes.some((other) => other.id === body.targetParentId)) {
          throw badRequest('目标节点不存在', { targetParentId: '目标节点不存在' });
        }
        if (collectSubtree(nodes, node.id).some((id) => id === body.targetParentId)) {
          throw badRequest(MOVE_INTO_OWN_SUBTREE_MESSAGE, { targetParentId: MOVE_INTO_OWN_SUBTREE_MESSAGE });
        }
      }
      const siblings = nodes.filter(
        (other) => other.parentId === body.targetParentId && other.id !== node.id,
      );
      const index = Math.min(body.index, siblings.length);
      const ordered = [...siblings.slice(0, index), node, ...siblings.slice(index)];
      for (const [sort, other] of ordered.entries()) {
        if (other.id === node.id) await repo.placeNode(tx, node.id, body.targetParentId, sort);
        else if (other.sort !== sort) await repo.setNodeSort(tx, other.id, sort);
      }
      await recordOperation(tx, {
        user,
        action: '移动菜单节点',
        targetType: 'menu_node',
        targetId: node.gnCoding,
        targetName: node.title,
        detail: `上级：${body.targetParentId ?? '顶层'}，位置：${index}`,
        ip,
      });
      return (await repo.findLiveNodes(tx, node.systemId)).map(toNode);
    });
  }

  async listDisplayGroups(systemCoding: string): Promise<DisplayGroup[]> {
    const system = await repo.findLiveSystemByCoding(this.db, systemCoding);
    if (!system) throw notFound('系统不存在');
    const liveIds = new Set((await repo.findLiveNodes(this.db, system.id)).map((node) => node.id));
    return (await repo.findLiveDisplayGroups(this.db, system.id)).map((row) => toDisplayGroup(row, liveIds));
  }

  /** Refuses a name used by another live group of the system, or a node outside the system. */
  private async checkDisplayGroup(
    tx: Db,
    systemId: string,
    name: string,
    nodeIds: NodeId[],
    selfId?: string,
  ) {
    const groups = await repo.findLiveDisplayGroups(tx, systemId);
    if (groups.some((group) => group.name === name && group.id !== selfId)) {
      throw badRequest(DISPLAY_GROUP_NAME_TAKEN_MESSAGE, { name: DISPLAY_GROUP_NAME_TAKEN_MESSAGE });
    }
    const liveIds = new Set((await repo.findLiveNodes(tx, systemId)).map((node) => node.id));
    if (nodeIds.some((id) => !liveIds.has(id))) {
      throw badRequest(DISPLAY_GROUP_NODE_MISSING_MESSAGE, { nodeIds: DISPLAY_GROUP_NODE_MISSING_MESSAGE });
    }
    return { groups, liveIds };
  }

  async addDisplayGroup(user: SessionUser, input: NewDisplayGroupBody, ip: string): Promise<DisplayGroup> {
    const body = NewDisplayGroupBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const system = await repo.findLiveSystemByCoding(tx, body.systemCoding);
      if (!system) throw notFound('系统不存在');
      const nodeIds = [...new Set(body.nodeIds)];
      const { groups, liveIds } = await this.checkDisplayGroup(tx, system.id, body.name, nodeIds);
      const row = await repo.insertDisplayGroup(tx, {
        systemId: system.id,
        name: body.name,
        icon: body.icon,
        nodeIds,
        sort: groups.reduce((max, group) => Math.max(max, group.sort + 1), 0),
      });
      await recordOperation(tx, {
        user,
        action: '新增展示分组',
        targetType: 'display_group',
        targetId: row.id,
        targetName: row.name,
        detail: `系统：${system.gnCoding}，${nodeIds.length}个节点`,
        ip,
      });
      return toDisplayGroup(row, liveIds);
    });
  }

  async editDisplayGroup(user: SessionUser, input: EditDisplayGroupBody, ip: string): Promise<DisplayGroup> {
    const body = EditDisplayGroupBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const before = await repo.findLiveDisplayGroup(tx, body.id);
      if (!before) throw notFound('展示分组不存在');
      const nodeIds = [...new Set(body.nodeIds)];
      const { liveIds } = await this.checkDisplayGroup(tx, before.systemId, body.name, nodeIds, before.id);
      const row = await repo.updateDisplayGroup(tx, body.id, body.version, {
        name: body.name,
        icon: body.icon,
        nodeIds,
      });
      if (!row) throw conflict();
      await recordOperation(tx, {
        user,
        action: '修改展示分组',
        targetType: 'display_group',
        targetId: row.id,
        targetName: row.name,
        detail: `${nodeIds.length}个节点`,
        ip,
      });
      return toDisplayGroup(row, liveIds);
    });
  }

  async deleteDisplayGroup(user: SessionUser, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.findLiveDisplayGroup(tx, id);
      if (!row) throw notFound('展示分组不存在');
      await repo.softDeleteDisplayGroup(tx, id);
      await recordOperation(tx, {
        user,
        action: '删除展示分组',
        targetType: 'display_group',
        targetId: row.id,
        targetName: row.name,
        ip,
      });
    });
  }
}
