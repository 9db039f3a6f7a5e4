import { ChartDefinitionSchema } from '@ks/contract/node-definition';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chart-option.ts';

const bar = ChartDefinitionSchema.parse({
  id: 'c1',
  title: '各场地预约次数',
  kind: 'bar',
  dimension: 'venue',
});
const venues = ['多功能会议室', '开标一室', '开标二室', '评标一室', '评标二室'];

type AxisOption = {
  xAxis: { axisLabel: { interval: number; rotate: number } };
  yAxis: { minInterval?: number };
};

describe('chartOption', () => {
  it('names every bar, upright while few, slanted when many', () => {
    const few = chartOption(bar, { categories: venues, series: [1, 2, 1, 1, 1] }) as AxisOption;
    expect(few.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 0 });
    const many = chartOption(bar, {
      categories: [...venues, '会议室三', '会议室四'],
      series: [1, 2, 1, 1, 1, 3, 4],
    }) as AxisOption;
    expect(many.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 30 });
  });

  it('steps a count axis by whole numbers, an amount axis freely', () => {
    expect(
      (chartOption(bar, { categories: venues, series: [1, 2, 1, 1, 1] }) as AxisOption).yAxis.minInterval,
    ).toBe(1);
    const prices = chartOption(
      { ...bar, measure: 'avg', measureField: 'price' },
      { categories: venues, series: [1.5, 2] },
    );
    expect((prices as AxisOption).yAxis.minInterval).toBeUndefined();
  });

  it('draws a pie from the categories and their values', () => {
    const pie = chartOption({ ...bar, kind: 'pie' }, { categories: ['会议', '开标'], series: [3] });
    expect(pie.series[0]?.data).toEqual([
      { name: '会议', value: 3 },
      { name: '开标', value: 0 },
    ]);
  });
});
