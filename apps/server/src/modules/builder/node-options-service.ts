import type { MenuNode, NodeOption, SubmenusBody } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { menuTreeOf } from '../../engine/menu-tree.ts';
import type { SessionUser } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/** Nodes as options and menu branches: the small look-ups the builder and the shell share. */
export class NodeOptionsService {
  constructor(private readonly db: Db) {}

  /** A system's live nodes as {label, value: gnCoding}, depth-first in menu order. */
  async listNodeOptions(systemCoding: string): Promise<NodeOption[]> {
    const system = await repo.findLiveSystemByCoding(this.db, systemCoding);
    if (!system) throw notFound('系统不存在');
    const nodes = await repo.findLiveNodes(this.db, system.id);
    const ids = new Set<string>(nodes.map((node) => node.id));
    const options: NodeOption[] = [];
    const visit = (parentId: string | null) => {
      for (const node of nodes) {
        // A node under a deleted parent went with it.
        if (node.parentId && !ids.has(node.parentId)) continue;
        if ((node.parentId ?? null) !== parentId) continue;
        options.push({ label: node.title, value: node.gnCoding });
        visit(node.id);
      }
    };
    visit(null);
    return options;
  }

  /**
   * The children of one node as the caller's menu shows them (the shell's visibility rules: hidden,
   * disabled and other roles' nodes are left out); parentId null answers the top level.
   */
  async findSubmenus(user: SessionUser, body: SubmenusBody): Promise<MenuNode[]> {
    const tree = await menuTreeOf(this.db, body.systemCoding, user.loginRoleType);
    if (!tree) throw notFound('系统不存在');
    if (tree.length === 0 && user.loginRoleType !== 'M' && user.loginRoleType !== 'D') {
      throw forbidden('无权访问该系统');
    }
    if (body.parentId === null) return tree;
    const find = (nodes: MenuNode[]): MenuNode | undefined => {
      for (const node of nodes) {
        if (node.id === body.parentId) return node;
        const found = find(node.children);
        if (found) return found;
      }
      return undefined;
    };
    const parent = find(tree);
    if (!parent) throw notFound('节点不存在');
    return parent.children;
  }
}
