import type { ChartDefinition } from '@ks/contract/node-definition';
import type { ChartData } from '../api/types.ts';

/** Above this many categories the axis labels slant, so every one still fits under its bar. */
const UPRIGHT_LABELS_MAX = 6;

/** The ECharts option of a node chart: a pie, or bars or a line over the categories. */
export function chartOption(chart: ChartDefinition, data: ChartData) {
  if (chart.kind === 'pie') {
    return {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          radius: '60%',
          data: data.categories.map((name, index) => ({ name, value: data.series[index] ?? 0 })),
        },
      ],
    };
  }
  const slanted = data.categories.length > UPRIGHT_LABELS_MAX;
  return {
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: data.categories,
      // ECharts hides labels it thinks crowded: every bar keeps its name, cut short if long (the
      // tooltip has it whole).
      axisLabel: { interval: 0, rotate: slanted ? 30 : 0, width: slanted ? 96 : 80, overflow: 'truncate' },
    },
    // Counts (records per venue, per period) have no half steps on their axis.
    yAxis: { type: 'value', minInterval: data.series.every(Number.isInteger) ? 1 : undefined },
    series: [{ type: chart.kind, data: data.series }],
  };
}
