import type { ChartDefinition } from '@ks/contract/node-definition';
import ReactECharts from 'echarts-for-react';
import type { ChartData } from '../api/types.ts';
import { chartOption } from '../lib/chart-option.ts';

/** One chart drawn by ECharts; this module (and echarts with it) loads only when a node has charts. */
export default function ChartView({ chart, data }: { chart: ChartDefinition; data: ChartData }) {
  return <ReactECharts option={chartOption(chart, data)} style={{ height: 280 }} notMerge />;
}
