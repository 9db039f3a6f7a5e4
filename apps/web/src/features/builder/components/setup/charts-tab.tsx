import {
  CHART_KINDS,
  CHART_MEASURES,
  type ChartDefinition,
  type NodeDefinition,
  NUMBER_ITEM_TYPES,
} from '@ks/contract/node-definition';
import { Button, Card, Empty, Input, Select, Space } from 'antd';
import { ChartView } from './chart-view.tsx';
import { fieldOptionsOf } from './field-options.ts';
import { replaceAt } from './move.ts';

const KIND_LABELS: Record<ChartDefinition['kind'], string> = { bar: '柱状图', line: '折线图', pie: '饼图' };
const MEASURE_LABELS: Record<ChartDefinition['measure'], string> = {
  count: '计数',
  sum: '求和',
  avg: '平均值',
};
export const CHARTS_MAX = 20;

const newChartId = () => `chart_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** 图表设置 (/system/echartsSetting): charts over the node's data; previews come from the published node. */
export function ChartsTab({
  definition,
  onChange,
  systemCoding,
  gnCoding,
  publishedVersion,
}: {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
  systemCoding: string;
  gnCoding: string;
  publishedVersion: number;
}) {
  const charts = definition.charts;
  const setCharts = (next: ChartDefinition[]) => onChange({ ...definition, charts: next });
  const setChart = (index: number, patch: Partial<ChartDefinition>) =>
    setCharts(replaceAt(charts, index, { ...(charts[index] as ChartDefinition), ...patch }));
  const dimensions = fieldOptionsOf(definition.form.items);
  const numeric = fieldOptionsOf(
    definition.form.items.filter((item) => (NUMBER_ITEM_TYPES as readonly string[]).includes(item.type)),
  );

  return (
    <Card
      size="small"
      title="图表设置"
      extra={
        <Button
          disabled={charts.length >= CHARTS_MAX}
          onClick={() =>
            setCharts([
              ...charts,
              { id: newChartId(), title: '', kind: 'bar', dimension: '', measure: 'count', measureField: '' },
            ])
          }
        >
          新增图表
        </Button>
      }
    >
      {charts.length === 0 ? <Empty description="还没有图表" /> : null}
      {charts.map((chart, index) => (
        <Card
          key={chart.id}
          size="small"
          style={{ marginBottom: 12 }}
          title={chart.title || `图表${index + 1}`}
          extra={
            <Button size="small" danger onClick={() => setCharts(charts.filter((_, i) => i !== index))}>
              删除图表
            </Button>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            <Input
              aria-label={`图表${index + 1}标题`}
              placeholder="图表标题"
              value={chart.title}
              onChange={(event) => setChart(index, { title: event.target.value })}
            />
            <Select
              aria-label={`图表${index + 1}类型`}
              value={chart.kind}
              options={CHART_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
              onChange={(kind: ChartDefinition['kind']) => setChart(index, { kind })}
            />
            <Select
              aria-label={`图表${index + 1}分组字段`}
              style={{ minWidth: 160 }}
              placeholder="分组字段"
              value={chart.dimension || undefined}
              options={dimensions}
              onChange={(dimension: string) => setChart(index, { dimension })}
            />
            <Select
              aria-label={`图表${index + 1}统计方式`}
              value={chart.measure}
              options={CHART_MEASURES.map((measure) => ({ value: measure, label: MEASURE_LABELS[measure] }))}
              onChange={(measure: ChartDefinition['measure']) =>
                setChart(index, { measure, measureField: measure === 'count' ? '' : chart.measureField })
              }
            />
            {chart.measure !== 'count' ? (
              <Select
                aria-label={`图表${index + 1}统计字段`}
                style={{ minWidth: 160 }}
                placeholder="数值字段"
                value={chart.measureField || undefined}
                options={numeric}
                notFoundContent="表单中没有数字字段"
                onChange={(measureField: string) => setChart(index, { measureField })}
              />
            ) : null}
          </Space>
          <ChartView
            systemCoding={systemCoding}
            gnCoding={gnCoding}
            chart={chart}
            isPublished={publishedVersion > 0}
          />
        </Card>
      ))}
    </Card>
  );
}
