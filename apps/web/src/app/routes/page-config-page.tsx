import type { MenuNode, System } from '@ks/contract/shell';
import { useQueries } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTodoSystems } from '@/features/notify/api/find-todo-systems.ts';
import { useMainMenus } from '@/features/shell/api/find-main-menus.ts';
import { findMenuTreeQueryOptions } from '@/features/shell/api/find-menu-tree.ts';
import { routeForNode } from '@/features/shell/lib/route-for-node.ts';
import { TODO_BADGE_MAX } from '@/lib/constants.ts';
import { useSessionStore } from '@/lib/session-store.ts';

type Entry = { node: MenuNode; path: string };

/** The shown, routable nodes of a menu tree, depth first (directories open their children). */
function entriesOf(nodes: MenuNode[], route: (node: MenuNode) => string | null): Entry[] {
  return nodes.flatMap((node) => {
    if (node.itShows !== '是') return [];
    const path = route(node);
    return [...(path ? [{ node, path }] : []), ...entriesOf(node.children ?? [], route)];
  });
}

/**
 * /system/pageConfig, the home URL: the logged-in user's open to-dos per system and
 * the systems and pages they can open, from the same calls the shell makes.
 */
export function PageConfigPage() {
  const userInfo = useSessionStore((state) => state.userInfo);
  const systems = useMainMenus();
  const todos = useTodoSystems();
  const trees = useQueries({
    queries: (systems.data ?? []).map((system) => findMenuTreeQueryOptions(system.gnCoding)),
  });
  const total = (todos.data ?? []).reduce((sum, system) => sum + system.todoCount, 0);
  const routeFor = (system: System) => (node: MenuNode) =>
    userInfo ? routeForNode(node, userInfo, system.gnCoding) : null;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {userInfo ? `您好，${userInfo.userName}` : '您好'}
        </Typography.Title>
      </Card>
      <Card size="small" title="我的待办">
        <Spin spinning={todos.isLoading}>
          <Row gutter={[12, 12]}>
            <Col xs={12} md={6}>
              <Statistic title="待办总数" value={total} />
            </Col>
            {(todos.data ?? []).map((system) => (
              <Col key={system.systemCoding} xs={12} md={6}>
                <Badge count={system.todoCount} overflowCount={TODO_BADGE_MAX} offset={[12, 0]}>
                  <Statistic title={system.systemName} value={system.todoCount} />
                </Badge>
              </Col>
            ))}
          </Row>
          {!todos.isLoading && (todos.data ?? []).length === 0 && <Empty description="暂无待办" />}
        </Spin>
      </Card>
      <Card size="small" title="我的系统">
        <Spin spinning={systems.isLoading}>
          {!systems.isLoading && (systems.data ?? []).length === 0 && (
            <Empty description="暂无可访问的系统" />
          )}
          <Row gutter={[12, 12]}>
            {(systems.data ?? []).map((system, index) => {
              const entries = entriesOf(trees[index]?.data ?? [], routeFor(system));
              return (
                <Col key={system.id} xs={24} md={12} xl={8}>
                  <Card size="small" type="inner" title={system.systemName} extra={<Tag>{system.title}</Tag>}>
                    {trees[index]?.isLoading ? (
                      <Spin />
                    ) : entries.length === 0 ? (
                      <Typography.Text type="secondary">暂无可打开的页面</Typography.Text>
                    ) : (
                      <Space wrap>
                        {entries.map((entry) => (
                          <Link key={entry.node.id} to={entry.path}>
                            {entry.node.title}
                          </Link>
                        ))}
                      </Space>
                    )}
                  </Card>
                </Col>
              );
            })}
          </Row>
        </Spin>
      </Card>
    </Space>
  );
}
