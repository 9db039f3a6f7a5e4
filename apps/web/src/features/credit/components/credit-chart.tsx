import ReactECharts from 'echarts-for-react';

/** One ECharts chart of the credit pages; loaded (and echarts with it) only where a chart is drawn. */
export default function CreditChart({
  option,
  height = 280,
}: {
  option: Record<string, unknown>;
  height?: number;
}) {
  return <ReactECharts option={option} style={{ height }} notMerge />;
}
