import { SettingOutlined } from '@ant-design/icons';
import type { MenuNode } from '@ks/contract/shell';
import { Empty, Menu, type MenuProps, Skeleton } from 'antd';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '@/lib/session-store.ts';
import { useMenuTree } from '../api/find-menu-tree.ts';
import { menuIconOf } from '../lib/menu-icons.tsx';
import { routeForNode, settingsRouteForNode } from '../lib/route-for-node.ts';
import { useCurrentSystem } from '../lib/use-current-system.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Only entries with itShows '是' appear (developers receive the others to configure them). */
const shownNodes = (nodes: MenuNode[]): MenuNode[] =>
  nodes
    .filter((node) => node.itShows === '是')
    .map((node) => ({ ...node, children: shownNodes(node.children) }));

const findNode = (nodes: MenuNode[], id: string): MenuNode | null => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
};

const findByCoding = (nodes: MenuNode[], gnCoding: string): MenuNode | null => {
  for (const node of nodes) {
    if (node.gnCoding === gnCoding) return node;
    const found = findByCoding(node.children, gnCoding);
    if (found) return found;
  }
  return null;
};

/** The side menu of the current system, from the server; a click routes by node property. */
export function AsideMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const { system } = useCurrentSystem();
  const systemCoding = system?.gnCoding ?? null;
  const { data, isPending, isError } = useMenuTree(systemCoding);
  const userInfo = useSessionStore((state) => state.userInfo);
  const isDev = useSessionStore((state) => state.isDev);
  const navigate = useNavigate();
  const location = useLocation();

  if (!systemCoding) return <Empty className="ks-aside-empty" description="暂无可用系统" />;
  if (isPending) return <Skeleton active className="ks-aside-empty" />;
  if (isError) return <Empty className="ks-aside-empty" description="菜单加载失败" />;

  const nodes = shownNodes(data);
  const openSettings = (event: MouseEvent, node: MenuNode) => {
    // The gear sits inside the menu entry: its click must not also open the page.
    event.stopPropagation();
    navigate(settingsRouteForNode(node, systemCoding));
  };
  const toItem = (node: MenuNode): MenuItem => {
    const label = isDev ? (
      <span className="ks-menu-label">
        <span>{node.title}</span>
        {node.nodeProperties === 'directory' ? null : (
          <button
            type="button"
            aria-label={`节点设置：${node.title}`}
            className="ks-node-settings"
            onClick={(event) => openSettings(event, node)}
          >
            <SettingOutlined />
          </button>
        )}
      </span>
    ) : (
      node.title
    );
    const base = { key: node.id, icon: menuIconOf(node.icon), label, disabled: node.disabled };
    return node.children.length > 0 ? { ...base, children: node.children.map(toItem) } : base;
  };

  const selected = findByCoding(nodes, new URLSearchParams(location.search).get('gnCoding') ?? '');
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = findNode(nodes, key);
    if (!node || !userInfo) return;
    const path = routeForNode(node, userInfo, systemCoding);
    if (path) navigate(path);
  };

  if (nodes.length === 0) return <Empty className="ks-aside-empty" description="暂无菜单" />;
  return (
    <Menu
      mode="inline"
      aria-label="功能菜单"
      inlineCollapsed={isCollapsed}
      items={nodes.map(toItem)}
      selectedKeys={selected ? [selected.id] : []}
      defaultOpenKeys={nodes.filter((n) => n.children.length > 0).map((n) => n.id)}
      onClick={onClick}
    />
  );
}
