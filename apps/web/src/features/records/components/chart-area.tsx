import type { ChartDefinition } from '@ks/contract/node-definition';
import { Card, Col, Empty, Row, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useChartData } from '../api/get-chart-data.ts';
import type { NodeRef } from '../api/types.ts';

const ChartView = lazy(() => import('./chart-view.tsx'));

function ChartCard({ node, chart }: { node: NodeRef; chart: ChartDefinition }) {
  const { data, isLoading } = useChartData(node, chart.id);
  return (
    <Card size="small" title={chart.title}>
      <Spin spinning={isLoading}>
        {data && data.categories.length > 0 ? (
          <Suspense fallback={<Spin />}>
            <ChartView chart={chart} data={data} />
          </Suspense>
        ) : (
          !isLoading && <Empty description="暂无数据" />
        )}
      </Spin>
    </Card>
  );
}

/** The node's published charts above its list, each aggregated on the server. */
export function ChartArea({ node, charts }: { node: NodeRef; charts: ChartDefinition[] }) {
  if (charts.length === 0) return null;
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {charts.map((chart) => (
        <Col key={chart.id} xs={24} lg={charts.length === 1 ? 24 : 12}>
          <ChartCard node={node} chart={chart} />
        </Col>
      ))}
    </Row>
  );
}
