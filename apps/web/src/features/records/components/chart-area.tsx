import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { ChartDefinition } from '@ks/contract/node-definition';
import { Button, Card, Col, Empty, Row, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useChartData } from '../api/get-chart-data.ts';
import type { NodeRef } from '../api/types.ts';
import { getChartsOpen, storeChartsOpen } from '../lib/chart-memory.ts';

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

/**
 * The node's published charts above its list, each aggregated on the server. They fold away to
 * one line so the table stays within reach on a laptop screen; the choice is kept per node, and
 * folded charts ask the server nothing.
 */
export function ChartArea({ node, charts }: { node: NodeRef; charts: ChartDefinition[] }) {
  const [isOpen, setOpen] = useState(() => getChartsOpen(node));
  if (charts.length === 0) return null;
  const toggle = () => {
    storeChartsOpen(node, !isOpen);
    setOpen(!isOpen);
  };
  return (
    <section className="ks-chart-area" aria-label="图表">
      <div className="ks-chart-area-bar">
        <span className="ks-chart-area-titles">图表：{charts.map((chart) => chart.title).join('、')}</span>
        <Button
          type="link"
          size="small"
          aria-expanded={isOpen}
          icon={isOpen ? <UpOutlined /> : <DownOutlined />}
          onClick={toggle}
        >
          {isOpen ? '收起图表' : '展开图表'}
        </Button>
      </div>
      {isOpen && (
        <Row gutter={[12, 12]}>
          {charts.map((chart) => (
            <Col key={chart.id} xs={24} lg={charts.length === 1 ? 24 : 12}>
              <ChartCard node={node} chart={chart} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
