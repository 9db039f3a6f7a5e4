import type { ChartDefinition } from '@ks/contract/node-definition';
import ReactECharts from 'echarts-for-react';
import type { ChartData } from '../api/types.ts';

/** One chart drawn by ECharts; this module (and echarts with it) loads only when a node has charts. */
export default function ChartView({ chart, data }: { chart: ChartDefinition; data: ChartData }) {
  const option =
    chart.kind === 'pie'
      ? {
          tooltip: { trigger: 'item' },
          series: [
            {
              type: 'pie',
              radius: '60%',
              data: data.categories.map((name, index) => ({ name, value: data.series[index] ?? 0 })),
            },
          ],
        }
      : {
          tooltip: { trigger: 'axis' },
          xAxis: { type: 'category', data: data.categories },
          yAxis: { type: 'value' },
          series: [{ type: chart.kind, data: data.series }],
        };
  return <ReactECharts option={option} style={{ height: 280 }} notMerge />;
}
