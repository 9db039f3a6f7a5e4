import type { ChartDefinition } from '@ks/contract/node-definition';
import { Alert, Empty, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useChartData } from '../../api/find-choices.ts';

// ECharts is large: it loads only when a chart is shown.
const ReactECharts = lazy(() => import('echarts-for-react'));

export function chartOptionOf(
  chart: Pick<ChartDefinition, 'kind' | 'title'>,
  data: { categories: string[]; series: number[] },
) {
  if (chart.kind === 'pie')
    return {
      title: { text: chart.title, left: 'center' },
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          radius: '60%',
          data: data.categories.map((name, index) => ({ name, value: data.series[index] ?? 0 })),
        },
      ],
    };
  return {
    title: { text: chart.title, left: 'center' },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: data.categories },
    yAxis: { type: 'value' },
    series: [{ type: chart.kind, data: data.series }],
  };
}

/** A published chart drawn from the server's aggregate (POST /ks/statistics/v1/chart-data). */
export function ChartView({
  systemCoding,
  gnCoding,
  chart,
  isPublished,
}: {
  systemCoding: string;
  gnCoding: string;
  chart: ChartDefinition;
  isPublished: boolean;
}) {
  const { data, isLoading, isError } = useChartData(systemCoding, gnCoding, chart.id, isPublished);
  if (!isPublished) return <Alert type="info" message="节点发布后可预览图表" />;
  if (isLoading) return <Spin />;
  if (isError || !data) return <Alert type="warning" message="该图表尚未发布或暂时无法预览，发布后再试" />;
  if (data.categories.length === 0) return <Empty description="暂无数据" />;
  return (
    <Suspense fallback={<Spin />}>
      <ReactECharts option={chartOptionOf(chart, data)} style={{ height: 320 }} notMerge />
    </Suspense>
  );
}
