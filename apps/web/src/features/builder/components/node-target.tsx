import type { BuilderNode } from '@ks/contract/builder';
import { NODE_PROPERTY_LABELS } from '@ks/contract/shell';
import { Card, Result, Select, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionStore } from '@/lib/session-store.ts';
import { useNodes } from '../api/find-nodes.ts';
import { useSystems } from '../api/find-systems.ts';

export type NodeTargetValue = { systemCoding: string; node: BuilderNode };

/** Picks a system and a node into the page's query (?systemCoding=&gnCoding=). */
export function NodePicker({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const systemCoding = params.get('systemCoding') ?? '';
  const { data: systems = [], isLoading } = useSystems();
  const { data: nodes = [] } = useNodes(systemCoding);
  const choose = (next: Record<string, string>) => {
    const query = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) query.set(key, value);
      else query.delete(key);
    }
    setParams(query);
  };
  return (
    <Card title={title}>
      <Space wrap>
        <span>系统</span>
        <Select
          aria-label="选择系统"
          style={{ minWidth: 220 }}
          loading={isLoading}
          placeholder="请选择系统"
          value={systemCoding || undefined}
          options={systems.map((system) => ({ value: system.gnCoding, label: system.systemName }))}
          onChange={(value: string) => choose({ systemCoding: value, gnCoding: '' })}
        />
        <span>节点</span>
        <Select
          aria-label="选择节点"
          style={{ minWidth: 260 }}
          disabled={!systemCoding}
          placeholder="请选择节点"
          showSearch={{ optionFilterProp: 'label' }}
          options={nodes
            .filter((node) => node.nodeProperties !== 'directory')
            .map((node) => ({
              value: node.gnCoding,
              label: `${node.title}（${NODE_PROPERTY_LABELS[node.nodeProperties]}）`,
            }))}
          onChange={(value: string) => choose({ gnCoding: value })}
        />
      </Space>
    </Card>
  );
}

/**
 * Resolves ?systemCoding=&gnCoding= (as the developer gear links build them) to the builder's node;
 * without both, or with a node that does not exist, the page offers the node picker instead.
 */
export function NodeTarget({
  title,
  children,
}: {
  title: string;
  children: (target: NodeTargetValue) => ReactNode;
}) {
  const isDev = useSessionStore((state) => state.isDev);
  const [params] = useSearchParams();
  const systemCoding = params.get('systemCoding') ?? '';
  const gnCoding = params.get('gnCoding') ?? '';
  const { data: nodes, isLoading } = useNodes(isDev ? systemCoding : '');
  if (!isDev) return <Result status="403" title="无权限访问" subTitle={`${title}仅限开发人员使用`} />;
  if (!systemCoding || !gnCoding) return <NodePicker title={`${title}：请选择节点`} />;
  if (isLoading) return <Spin />;
  const node = nodes?.find((candidate) => candidate.gnCoding === gnCoding);
  if (!node)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Result status="warning" title="节点不存在" subTitle="该系统中没有这个节点，请重新选择" />
        <NodePicker title={`${title}：请选择节点`} />
      </Space>
    );
  return <>{children({ systemCoding, node })}</>;
}
