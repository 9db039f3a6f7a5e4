import { NODE_PROPERTY_LABELS, type NodeProperty } from '@ks/contract/shell';
import { Card, Col, Empty, List, Result, Row, Select, Space, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useSessionStore } from '@/lib/session-store.ts';
import { useAuthoritySystems, useFunctionNodes } from '../api/node-authority.ts';
import { NodePermissionsPanel } from '../components/node-permissions-panel.tsx';

/**
 * /system/permissionsSet and /system/permissConfig: pick a system and a node, then
 * who may use each of its functions and who sees it in the menu. For administrators and developers.
 */
export function PermissionsPage({ title }: { title: string }) {
  const canConfigure = useSessionStore((state) => state.isAdmin || state.isDev);
  const [params, setParams] = useSearchParams();
  const systemCoding = params.get('systemCoding') ?? '';
  const gnCoding = params.get('gnCoding') ?? '';
  const { data: systems = [] } = useAuthoritySystems();
  const { data: nodes = [], isLoading } = useFunctionNodes(canConfigure ? systemCoding : '');
  if (!canConfigure)
    return <Result status="403" title="无权限访问" subTitle={`${title}仅限管理员和开发人员使用`} />;
  const leaves = nodes.filter((node) => node.nodeProperties !== 'directory');
  const selected = leaves.find((node) => node.gnCoding === gnCoding);
  const choose = (next: Record<string, string>) => {
    const query = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) query.set(key, value);
      else query.delete(key);
    }
    setParams(query);
  };

  return (
    <Card
      title={title}
      extra={
        <Select
          aria-label="选择系统"
          style={{ minWidth: 220 }}
          placeholder="请选择系统"
          value={systemCoding || undefined}
          options={systems.map((system) => ({ value: system.gnCoding, label: system.systemName }))}
          onChange={(value: string) => choose({ systemCoding: value, gnCoding: '' })}
        />
      }
    >
      {!systemCoding ? (
        <Empty description="请选择系统" />
      ) : (
        <Row gutter={16}>
          <Col span={6}>
            <List
              size="small"
              bordered
              loading={isLoading}
              header="节点"
              locale={{ emptyText: '该系统还没有功能节点' }}
              dataSource={leaves}
              renderItem={(node) => (
                <List.Item
                  style={{
                    cursor: 'pointer',
                    background: node.gnCoding === gnCoding ? '#e6f4ff' : undefined,
                  }}
                  onClick={() => choose({ gnCoding: node.gnCoding })}
                >
                  <Space>
                    <span>{node.title}</span>
                    <Tag>
                      {NODE_PROPERTY_LABELS[node.nodeProperties as NodeProperty] ?? node.nodeProperties}
                    </Tag>
                    {node.customised ? <Tag color="blue">已设置</Tag> : null}
                  </Space>
                </List.Item>
              )}
            />
          </Col>
          <Col span={18}>
            {selected ? (
              <NodePermissionsPanel key={selected.nodeId} nodeId={selected.nodeId} />
            ) : (
              <Empty description="请选择节点" />
            )}
          </Col>
        </Row>
      )}
    </Card>
  );
}
