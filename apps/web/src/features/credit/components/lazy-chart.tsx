import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const CreditChart = lazy(() => import('./credit-chart.tsx'));

/** The chart in its own chunk, with a placeholder while echarts loads. */
export function LazyChart(props: { option: Record<string, unknown>; height?: number }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <CreditChart {...props} />
    </Suspense>
  );
}

/** The score history as a line (score) with the grade in the tooltip. */
export function historyOption(points: { computedAt: string; score: number; grade: string }[]) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 24, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: points.map((point) => point.computedAt.slice(0, 16).replace('T', ' ')) },
    yAxis: { type: 'value', name: '信用分' },
    series: [
      {
        type: 'line',
        name: '信用分',
        data: points.map((point) => ({ value: point.score, grade: point.grade })),
        label: { show: true, formatter: '{c}' },
      },
    ],
  };
}
