import {
  ERROR_CODES,
  type LoginRoleType,
  MARKET_APPLY_PART,
  MARKET_NODE_OF,
  MARKET_SYSTEM_CODING,
  type MenuNode,
  type TransactItem,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { buildMenuTree, findNodesWithRoles } from '../../engine/menu-tree.ts';
import { functionsOf } from '../../engine/node-functions.ts';
import { resolveNode } from '../../engine/record-store.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { liveSystems } from './repository.ts';

const INDEX_PATH = '/dynamicPage/dynamicIndex';
const nodePath = (systemCoding: string, gnCoding: string) =>
  `${INDEX_PATH}?${new URLSearchParams({ systemCoding, gnCoding }).toString()}`;

/** The nodes of a menu tree whose page is a list of records (dynamic lists), in menu order. */
function recordNodes(tree: MenuNode[]): MenuNode[] {
  return tree.flatMap((node) => [
    ...(node.nodeProperties === 'dynamicList' && node.gnCoding ? [node] : []),
    ...recordNodes(node.children ?? []),
  ]);
}

/**
 * The pages of an enterprise's own information where business starts beside the node lists: the
 * practice application (its qualifications) and changes of approved information.
 */
const ENTERPRISE_PAGES: TransactItem[] = [
  {
    code: 'market:apply',
    title: '执业申请',
    group: '企业信息',
    description: '申报资质信息，提交审核后可在企业信息中查看进度',
    path: '/system/companyInfo?apply=true',
  },
  {
    code: 'market:change',
    title: '信息变更',
    group: '企业信息',
    description: '查看本企业的各项信息，对审核通过的信息发起变更',
    path: '/system/companyInfo',
  },
];

/**
 * 业务办理 (/system/transact, decision 0053): the business the caller may start — every published
 * record list of every system that the caller's menu shows and on which it may save — and, for an
 * enterprise with the 企业信息 system, its information pages. Developers build systems and start
 * no business: their list is empty.
 */
export async function transactItems(db: Db, user: SessionUser): Promise<TransactItem[]> {
  if (user.loginRoleType === 'D') return [];
  const role: LoginRoleType = user.loginRoleType;
  const rows = await liveSystems(db);
  const nodes = await findNodesWithRoles(
    db,
    rows.map((row) => row.id),
  );
  const items: TransactItem[] = [];
  let hasMarket = false;
  for (const system of rows) {
    const tree = buildMenuTree(
      nodes.filter((node) => node.systemId === system.id),
      role,
    );
    for (const entry of recordNodes(tree)) {
      const gnCoding = entry.gnCoding as string;
      let node: Awaited<ReturnType<typeof resolveNode>>;
      try {
        node = await resolveNode(db, system.gnCoding, gnCoding, undefined, user);
      } catch (error) {
        if (error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND) continue;
        throw error;
      }
      const allowed = await functionsOf(db, user, node);
      if (!allowed.has('save')) continue;
      if (system.gnCoding === MARKET_SYSTEM_CODING) hasMarket = true;
      items.push({
        code: `${system.gnCoding}:${gnCoding}`,
        title: entry.title,
        group: system.systemName,
        description: allowed.has('submit') ? `新建${entry.title}并提交审核` : `新建${entry.title}`,
        path: nodePath(system.gnCoding, gnCoding),
      });
    }
  }
  const pages =
    role === 'U' && hasMarket
      ? ENTERPRISE_PAGES.filter(
          (page) =>
            page.code !== 'market:apply' ||
            items.some(
              (item) => item.code === `${MARKET_SYSTEM_CODING}:${MARKET_NODE_OF[MARKET_APPLY_PART]}`,
            ),
        )
      : [];
  return [...pages, ...items];
}
